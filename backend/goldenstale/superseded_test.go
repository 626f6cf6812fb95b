package goldenstale_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/golden"
	"continuity/backend/goldenstale"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

const policyPage = "---\ntitle: Company policies\n---\n# Company policies\n\n" +
	"Refunds are accepted within 14 days of purchase. Card payments are processed by Stripe.\n"

func TestRowsThatStateASupersededSentenceAreStale(t *testing.T) {
	ctx := context.Background()
	content := filepath.Join(t.TempDir(), "content")
	page := filepath.Join(content, "policies.md")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(policyPage), 0o644); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	db, err := store.OpenDir(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ix, err := retrieval.Open(ctx, db, data, retrieval.Options{Embedder: embed.NewOffline(), Sentences: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	sync := func() {
		t.Helper()
		if _, err := ix.Sync(ctx, content, nil); err != nil {
			t.Fatal(err)
		}
	}
	sync()
	if err := os.WriteFile(page, []byte(strings.Replace(policyPage, "14 days", "30 days", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	sync()
	lib, err := goldenstale.LoadLibrary(ctx, content)
	if err != nil {
		t.Fatal(err)
	}
	rows := []golden.Row{
		{ID: "Q1", Question: "How long is the refund window?", Category: golden.Routine, ApprovedAnswer: "You can get a refund within 14 days of purchase.",
			SupportingLine: "Refunds are accepted within 14 days of purchase.", ReferenceDocIDs: []string{"policies.md"}},
		{ID: "Q2", Question: "How long is the refund window?", Category: golden.Routine, ApprovedAnswer: "Refunds are accepted within 30 days of purchase.",
			SupportingLine: "Refunds are accepted within 30 days of purchase.", ReferenceDocIDs: []string{"policies.md"}},
		{ID: "Q3", Question: "Who processes card payments?", Category: golden.Routine, ApprovedAnswer: "Stripe processes card payments.",
			SupportingLine: "Card payments are processed by Stripe.", ReferenceDocIDs: []string{"policies.md"}},
	}
	res, err := goldenstale.Finder{Library: lib, History: ix}.Find(ctx, rows, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]golden.Issue{}
	for _, is := range res.Issues {
		if is.Reason == golden.StaleSuperseded {
			got[is.RowID+" "+string(is.Field)] = is
		}
	}
	if len(got) != 2 {
		t.Fatalf("superseded findings %+v, want Q1's answer and line only", got)
	}
	line, ok := got["Q1 "+string(golden.FieldSupportingLine)]
	if !ok || line.Suggest != "Refunds are accepted within 30 days of purchase." ||
		!strings.Contains(line.Message, `said until`) || !strings.Contains(line.Message, `it now says "Refunds are accepted within 30 days of purchase."`) {
		t.Errorf("supporting-line finding %+v", line)
	}
	if _, ok := got["Q1 "+string(golden.FieldApprovedAnswer)]; !ok {
		t.Errorf("Q1's approved answer not reported: %+v", got)
	}
}
