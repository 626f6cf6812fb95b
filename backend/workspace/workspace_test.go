package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func write(t *testing.T, root, rel, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		files     []string
		wantDocs  int
		wantDraft int
	}{
		{"content folder", []string{"content/a.md", "content/b/c.html", "content/x.png", "guidelines.md", "drafts/d.md"}, 2, 1},
		// Without content/ a README is real content (a handbook's front page)
		// and guidelines.md is a document unless it holds a rules block.
		{"flat folder", []string{"a.md", "b.txt", "guidelines.md", "README.md", "drafts/d.md", ".git/x.md"}, 4, 1},
		{"flat folder with a voice guide", []string{"a.md", "guidelines.md=# Voice\n\n## Rules\n\n```yaml\nrules: []\n```\n", "README.md", "drafts/d.md"}, 2, 1},
		{"flat folder with ignore rules", []string{"a.md", "CHANGELOG.md", "old/b.md", ".continuityignore=old/\n"}, 1, 0},
		{"empty", nil, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for _, f := range c.files {
				name, body, ok := strings.Cut(f, "=")
				if !ok {
					body = "x"
				}
				write(t, root, name, body)
			}
			w, err := Open(root)
			if err != nil {
				t.Fatal(err)
			}
			s, err := w.Summarize()
			if err != nil {
				t.Fatal(err)
			}
			if s.Documents != c.wantDocs || len(s.Drafts) != c.wantDraft {
				t.Fatalf("got %d docs, %d drafts; want %d, %d", s.Documents, len(s.Drafts), c.wantDocs, c.wantDraft)
			}
		})
	}
}

func TestOpenRejectsMissingAndFiles(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, "f.md", "x")
	for _, p := range []string{filepath.Join(root, "missing"), filepath.Join(root, "f.md")} {
		if _, err := Open(p); !errors.Is(err, ErrNotWorkspace) {
			t.Errorf("Open(%s) = %v, want ErrNotWorkspace", p, err)
		}
	}
}

func TestEnsureSampleUnpacksOnceAndRefreshesOnChange(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	bundle := fstest.MapFS{"content/a.md": {Data: []byte("one")}, "guidelines.md": {Data: []byte("g")}}
	dir, err := EnsureSample(bundle, data)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "content/user-note.md", "kept until the bundle changes")
	if _, err := EnsureSample(bundle, data); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "content/user-note.md")); err != nil {
		t.Fatal("unchanged bundle re-unpacked the sample")
	}
	bundle["content/a.md"] = &fstest.MapFile{Data: []byte("two")}
	if _, err := EnsureSample(bundle, data); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "content/a.md")); string(b) != "two" {
		t.Fatalf("content = %q, want the new bundle", b)
	}
}
