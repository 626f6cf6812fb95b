package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/embed/cache"
)

// TestIndexEscapesControlCharactersInFileNames is the reproduction of
// issue 29 item 6: a file name printed raw could clear the screen or forge
// an "index CLEAN - 0 problems" line in a CI log.
func TestIndexEscapesControlCharactersInFileNames(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	const evil = "content/z\x1b[2J\x1b[H\rindex CLEAN - 0 problems\n\u202e\x7f.md"
	ws := writeWorkspace(t, map[string]string{
		"content/leave.md": "# Leave\n\nEveryone gets 25 days.\n",
		evil:               "---\nid: leave.md\n---\n# Dup\n\nSame id.\n",
	})
	cases := []struct {
		name string
		args []string
	}{
		{"index", []string{"index"}},
		{"index with text logs", []string{"--log-level", "debug", "index"}},
		{"index with JSON logs", []string{"--log-level", "debug", "--log-json", "index"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, nil, append([]string{"--data", t.TempDir(), "--corpus", ws}, c.args...)...)
			for stream, out := range map[string]string{"stdout": r.stdout, "stderr": r.stderr} {
				if i := strings.IndexFunc(out, func(r rune) bool {
					return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || r == '\u202e'
				}); i >= 0 {
					t.Errorf("%s has a raw control %q at %d:\n%s", stream, out[i], i, out)
				}
				for _, line := range strings.Split(out, "\n") {
					if strings.HasPrefix(line, "index CLEAN") {
						t.Errorf("%s has a forged line:\n%s", stream, out)
					}
				}
			}
			if r.code != 0 && r.code != 1 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, strconv.Quote(evil)) {
				t.Errorf("stdout does not name the file as %s:\n%s", strconv.Quote(evil), r.stdout)
			}
		})
	}
	t.Run("json keeps the name as it is", func(t *testing.T) {
		r := run(t, nil, "--data", t.TempDir(), "--corpus", ws, "--json", "index")
		var out struct {
			Skipped []corpus.Skipped `json:"skipped"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("%v\n%s", err, r.stdout)
		}
		found := false
		for _, s := range out.Skipped {
			found = found || s.Path == evil
		}
		if !found {
			t.Fatalf("skipped %+v lacks %q", out.Skipped, evil)
		}
	})
}
