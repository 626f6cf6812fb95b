package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// verifyWorkspace is a workspace of two published pages, indexed once.
func verifyWorkspace(t *testing.T) (data, ws string) {
	t.Helper()
	ws, data = t.TempDir(), t.TempDir()
	pages := map[string]string{
		"content/pricing.md": "---\nid: pricing\n---\n# Pricing\n\nThe pro plan costs 29 euros a month.\n\n## Refunds\n\nRefunds take 14 days.\n",
		"content/phones.md":  "---\nid: phones\n---\n# Phones\n\nTallyhub Go runs on phones.\n",
	}
	for rel, body := range pages {
		p := filepath.Join(ws, rel)
		goldenMust(t, os.MkdirAll(filepath.Dir(p), 0o755))
		goldenMust(t, os.WriteFile(p, []byte(body), 0o644))
	}
	if r := mainIn(t, data, ws, "index"); r.code != 0 {
		t.Fatalf("index: %d %s", r.code, r.stderr)
	}
	return data, ws
}

func mainIn(t *testing.T, data, ws string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), append([]string{"--data", data, "--corpus", ws}, args...),
		IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	return result{code, out.String(), errb.String()}
}

func TestIndexVerify(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		breakIt  func(t *testing.T, data, ws string)
		wantCode int
		wantText string // in the text output
		wantKind retrieval.DriftKind
	}{
		{"clean", func(*testing.T, string, string) {}, 0, "the index matches the workspace", ""},
		{"chunk row deleted from the store", func(t *testing.T, data, _ string) {
			db, err := store.OpenDir(context.Background(), data)
			goldenMust(t, err)
			defer db.Close()
			res, err := db.Writer().ExecContext(context.Background(), `DELETE FROM index_chunks WHERE id = 'pricing#1'`)
			goldenMust(t, err)
			if n, _ := res.RowsAffected(); n != 1 {
				t.Fatalf("deleted %d chunk rows", n)
			}
		}, 1, "pricing (pricing.md): 1 of 2 chunks missing", retrieval.DriftChunks},
		{"page changed without a sync", func(t *testing.T, _, ws string) {
			goldenMust(t, os.WriteFile(filepath.Join(ws, "content/phones.md"), []byte("---\nid: phones\n---\n# Phones\n\nTallyhub Go runs on tablets.\n"), 0o644))
		}, 1, "phones (phones.md): changed in the workspace", retrieval.DriftChanged},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			data, ws := verifyWorkspace(t)
			c.breakIt(t, data, ws)
			text := mainIn(t, data, ws, "index", "--verify")
			if text.code != c.wantCode || !strings.Contains(text.stdout, c.wantText) {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", text.code, c.wantCode, text.stdout, text.stderr)
			}
			if c.wantCode == 1 && !strings.Contains(text.stdout+text.stderr, "run continuity index") {
				t.Fatalf("no re-sync hint:\n%s\n%s", text.stdout, text.stderr)
			}
			js := mainIn(t, data, ws, "--json", "index", "--verify")
			var v retrieval.Verification
			if err := json.Unmarshal([]byte(js.stdout), &v); err != nil || js.code != c.wantCode {
				t.Fatalf("--json exit %d: %v\n%s", js.code, err, js.stdout)
			}
			// Drift is sorted by kind: the one each case makes comes first. A
			// deleted chunk row also leaves its BM25 entry behind, which the
			// read-only verify reports instead of rebuilding it (issue 29).
			if v.Clean != (c.wantKind == "") || (c.wantKind != "" && (len(v.Drift) == 0 || v.Drift[0].Kind != c.wantKind)) {
				t.Fatalf("report %+v", v)
			}
			if r := mainIn(t, data, ws, "index", "--repair"); r.code != 0 {
				t.Fatalf("--repair: exit %d\n%s", r.code, r.stderr)
			}
			if r := mainIn(t, data, ws, "index", "--verify"); r.code != 0 {
				t.Fatalf("verify after --repair: exit %d\n%s", r.code, r.stdout)
			}
		})
	}
}

// --verify must not sync: the drift is still there for the next verify,
// and the plain index command then repairs it.
func TestIndexVerifyDoesNotSync(t *testing.T) {
	t.Parallel()
	data, ws := verifyWorkspace(t)
	goldenMust(t, os.Remove(filepath.Join(ws, "content/phones.md")))
	for range 2 {
		if r := mainIn(t, data, ws, "index", "--verify"); r.code != 1 || !strings.Contains(r.stdout, "gone") {
			t.Fatalf("exit %d\n%s", r.code, r.stdout)
		}
	}
	if r := mainIn(t, data, ws, "index"); r.code != 0 || !strings.Contains(r.stdout, "removed 1") {
		t.Fatalf("index: %d\n%s", r.code, r.stdout)
	}
	if r := mainIn(t, data, ws, "index", "--verify"); r.code != 0 {
		t.Fatalf("after the sync: %d\n%s", r.code, r.stdout)
	}
	if r := mainIn(t, data, ws, "index", "--verify", "--watch"); r.code != 2 {
		t.Fatalf("--verify --watch: exit %d", r.code)
	}
	if r := mainIn(t, data, ws, "index", "--verify", "--repair"); r.code != 2 {
		t.Fatalf("--verify --repair: exit %d", r.code)
	}
}
