package cli

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/lexical/lexicaltest"
	"continuity/backend/retrieval"
)

// damageSeed fixes the random bytes written into the segment, so the
// damage (and bleve's panic on it) is the same every run.
const damageSeed = 29

// damagedWorkspace is an indexed workspace of 150 pages (one sync batch,
// so one BM25 segment over 40 KiB) whose segment then gets random bytes
// at 10–40 KiB: issue 29's reproduction.
func damagedWorkspace(t *testing.T) (data, ws string) {
	t.Helper()
	ws, data = t.TempDir(), t.TempDir()
	for i := range 150 {
		p := filepath.Join(ws, "content", fmt.Sprintf("page%03d.md", i))
		goldenMust(t, os.MkdirAll(filepath.Dir(p), 0o755))
		body := fmt.Sprintf("---\nid: page%03d\n---\n# Page %d\n\nSerial marker zq%dx appears only here. Plan %d costs %d euros a month, billed on day %d. "+
			"Wombats of region %d dig burrows numbering %d.\n", i, i, i, i, 10+i, 1+i%28, i%7, i*13)
		goldenMust(t, os.WriteFile(p, []byte(body), 0o644))
	}
	if r := mainIn(t, data, ws, "index"); r.code != 0 {
		t.Fatalf("index: %d %s", r.code, r.stderr)
	}
	if _, err := lexicaltest.CorruptSegment(filepath.Join(data, "index", "bleve"), damageSeed); err != nil {
		t.Fatal(err)
	}
	return data, ws
}

// Issue 29: after the damage every command panicked, --repair included.
// Now check and search fail (exit 2) saying to run index --repair,
// --verify reports the damage (exit 1) and writes nothing, --repair
// rebuilds from the corpus, and afterwards everything works again. The
// steps run in order on one workspace: each starts where the last left it.
func TestDamagedIndexSaysToRepair(t *testing.T) {
	t.Parallel()
	data, ws := damagedWorkspace(t)
	draft := writeDraft(t, "draft.md", "# Plans\n\nPlan 3 costs 13 euros a month.\n")
	steps := []struct {
		name     string
		args     []string
		wantCode int
		want     string // in stdout or stderr
		readOnly bool   // the data dir must be unchanged after it
	}{
		{"check", []string{"check", "--engine", "offline", draft}, ExitError, "continuity index --repair", false},
		{"search", []string{"search", "wombats burrows"}, ExitError, "continuity index --repair", false},
		{"verify", []string{"index", "--verify"}, ExitFailed, "drift      damaged", true},
		{"verify --json", []string{"--json", "index", "--verify"}, ExitFailed, `"kind": "damaged"`, true},
		{"repair", []string{"index", "--repair"}, ExitOK, "index      150 documents", false},
		{"verify after the repair", []string{"index", "--verify"}, ExitOK, "the index matches the workspace", true},
		{"search after the repair", []string{"search", "--mode", "bm25", "zq42x"}, ExitOK, "page042", false},
		{"check after the repair", []string{"check", "--engine", "offline", draft}, ExitOK, "", false},
	}
	for _, s := range steps {
		before := dataFiles(t, data)
		r := mainIn(t, data, ws, s.args...)
		out := r.stdout + r.stderr
		if strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
			t.Fatalf("%s: a panic reached the user:\n%s", s.name, out)
		}
		if r.code != s.wantCode || !strings.Contains(out, s.want) {
			t.Fatalf("%s: exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", s.name, r.code, s.wantCode, s.want, r.stdout, r.stderr)
		}
		if s.readOnly && !maps.Equal(before, dataFiles(t, data)) {
			t.Errorf("%s wrote to the data dir", s.name)
		}
		if s.name == "verify --json" {
			var v retrieval.Verification
			if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v.Clean || v.Hint() != retrieval.DamagedHint {
				t.Errorf("verify --json: %v %+v", err, v)
			}
		}
	}
}

// dataFiles hashes every file of the data dir but SQLite's shared-memory
// index, which readers update by design.
func dataFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "-shm") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	goldenMust(t, err)
	return out
}
