package target

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/xlsx"
)

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// want is the rows every format of the same cases must read as.
var want = []Row{
	{ID: "Q1", Answer: "30 days.", Contexts: []string{"Refunds within 30 days.", "Other"}, ContextIDs: []string{"help-refund", "7"}, HasContexts: true, HasContextIDs: true},
	{Question: "How long is the trial?", Answer: "14 days | more", Contexts: []string{}, ContextIDs: []string{}, HasContexts: true, HasContextIDs: true},
}

func sameRows(t *testing.T, got []Row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.ID != w.ID || g.Question != w.Question || g.Answer != w.Answer || strings.Join(g.Contexts, "¦") != strings.Join(w.Contexts, "¦") ||
			strings.Join(g.ContextIDs, "¦") != strings.Join(w.ContextIDs, "¦") || g.HasContexts != w.HasContexts || g.HasContextIDs != w.HasContextIDs {
			t.Fatalf("row %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestReadResponsesFormatsAgree(t *testing.T) {
	t.Parallel()
	jsonl := "# recorded 2026-11-01\n" +
		`{"id": "Q1", "response": "30 days.", "retrieved_contexts": ["Refunds within 30 days.", "Other"], "retrieved_context_ids": ["help-refund", 7], "reference": "ignored"}` + "\n\n" +
		`{"user_input": "How long is the trial?", "response": "14 days | more", "retrieved_contexts": [], "retrieved_context_ids": []}` + "\n"
	csvText := "id,question,response,retrieved_contexts,retrieved_context_ids\n" +
		`Q1,,30 days.,"[""Refunds within 30 days."", ""Other""]",help-refund|7` + "\n" +
		`,How long is the trial?,14 days | more,,` + "\n"
	xlsxPath := filepath.Join(t.TempDir(), "cases.xlsx")
	if err := xlsx.WriteTable(xlsxPath, "Responses", [][]string{
		{"ID", "Question", "Response", "Retrieved contexts", "Retrieved context IDs"},
		{"Q1", "", "30 days.", `["Refunds within 30 days.", "Other"]`, `["help-refund", 7]`},
		{"", "How long is the trial?", "14 days | more", "", ""},
	}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path, format string }{
		{"jsonl", writeFile(t, "cases.jsonl", jsonl), "jsonl"},
		{"csv", writeFile(t, "cases.csv", csvText), "csv"},
		{"xlsx", xlsxPath, "xlsx"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec, err := ReadResponses(context.Background(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Format != c.format || len(rec.SHA256) != 64 || rec.File != filepath.Base(c.path) {
				t.Fatalf("rec = %+v", rec)
			}
			sameRows(t, rec.Rows)
		})
	}
}

func TestReadResponsesLocatesBadRows(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, body string
		row              int
		column, msg      string
	}{
		{"not json", "r.jsonl", `{"id": "Q1", "response": "a"}` + "\n{oops\n", 2, "", "not a JSON object"},
		{"contexts not a list", "r.jsonl", `{"id": "Q1", "response": "a", "retrieved_contexts": "one"}`, 1, "retrieved_contexts", "want a list of texts"},
		{"a context that is an object", "r.jsonl", `{"id": "Q1", "response": "a", "retrieved_contexts": [{"t": 1}]}`, 1, "retrieved_contexts", "item 1: want text, got an object"},
		{"no id or question", "r.jsonl", `{"response": "a"}`, 1, "", "needs an id or a question"},
		{"no response", "r.jsonl", `{"id": "Q1"}`, 1, "", "has no response"},
		{"duplicate id", "r.jsonl", `{"id": "Q1", "response": "a"}` + "\n" + `{"id": "Q1", "response": "b"}`, 2, "id", "also on row 1"},
		{"two names for a field", "r.jsonl", `{"question": "q", "user_input": "q", "response": "a"}`, 1, "user_input", "both give the question"},
		{"csv without response", "r.csv", "id,answer_text\nQ1,a\n", 1, "", "needs a response column"},
		{"csv bad list", "r.csv", "id,response,retrieved_context_ids\nQ1,a,\"[1,\"\n", 2, "retrieved_context_ids", "not a JSON list"},
		{"csv quote", "r.csv", "id,response\nQ1,\"a\n", 2, "", "not valid CSV"},
		{"unknown format", "r.json", "[]", 0, "", "unknown format"},
		{"empty", "r.jsonl", "\n# nothing\n", 0, "", "no responses in the file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := ReadResponses(context.Background(), writeFile(t, c.file, c.body))
			var re *ResponsesError
			if !errors.As(err, &re) {
				if c.row == 0 && err != nil && strings.Contains(err.Error(), c.msg) {
					return
				}
				t.Fatalf("err = %v, want a located problem %q", err, c.msg)
			}
			p := re.Problems[0]
			if p.Row != c.row || p.Column != c.column || !strings.Contains(p.Msg, c.msg) || p.File != c.file {
				t.Fatalf("problem = %+v, want row %d column %q %q", p, c.row, c.column, c.msg)
			}
		})
	}
}

func TestMatchByIDThenQuestionAndWarnBothWays(t *testing.T) {
	t.Parallel()
	rec := &Recorded{File: "r.jsonl", Rows: []Row{
		{Row: 1, ID: "Q1", Answer: "a1"},
		{Row: 2, Question: "Second?", Answer: "a2"},
		{Row: 3, ID: "renamed", Question: "Third?", Answer: "a3"}, // an unknown id still matches by text
		{Row: 4, ID: "Q9", Answer: "stray"},
		{Row: 5, ID: "Q1x", Question: "First?", Answer: "dup"}, // Q1 already matched by id
	}}
	qs := []Question{{ID: "Q1", Text: "First?"}, {ID: "Q2", Text: "Second?"}, {ID: "Q3", Text: "Third?"}, {ID: "Q4", Text: "Fourth?"}}
	rows, warnings := rec.Match(qs)
	if rows["Q1"].Answer != "a1" || rows["Q2"].Answer != "a2" || rows["Q3"].Answer != "a3" {
		t.Fatalf("rows = %+v", rows)
	}
	if _, ok := rows["Q4"]; ok {
		t.Fatal("Q4 matched a row it has none of")
	}
	all := strings.Join(warnings, "\n")
	if len(warnings) != 2 || !strings.Contains(all, "1 golden question(s) have no recorded response and count as errors: Q4") ||
		!strings.Contains(all, "2 response row(s) match no golden question") || !strings.Contains(all, "row 4 (id Q9), row 5 (id Q1x)") {
		t.Fatalf("warnings = %q", warnings)
	}
}
