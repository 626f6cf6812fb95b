package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/embed/cache"
)

func writeWorkspace(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestIndexReportsSkippedFiles(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	ws := writeWorkspace(t, map[string]string{
		"README.md":            "# Handbook\n\nFront page.\n",
		"content/leave.md":     "# Leave\n\nEveryone gets 25 days.\n",
		"content/CHANGELOG.md": "# Changes\n\nv1.\n",
		"content/logo.png":     "png",
		"content/zdup.md":      "---\nid: leave.md\n---\n# Dup\n\nSame id.\n",
	})
	t.Run("json lists each skipped file with its reason", func(t *testing.T) {
		r := run(t, nil, "--data", t.TempDir(), "--corpus", ws, "--json", "index")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		var out struct {
			Skipped []corpus.Skipped `json:"skipped"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("%v\n%s", err, r.stdout)
		}
		want := map[string]corpus.SkipReason{"README.md": corpus.SkipWorkspaceFile, "content/CHANGELOG.md": corpus.SkipIgnored,
			"content/logo.png": corpus.SkipUnsupportedType, "content/zdup.md": corpus.SkipDuplicateID}
		if len(out.Skipped) != len(want) {
			t.Fatalf("skipped %+v, want %d entries", out.Skipped, len(want))
		}
		for _, s := range out.Skipped {
			if want[s.Path] != s.Reason || s.Detail == "" {
				t.Errorf("unexpected %+v", s)
			}
		}
	})
	t.Run("text summary counts reasons and lists duplicates", func(t *testing.T) {
		r := run(t, nil, "--data", t.TempDir(), "--corpus", ws, "index")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		for _, line := range []string{
			"skipped 4 files: 1 ignored, 1 workspace file, 1 unsupported type, 1 duplicate id (use --json for the list)",
			`skipped    content/zdup.md: duplicate id, id "leave.md" is also content/leave.md`,
		} {
			if !strings.Contains(r.stdout, line) {
				t.Errorf("missing %q in:\n%s", line, r.stdout)
			}
		}
	})
}

func TestWriteSkipped(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		skipped []corpus.Skipped
		want    string
	}{
		{name: "nothing skipped prints nothing"},
		{name: "one file", skipped: []corpus.Skipped{{Path: "a.png", Reason: corpus.SkipUnsupportedType, Detail: "d"}},
			want: "skipped 1 file: 1 unsupported type (use --json for the list)\n"},
		{name: "too large listed", skipped: []corpus.Skipped{{Path: "big.md", Reason: corpus.SkipTooLarge, Detail: "file is 9 bytes"}, {Path: "x/", Reason: corpus.SkipIgnored, Detail: "default x"}},
			want: "skipped 2 files: 1 ignored, 1 too large (use --json for the list)\nskipped    big.md: too large, file is 9 bytes\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			writeSkipped(&b, c.skipped)
			if b.String() != c.want {
				t.Fatalf("got %q, want %q", b.String(), c.want)
			}
		})
	}
}
