package ingest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"continuity/backend/corpus"
)

func pub(id, body string) Item {
	return Item{ID: id, Title: "Title " + id, Status: StatusPublished, Body: body, Format: FormatHTML, Origin: "test " + id,
		Date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

func mdFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range m {
		out = append(out, filepath.Base(p))
	}
	return out
}

func TestMaterialize(t *testing.T) {
	cases := []struct {
		name       string
		items      []Item
		wantFiles  []string
		wantSkips  []string // a word of each skip's reason, in order
		wantReport Report
	}{
		{"published items are written", []Item{pub("wp-1", "<p>One.</p>"), pub("wp-2", "<p>Two.</p>")},
			[]string{"wp-1.md", "wp-2.md"}, nil, Report{Written: 2}},
		{"unpublished items are not written", []Item{pub("a", "<p>A.</p>"), {ID: "b", Status: StatusDraft, Body: "B", Origin: "b"},
			{ID: "c", Status: StatusTrashed, Body: "C", Origin: "c"}, {ID: "d", Status: StatusPrivate, Body: "D", Origin: "d"}},
			[]string{"a.md"}, []string{"draft", "trashed", "private"}, Report{Written: 1}},
		{"duplicate ids keep the first", []Item{pub("x", "<p>First.</p>"), pub("x", "<p>Second.</p>")},
			[]string{"x.md"}, []string{"duplicate id"}, Report{Written: 1}},
		{"ids that clash as file names keep the first", []Item{pub("a/b", "<p>1.</p>"), pub("a:b", "<p>2.</p>")},
			[]string{"a-b.md"}, []string{"same file"}, Report{Written: 1}},
		{"path ids stay in the folder", []Item{pub("../../etc/passwd", "<p>x.</p>")},
			[]string{"------etc-passwd.md"}, nil, Report{Written: 1}},
		{"empty bodies and missing ids are skipped", []Item{pub("e", "<script>x()</script>"), pub("", "<p>y</p>")},
			nil, []string{"no visible text", "no id"}, Report{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "src")
			rep, err := Materialize(context.Background(), dir, tc.items)
			if err != nil {
				t.Fatal(err)
			}
			if got := mdFiles(t, dir); !slices.Equal(got, tc.wantFiles) {
				t.Errorf("files %v, want %v", got, tc.wantFiles)
			}
			if rep.Written != tc.wantReport.Written || rep.Removed != 0 || rep.Unchanged != 0 {
				t.Errorf("report %+v, want %+v", rep, tc.wantReport)
			}
			if len(rep.Skipped) != len(tc.wantSkips) {
				t.Fatalf("skipped %+v, want %v", rep.Skipped, tc.wantSkips)
			}
			for i, w := range tc.wantSkips {
				if !strings.Contains(rep.Skipped[i].Reason, w) {
					t.Errorf("skip %d %+v, want %q", i, rep.Skipped[i], w)
				}
			}
		})
	}
}

func TestMaterializedFilesReadAsDocuments(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "blog")
	it := pub("wp-9", "<h2>Plans</h2><p>The \"Team\" plan: costs $29.</p>")
	it.Title, it.URL = "Plans: \"Team\" & more", "https://x.example/plans/"
	if _, err := Materialize(context.Background(), dir, []Item{it}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "wp-9.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := corpus.Parse("wp-9.md", "md", raw)
	if err != nil {
		t.Fatal(err)
	}
	if doc.ID != "wp-9" || doc.Title != it.Title || doc.URL != it.URL || doc.Published != "2026-01-02" || !doc.Indexable() {
		t.Fatalf("document %+v; want the item's id, title, url, date, published", doc)
	}
	if !strings.Contains(doc.Text, "Plans") || !strings.Contains(doc.Text, "costs $29") {
		t.Fatalf("text %q, want the converted body", doc.Text)
	}
}

func TestRematerializeRewritesOnlyChanges(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "src")
	if _, err := Materialize(ctx, dir, []Item{pub("a", "<p>A.</p>"), pub("b", "<p>B.</p>"), pub("c", "<p>C.</p>")}); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "a.md"), old, old); err != nil {
		t.Fatal(err)
	}
	// a stray temp file or manifest must survive: only .md files are owned
	if err := os.WriteFile(filepath.Join(dir, ".source.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	// c is unpublished in the new export: its file goes like a deleted item's
	c := pub("c", "<p>C.</p>")
	c.Status = StatusTrashed
	rep, err := Materialize(ctx, dir, []Item{pub("a", "<p>A.</p>"), pub("b", "<p>B, edited.</p>"), c})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written != 1 || rep.Unchanged != 1 || rep.Removed != 1 || len(rep.Skipped) != 1 {
		t.Fatalf("report %+v, want 1 written, 1 unchanged, 1 removed", rep)
	}
	st, err := os.Stat(filepath.Join(dir, "a.md"))
	if err != nil || !st.ModTime().Equal(old) {
		t.Fatalf("a.md was rewritten (%v, %v); unchanged files must be left alone", st.ModTime(), err)
	}
	if got := mdFiles(t, dir); !slices.Equal(got, []string{"a.md", "b.md"}) {
		t.Fatalf("files %v, want a.md b.md", got)
	}
	if _, err := os.Stat(filepath.Join(dir, ".source.json")); err != nil {
		t.Fatalf("manifest removed: %v", err)
	}
}
