package golden

import (
	"context"
	"strings"
	"testing"
)

type fakeDocs map[string]string

func (f fakeDocs) DocumentText(_ context.Context, id string) (string, bool, error) {
	t, ok := f[id]
	return t, ok, nil
}

func TestCheckFindsStructuralErrors(t *testing.T) {
	t.Parallel()
	good := Row{ID: "Q1", Question: "q?", Category: Routine, ApprovedAnswer: "a", ReferenceDocIDs: []string{"d"}, SupportingLine: "s"}
	tests := []struct {
		name  string
		row   Row
		field Field
		msg   string
	}{
		{"missing id", Row{Question: "q?", Category: Refuse, ApprovedAnswer: "a"}, FieldID, "missing ID"},
		{"duplicate id", Row{ID: "Q1", Question: "q?", Category: Refuse, ApprovedAnswer: "a"}, FieldID, "duplicate ID"},
		{"unknown category", Row{ID: "Q2", Question: "q?", Category: "easy", ApprovedAnswer: "a"}, FieldCategory, `unknown category "easy"`},
		{"missing answer", Row{ID: "Q2", Question: "q?", Category: Refuse}, FieldApprovedAnswer, "missing approved answer"},
		{"routine needs references", Row{ID: "Q2", Question: "q?", Category: Routine, ApprovedAnswer: "a", SupportingLine: "s"}, FieldReferenceDocIDs, "missing reference doc IDs"},
		{"tricky needs a supporting line", Row{ID: "Q2", Question: "q?", Category: Tricky, ApprovedAnswer: "a", ReferenceDocIDs: []string{"d"}}, FieldSupportingLine, "missing supporting line"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			issues := Check([]Row{good, tc.row}, []int{2, 3})
			if len(issues) != 1 || issues[0].Field != tc.field || issues[0].Row != 3 || !strings.Contains(issues[0].Message, tc.msg) {
				t.Fatalf("issues = %+v", issues)
			}
		})
	}
	if issues := Check([]Row{good}, nil); len(issues) != 0 {
		t.Fatalf("a good row has issues: %+v", issues)
	}
}

func TestCheckCorpusWarnsAboutUnknownDocsAndStaleLines(t *testing.T) {
	t.Parallel()
	docs := fakeDocs{"help-refund": "You can get a full refund\nwithin 30 days of any payment. We don’t ask why."}
	rows := []Row{
		{ID: "Q1", ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"},
		{ID: "Q2", ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "We don't   ask why"},
		{ID: "Q3", ReferenceDocIDs: []string{"help-refund", "kb-991"}, SupportingLine: "within 14 days"},
	}
	issues, err := CheckCorpus(context.Background(), rows, nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(issues) != 2 {
		t.Fatalf("issues = %+v, want 2 for Q3", issues)
	}
	for _, is := range issues {
		if is.RowID != "Q3" || is.Severity != SevWarning || is.Row != 3 {
			t.Fatalf("issue %+v", is)
		}
	}
	if !strings.Contains(issues[0].Message, "no document kb-991 in this workspace") || !strings.Contains(issues[1].Message, "not found in help-refund") {
		t.Fatalf("messages: %q / %q", issues[0].Message, issues[1].Message)
	}
}

func FuzzSplitList(f *testing.F) {
	f.Add("help-a, docs-b; help/c.txt\nd")
	f.Add(" ,;, ")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range SplitList(s) {
			if p == "" || strings.ContainsAny(p, ",; \n\t\r") {
				t.Fatalf("bad item %q from %q", p, s)
			}
		}
		if got := SplitList(JoinList(SplitList(s))); len(got) != len(SplitList(s)) {
			t.Fatalf("join/split not stable for %q", s)
		}
		_ = NormalizeQuote(s)
	})
}

// listedDocs is a lookup that can also list its documents (DocLister).
type listedDocs map[string]string

func (l listedDocs) DocumentText(_ context.Context, id string) (string, bool, error) {
	t, ok := l[id]
	return t, ok, nil
}

func (l listedDocs) PublishedDocs(context.Context) ([]LibraryDoc, error) {
	var out []LibraryDoc
	for id := range l {
		out = append(out, LibraryDoc{ID: id, Title: id, Published: true})
	}
	return out, nil
}

// Issue 29 item 12: a reference to a document the workspace never had
// names the closest one when the lookup can list documents.
func TestCheckCorpusNamesTheClosestDocument(t *testing.T) {
	docs := listedDocs{"help-refund-policy": "Full refunds within 30 days.", "help-support-hours": "We answer on weekdays."}
	cases := []struct {
		name, ref, want string
	}{
		{"close id", "help-refunds-policy", "no document help-refunds-policy in this workspace; closest: help-refund-policy"},
		{"nothing close", "kb-991", "no document kb-991 in this workspace"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := []Row{{ID: "Q1", Question: "q", Category: "policy", ApprovedAnswer: "a", ReferenceDocIDs: []string{c.ref}}}
			issues, err := CheckCorpus(context.Background(), rows, nil, docs)
			if err != nil || len(issues) != 1 || issues[0].Message != c.want || issues[0].Field != FieldReferenceDocIDs {
				t.Fatalf("issues %+v, err %v; want one %q", issues, err, c.want)
			}
		})
	}
}
