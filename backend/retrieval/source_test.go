package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Switching workspaces syncs another folder into the same index. A file
// there may share a path, size and modification time with the old one (a
// copied workspace, edited in place): stat data from the old folder must
// not vouch for it, or the index keeps the old folder's text.
func TestSyncOfAnotherFolderReadsFilesStatDataWouldSkip(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	const (
		oldDoc = "---\nid: refunds\ntitle: Refunds\n---\nRefunds take 30 days.\n"
		newDoc = "---\nid: refunds\ntitle: Refunds\n---\nRefunds take 45 days.\n" // same length
	)
	f.write("refunds.md", oldDoc)
	other := filepath.Join(filepath.Dir(f.content), "other", "content")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "refunds.md"), []byte(newDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	stamp := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []string{filepath.Join(f.content, "refunds.md"), filepath.Join(other, "refunds.md")} {
		if err := os.Chtimes(p, stamp, stamp); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if rep := f.sync(); rep.Added != 1 {
		t.Fatalf("first sync %+v", rep)
	}
	if st, err := f.ix.Stats(ctx); err != nil || st.Source != f.content {
		t.Fatalf("stats source %q, %v; want %s", st.Source, err, f.content)
	}
	cases := []struct {
		name, dir, want string
		updated         int
	}{
		{"the other folder is read", other, "45 days", 1},
		{"the same folder again is skipped on stat data", other, "45 days", 0},
		{"back to the first folder", f.content, "30 days", 1},
	}
	for _, c := range cases {
		rep, err := f.ix.Sync(ctx, c.dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		doc, ok, err := f.ix.Document(ctx, "refunds")
		if err != nil || !ok {
			t.Fatalf("%s: document %v %v", c.name, ok, err)
		}
		if rep.Updated != c.updated || !strings.Contains(doc.Text, c.want) {
			t.Fatalf("%s: report %+v, text %q; want %d updated and %q", c.name, rep, doc.Text, c.updated, c.want)
		}
		if st, err := f.ix.Stats(ctx); err != nil || st.Source != c.dir {
			t.Fatalf("%s: stats source %q, %v", c.name, st.Source, err)
		}
	}
}
