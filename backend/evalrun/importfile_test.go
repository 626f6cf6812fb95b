package evalrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/retrieval"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

// offlineSession is a session over a one-document workspace; it returns
// the session and a directory for workbooks.
func offlineSession(t *testing.T) (*session.Session, string) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(filepath.Join(ws, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can get a full refund within 30 days of purchase.\n"
	if err := os.WriteFile(filepath.Join(ws, "content", "refunds.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(context.Background(), session.Options{DataDir: filepath.Join(dir, "data"), CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func TestImportWorkbookForARun(t *testing.T) {
	t.Parallel()
	good := golden.Row{ID: "Q1", Question: "How long is the refund window?", Category: golden.Routine,
		ApprovedAnswer: "30 days.", ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}
	unknownDoc := good
	unknownDoc.ID, unknownDoc.ReferenceDocIDs = "Q2", []string{"kb-991"}
	bad := golden.Row{ID: "Q3", Question: "Why?", Category: "sometimes", ApprovedAnswer: "x"}
	cases := []struct {
		name     string
		rows     []golden.Row
		wantErr  string // "" when the set must be stored
		wantWarn int
	}{
		{name: "a clean workbook is stored and checked against the synced corpus", rows: []golden.Row{good, unknownDoc}, wantWarn: 1},
		{name: "one error stores nothing", rows: []golden.Row{good, bad}, wantErr: "billing.xlsx sheet " + xlsx.QuestionsSheet + " row 3 column C"},
		{name: "no questions stores nothing", rows: nil, wantErr: "no question rows below the header"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s, dir := offlineSession(t)
			file := filepath.Join(dir, "billing.xlsx")
			if err := xlsx.WriteFile(file, c.rows); err != nil {
				t.Fatal(err)
			}
			synced := 0
			gs, o, err := ImportWorkbook(ctx, s, file, func(retrieval.Report) { synced++ })
			if synced != 1 {
				t.Errorf("sync notices = %d, want the first sync reported once", synced)
			}
			if c.wantErr != "" {
				if !errors.Is(err, goldenset.ErrWorkbook) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want a workbook error naming %q", err, c.wantErr)
				}
				if _, _, err := LoadSet(ctx, s, "billing", 0); !errors.Is(err, golden.ErrNotFound) || err.Error() != `golden set "billing" not found` {
					t.Fatalf("after a refused import LoadSet = %v, want the set not found", err)
				}
				return
			}
			if err != nil || gs.Name != "billing" || gs.Version != 1 || len(o.Warnings) != c.wantWarn {
				t.Fatalf("set %+v, outcome %+v, err %v", gs, o, err)
			}
			again, o, err := ImportWorkbook(ctx, s, file, nil)
			if err != nil || again.Version != 1 || !o.Unchanged {
				t.Fatalf("re-import: set %+v, outcome %+v, err %v; want version 1 unchanged", again, o, err)
			}
		})
	}
}
