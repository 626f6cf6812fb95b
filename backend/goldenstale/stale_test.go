package goldenstale_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/goldenstale"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

const sampleCorpus = "../../corpus"

// copyCorpus copies the sample workspace so a test can edit its documents.
func copyCorpus(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "ws")
	if err := os.CopyFS(dst, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// edit replaces old with new in a workspace file; old must occur.
func edit(t *testing.T, ws, rel, old, new string) {
	t.Helper()
	p := filepath.Join(ws, "content", rel)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s does not hold %q", rel, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// findIn runs the session's Finder over the workspace's golden.xlsx.
func findIn(t *testing.T, ws string) goldenstale.Result {
	t.Helper()
	ctx := context.Background()
	s, err := session.Open(ctx, session.Options{DataDir: filepath.Join(t.TempDir(), "data"), CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	f, err := goldenstale.ForSession(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	wb, err := xlsx.ReadFile(ctx, filepath.Join(ws, "golden.xlsx"))
	if err != nil || len(wb.Errors) > 0 {
		t.Fatalf("read golden.xlsx: %v %v", err, wb.Errors)
	}
	res, err := f.Find(ctx, wb.Rows, wb.RowNums)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSampleGoldenSetIsNotStale: the sample set matches its corpus. (Q030
// was once read as contradicted by the numbered reminder list of
// help-invoice-reminders: a list item's value that the answer also states
// is no conflict, see claims.claimHasValue.)
func TestSampleGoldenSetIsNotStale(t *testing.T) {
	res := findIn(t, copyCorpus(t))
	if res.Engine == "" || res.Skipped != "" {
		t.Fatalf("engine %q, skipped %q", res.Engine, res.Skipped)
	}
	for _, is := range res.Issues {
		t.Errorf("row %d (%s) %s: %s", is.Row, is.RowID, is.Reason, is.Message)
	}
}

// TestStaleRowsOfAnEditedWorkspace edits a copy of the sample workspace
// once per reason and checks that the sample golden set's rows are
// reported stale with their row numbers as Excel shows them.
func TestStaleRowsOfAnEditedWorkspace(t *testing.T) {
	ws := copyCorpus(t)
	// the sentence Q006 quotes now says something else: its supporting
	// line is gone and its approved answer is contradicted
	edit(t, ws, "help/refund-policy.md", "We process refund requests within two business days.", "We process refund requests within ten business days.")
	edit(t, ws, "help/cancel-subscription.md", "status: published", "status: archived")
	if err := os.Remove(filepath.Join(ws, "content", "blog", "five-ways-to-get-paid-faster.md")); err != nil {
		t.Fatal(err)
	}
	edit(t, ws, "help/data-after-cancellation.md", "id: help-data-after-cancellation", "id: help-data-retention")
	res := findIn(t, ws)
	if n := len(res.Issues); n == 0 {
		t.Fatal("no stale rows found")
	}
	for _, l := range goldenstale.Lines("golden.xlsx", res.Issues) {
		t.Log(l)
	}
	cases := []struct {
		name   string
		row    int
		id     string
		reason golden.StaleReason
		says   string
	}{
		{name: "supporting line changed", row: 7, id: "Q006", reason: golden.StaleLineMissing, says: "supporting line no longer occurs in help-refund-policy"},
		{name: "reference archived", row: 8, id: "Q007", reason: golden.StaleArchived, says: "reference doc help-cancel-subscription is archived"},
		{name: "reference gone", row: 31, id: "Q030", reason: golden.StaleGone, says: "no document blog-five-ways-to-get-paid-faster in this workspace"},
		{name: "reference renamed", row: 9, id: "Q008", reason: golden.StaleRenamed, says: "now appears as help-data-retention"},
		{name: "approved answer contradicted", row: 7, id: "Q006", reason: golden.StaleContradicted, says: "vs help-refund-policy#"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, is := range res.Issues {
				if is.Row == tc.row && is.RowID == tc.id && is.Reason == tc.reason && strings.Contains(is.Message, tc.says) {
					return
				}
			}
			t.Fatalf("no %s finding on row %d (%s) saying %q", tc.reason, tc.row, tc.id, tc.says)
		})
	}
	if n := res.Rows(); n != 4 {
		t.Fatalf("%d stale rows, want 4 (rows 7, 8, 9, 31)", n)
	}
}
