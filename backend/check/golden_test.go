package check

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"continuity/backend/golden"
)

func TestAddToGolden(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	g, err := golden.NewRepo(ctx, r.db, r.workspace)
	if err != nil {
		t.Fatal(err)
	}
	id, err := r.Save(ctx, "desktop", "# Billing news\n\nYou can ask for a full refund within 14 days.", sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetFeedback(ctx, id, 0, VoteDown, "old blog post"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetFeedback(ctx, id, 1, VoteUp, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Create(ctx, "existing", "", "tester"); err != nil {
		t.Fatal(err)
	}
	const q = "Is it true that you can ask for a full refund within 14 days?"
	cases := []struct { // sequential: the first success marks the item
		name     string
		set      string
		check    int64
		claim    int
		question string
		wantErr  error
		wantSet  string
		wantRow  string
	}{
		{"empty question", "", id, 0, "  \n ", ErrInvalid, "", ""},
		{"control character", "", id, 0, "Is it\x00 true?", ErrInvalid, "", ""},
		{"too long", "", id, 0, strings.Repeat("x", MaxQuestion+1), ErrInvalid, "", ""},
		{"bad set name", " padded", id, 0, q, golden.ErrInvalid, "", ""},
		{"bad check id", "", 0, 0, q, ErrInvalid, "", ""},
		{"negative claim", "", id, -1, q, ErrInvalid, "", ""},
		{"voted up, not triage", "", id, 1, q, ErrNotFound, "", ""},
		{"no such check", "", id + 99, 0, q, ErrNotFound, "", ""},
		{"unknown set is not created", "nope", id, 0, q, golden.ErrNotFound, "", ""},
		{"default set created", "", id, 0, "  " + q + " ", nil, TriageSet, "Q001"},
		{"added only once", "existing", id, 0, q, ErrAlreadyAdded, "", ""},
	}
	for _, c := range cases {
		set, row, err := r.AddToGolden(ctx, g, c.set, c.check, c.claim, c.question, "tester")
		if !errors.Is(err, c.wantErr) {
			t.Fatalf("%s: err %v, want %v", c.name, err, c.wantErr)
		}
		if set != c.wantSet || row.ID != c.wantRow {
			t.Fatalf("%s: got %q %q, want %q %q", c.name, set, row.ID, c.wantSet, c.wantRow)
		}
	}

	rows, err := g.Rows(ctx, TriageSet)
	if err != nil {
		t.Fatal(err)
	}
	want := []golden.Row{{ID: "Q001", Question: q, Category: golden.Tricky, ReferenceDocIDs: []string{"help-refund-policy"},
		Notes: "From a 👎 check verdict: Contradicted — You can ask for a full refund within 14 days.", Tags: []string{"triage"}}}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows\n got %+v\nwant %+v", rows, want)
	}
	if existing, _ := g.Rows(ctx, "existing"); len(existing) != 0 {
		t.Fatalf("the refused add left rows in another set: %+v", existing)
	}
	tri, err := r.Triage(ctx)
	if err != nil || len(tri) != 1 || tri[0].GoldenSet != TriageSet || tri[0].GoldenRowID != "Q001" {
		t.Fatalf("triage %+v %v", tri, err)
	}
	// re-voting keeps the mark
	if err := r.SetFeedback(ctx, id, 0, VoteDown, "still wrong"); err != nil {
		t.Fatal(err)
	}
	if tri, _ := r.Triage(ctx); tri[0].GoldenRowID != "Q001" {
		t.Fatalf("re-vote lost the golden mark: %+v", tri)
	}
}

func TestGoldenRowFromTriageDocIDs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		chunks []string
		want   []string
	}{
		{"none", nil, []string{}},
		{"deduplicated in order", []string{"b#2", "a#1", "b#3"}, []string{"b", "a"}},
		{"no fragment", []string{"plain-doc"}, []string{"plain-doc"}},
		{"empty doc part dropped", []string{"#4", ""}, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			row := GoldenRowFromTriage(Feedback{ChunkIDs: c.chunks, Verdict: "not_covered", ClaimText: "x"}, " Q? ")
			if !reflect.DeepEqual(row.ReferenceDocIDs, c.want) || row.Question != "Q?" || row.Notes != "From a 👎 check verdict: Not covered — x" {
				t.Fatalf("got %+v", row)
			}
		})
	}
}
