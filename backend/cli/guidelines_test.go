package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGuidelinesLint(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.md")
	if err := os.WriteFile(bad, []byte("# G\n\n## Rules\n\n```yaml\nrules:\n  - name: a\n    kind: existence\n    level: required\n    message: m\n    patterns: ['(']\n    colour: red\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr []string
	}{
		{"sample guide is valid", []string{"guidelines", "lint", "../../corpus/guidelines.md"}, ExitOK, "ok, ", nil},
		{"bad guide gives located errors", []string{"guidelines", "lint", bad}, ExitError, "",
			[]string{bad + ":11: rule \"a\": invalid pattern", bad + ":12: unknown key \"colour\""}},
		{"json output", []string{"--json", "guidelines", "lint", bad}, ExitError, `"valid": false`, nil},
		{"missing subcommand", []string{"guidelines"}, ExitError, "", []string{"usage"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, nil, append([]string{"--data", t.TempDir()}, tc.args...)...)
			if r.code != tc.wantCode || !strings.Contains(r.stdout, tc.wantStdout) {
				t.Fatalf("got code %d stdout %q stderr %q, want %d and %q", r.code, r.stdout, r.stderr, tc.wantCode, tc.wantStdout)
			}
			for _, w := range tc.wantStderr {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr %q lacks %q", r.stderr, w)
				}
			}
		})
	}
}
