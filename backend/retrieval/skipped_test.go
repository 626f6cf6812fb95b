package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// syncWorkspace syncs a real index with the workspace at root the way the
// app does (its ContentDir) and returns the report and the index.
func syncWorkspace(t *testing.T, root string) (Report, *Index) {
	t.Helper()
	ws, err := workspace.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	db, err := store.OpenDir(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), db, data, Options{Embedder: embed.NewOffline()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close(); db.Close() })
	rep, err := ix.Sync(context.Background(), ws.ContentDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep, ix
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func skipOf(rep Report, path string) (corpus.Skipped, int) {
	var found corpus.Skipped
	n := 0
	for _, s := range rep.Skipped {
		if s.Path == path {
			found, n = s, n+1
		}
	}
	return found, n
}

const handbookFront = "# Team handbook\n\nWelcome to the handbook. New starters get a laptop on their first day.\n"

// The acceptance: a handbook's README is its front page unless the
// workspace keeps its documents in content/.
func TestHandbookReadmeAcceptance(t *testing.T) {
	t.Parallel()
	t.Run("no content folder: README is a document", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"README.md": handbookFront, "leave.md": "# Leave\n\nEveryone gets 25 days of leave a year.\n"})
		rep, ix := syncWorkspace(t, root)
		if _, ok, err := ix.Document(context.Background(), "README.md"); err != nil || !ok {
			t.Fatalf("README.md not indexed (ok=%v, err=%v); skipped %+v", ok, err, rep.Skipped)
		}
		if rep.Documents != 2 || len(rep.Skipped) != 0 {
			t.Fatalf("documents %d, skipped %+v; want 2 and none", rep.Documents, rep.Skipped)
		}
	})
	t.Run("content folder: root README is skipped as a workspace file", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"README.md": handbookFront, "content/leave.md": "# Leave\n\nEveryone gets 25 days of leave a year.\n"})
		rep, ix := syncWorkspace(t, root)
		s, n := skipOf(rep, "README.md")
		if n != 1 || s.Reason != corpus.SkipWorkspaceFile || s.Detail == "" {
			t.Fatalf("README.md skip %+v (listed %d times), want one workspace_file with a detail", s, n)
		}
		if rep.Documents != 1 {
			t.Fatalf("documents %d, want 1", rep.Documents)
		}
		stored, err := ix.LastSkipped(context.Background())
		if err != nil || len(stored) != len(rep.Skipped) {
			t.Fatalf("stored skips %+v (%v), want the report's %+v", stored, err, rep.Skipped)
		}
	})
}

func TestSyncSkipsEveryUnindexedFileOnce(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"content/a.md":         "---\nid: same\n---\n# A\n\nFirst text here.\n",
		"content/b.md":         "---\nid: same\n---\n# B\n\nSecond text here.\n",
		"content/draft.md":     "---\nstatus: draft\n---\n# D\n\nNot yet.\n",
		"content/empty.html":   "<script>x</script>",
		"content/logo.png":     "png",
		"content/CHANGELOG.md": "# Changes\n\nv1.\n",
	})
	rep, _ := syncWorkspace(t, root)
	want := map[string]corpus.SkipReason{"content/b.md": corpus.SkipDuplicateID, "content/draft.md": corpus.SkipUnpublished,
		"content/empty.html": corpus.SkipUnreadable, "content/logo.png": corpus.SkipUnsupportedType, "content/CHANGELOG.md": corpus.SkipIgnored}
	for p, r := range want {
		if s, n := skipOf(rep, p); n != 1 || s.Reason != r {
			t.Errorf("%s: %+v listed %d times, want once as %s", p, s, n, r)
		}
	}
	if len(rep.Skipped) != len(want) {
		t.Errorf("skipped %+v, want exactly %d", rep.Skipped, len(want))
	}
	if rep.Documents != 1 {
		t.Errorf("documents %d, want 1", rep.Documents)
	}
}

// A new ignore rule is authoritative: the next sync prunes what it covers.
func TestIgnoreRuleChangePrunes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.md": "# A\n\nKept text.\n", "archive/old.md": "# Old\n\nOld text.\n"})
	ws, _ := workspace.Open(root)
	rep, ix := syncWorkspace(t, root)
	if rep.Documents != 2 {
		t.Fatalf("documents %d, want 2", rep.Documents)
	}
	writeFiles(t, root, map[string]string{corpus.IgnoreFile: "archive/\n"})
	rep, err := ix.Sync(context.Background(), ws.ContentDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Removed != 1 || rep.Documents != 1 {
		t.Fatalf("removed %d, documents %d; want 1 and 1", rep.Removed, rep.Documents)
	}
	if s, n := skipOf(rep, "archive/"); n != 1 || s.Detail != ".continuityignore:1 archive/" {
		t.Fatalf("archive skip %+v (%d), want the rule and its line", s, n)
	}
}
