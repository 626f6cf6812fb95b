package goldenset

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/corpus"
	"continuity/backend/golden"
	"continuity/backend/store"
	"continuity/backend/xlsx"
)

// publishedDocs looks documents up in what the real corpus loader
// publishes from a content directory, the text the index holds.
type publishedDocs map[string]string

func (d publishedDocs) DocumentText(_ context.Context, id string) (string, bool, error) {
	t, ok := d[id]
	return t, ok, nil
}

// fixture is a workspace with one published document, a real SQLite
// golden repo and a directory for workbooks.
type fixture struct {
	dir  string
	repo *golden.Repo
	docs publishedDocs
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	content := filepath.Join(dir, "content")
	must(t, os.MkdirAll(content, 0o755))
	must(t, os.WriteFile(filepath.Join(content, "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644))
	loaded, _, err := corpus.Load(ctx, content)
	must(t, err)
	docs := publishedDocs{}
	for _, d := range loaded {
		if d.Indexable() {
			docs[d.ID] = d.Text
		}
	}
	db, err := store.Open(ctx, filepath.Join(dir, "test.db"))
	must(t, err)
	t.Cleanup(func() { db.Close() })
	repo, err := golden.NewRepo(ctx, db, "ws-test")
	must(t, err)
	return fixture{dir: dir, repo: repo, docs: docs}
}

// workbook writes rows in the template's layout and reads it back.
func (f fixture) workbook(t *testing.T, name string, rows ...golden.Row) Workbook {
	t.Helper()
	path := filepath.Join(f.dir, name)
	must(t, xlsx.WriteFile(path, rows))
	wb, err := ReadFile(context.Background(), path)
	must(t, err)
	return wb
}

// rawWorkbook writes cells as given on one sheet, headers included.
func (f fixture) rawWorkbook(t *testing.T, name, sheet string, cells [][]string) string {
	t.Helper()
	x := excelize.NewFile()
	defer x.Close()
	must(t, x.SetSheetName("Sheet1", sheet))
	for r, row := range cells {
		for c, v := range row {
			cell, err := excelize.CoordinatesToCellName(c+1, r+1)
			must(t, err)
			must(t, x.SetCellStr(sheet, cell, v))
		}
	}
	path := filepath.Join(f.dir, name)
	must(t, x.SaveAs(path))
	return path
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var (
	goodRow = golden.Row{ID: "Q1", Question: "Refund?", Category: golden.Routine, ApprovedAnswer: "Within 30 days.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}
	badRow = golden.Row{ID: "Q2", Question: "Why?", Category: "sometimes", ApprovedAnswer: "x"}
)
