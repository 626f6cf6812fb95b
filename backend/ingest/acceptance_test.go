package ingest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// realIndex opens a real index (SQLite registry, bleve, vectors) in a temp
// data dir.
func realIndex(t *testing.T) *retrieval.Index {
	t.Helper()
	ctx := context.Background()
	data := t.TempDir()
	db, err := store.Open(ctx, filepath.Join(data, "continuity.db"))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := retrieval.Open(ctx, db, data, retrieval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ix.Close(); _ = db.Close() })
	return ix
}

func indexedIDs(t *testing.T, ix *retrieval.Index) []string {
	t.Helper()
	docs, err := ix.Documents(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range docs {
		ids = append(ids, d.ID)
	}
	slices.Sort(ids)
	return ids
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The acceptance: a WXR file with 3 published posts, 1 draft and
// 1 trashed page indexes 3 documents; re-importing it with one post edited
// and one deleted updates 1 and removes 1.
func TestWXRImportAndReimportSyncTheIndex(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	export := filepath.Join(t.TempDir(), "blog-export.xml")
	copyFile(t, "testdata/export.xml", export)

	srcs := &Sources{Root: root, ContentDir: content}
	if _, err := srcs.Add(ctx, KindWXR, export, ""); err != nil {
		t.Fatal(err)
	}
	src, rep, err := srcs.Sync(ctx, "blog-export")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written != 3 || rep.Removed != 0 || src.Counts.Documents != 3 {
		t.Fatalf("first import: report %+v, counts %+v; want 3 written", rep, src.Counts)
	}
	ix := realIndex(t)
	first, err := ix.Sync(ctx, content, nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Added != 3 || first.Documents != 3 || len(first.Warnings) != 0 {
		t.Fatalf("first index sync: %+v; want 3 added, 3 documents, no warnings", first)
	}
	if got, want := indexedIDs(t, ix), []string{"wp-12", "wp-15", "wp-18"}; !slices.Equal(got, want) {
		t.Fatalf("indexed %v, want %v (draft wp-21 and trashed wp-7 never published)", got, want)
	}
	// the draft, the trashed page and the attachment are listed, not dropped
	reasons := map[string]string{}
	for _, s := range src.Skipped {
		reasons[s.Origin[strings.LastIndex(s.Origin, ">")+1:]] = s.Reason
	}
	if !strings.Contains(reasons["21)"], "draft") || !strings.Contains(reasons["7)"], "trashed") || !strings.Contains(reasons["30)"], "attachment") {
		t.Fatalf("skipped %+v; want the draft, the trashed page and the attachment with reasons", src.Skipped)
	}

	copyFile(t, "testdata/export-edited.xml", export)
	_, rep, err = srcs.Sync(ctx, "blog-export")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written != 1 || rep.Unchanged != 1 || rep.Removed != 1 {
		t.Fatalf("re-import: %+v; want 1 written, 1 unchanged, 1 removed", rep)
	}
	second, err := ix.Sync(ctx, content, nil)
	if err != nil {
		t.Fatal(err)
	}
	if second.Updated != 1 || second.Removed != 1 || second.Added != 0 || second.Unchanged != 1 {
		t.Fatalf("second index sync: %+v; want updated 1, removed 1, unchanged 1", second)
	}
	if got, want := indexedIDs(t, ix), []string{"wp-12", "wp-18"}; !slices.Equal(got, want) {
		t.Fatalf("indexed %v after re-import, want %v", got, want)
	}
	hits, err := ix.Search(ctx, "refunds business days", 3, retrieval.BM25)
	if err != nil || len(hits) == 0 || !strings.Contains(hits[0].Text, "3 business days") {
		t.Fatalf("search after re-import: %v, %+v; want the edited refund text", err, hits)
	}
}
