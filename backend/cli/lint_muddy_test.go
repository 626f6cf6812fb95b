package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const muddyDraft = `# Launch notes

Model Armor screens prompts and responses, all of it scale-to-zero on Cloud Run.

Tallyhub Go is our mobile app for phones.

It runs on iPhones with iOS 16 or later.
`

func writeMuddyDraft(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "launch.md")
	if err := os.WriteFile(p, []byte(muddyDraft), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// lint --muddy adds the muddy sentences as suggestions located in the
// file, with why and rewrite, and never changes the exit code.
func TestLintMuddyAddsSuggestions(t *testing.T) {
	t.Parallel()
	draft := writeMuddyDraft(t)
	plain := runLintCLI(t, "lint", "--json", draft)
	r := runLintCLI(t, "lint", "--json", "--muddy", draft)
	if r.code != plain.code {
		t.Fatalf("exit %d with --muddy, %d without: suggestions must not change it; stderr %s", r.code, plain.code, r.stderr)
	}
	want := map[string]struct{ line, col, endLine int }{
		"muddy/all_of_it":       {3, 1, 3},
		"muddy/distant_pronoun": {7, 1, 7},
	}
	seen := map[string]bool{}
	for _, is := range decodeLint(t, r.stdout) {
		if is.Level != "suggestion" {
			continue
		}
		w, ok := want[is.Rule]
		if !ok {
			t.Errorf("unexpected suggestion %+v", is)
			continue
		}
		seen[is.Rule] = true
		if is.Line != w.line || is.Col != w.col || is.EndLine != w.endLine {
			t.Errorf("%s at %d:%d-%d, want %d:%d-%d", is.Rule, is.Line, is.Col, is.EndLine, w.line, w.col, w.endLine)
		}
		if !strings.Contains(muddyDraft, is.Passage) || is.Message == "" || is.Suggestion == "" || is.File != draft {
			t.Errorf("suggestion %+v: passage must be the draft's sentence, with a message and a rewrite", is)
		}
	}
	for rule := range want {
		if !seen[rule] {
			t.Errorf("no %s suggestion in %s", rule, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "2 muddy-sentence suggestion(s)") {
		t.Errorf("stderr %q lacks the suggestion count", r.stderr)
	}
	for _, is := range decodeLint(t, plain.stdout) {
		if is.Level == "suggestion" {
			t.Errorf("lint without --muddy gave a muddy suggestion: %+v", is)
		}
	}
}

// The text output puts each suggestion on the Vale-style line.
func TestLintMuddyTextLine(t *testing.T) {
	t.Parallel()
	draft := writeMuddyDraft(t)
	r := runLintCLI(t, "lint", "--muddy", draft)
	line := draft + ":3:1 suggestion muddy/all_of_it "
	if !strings.Contains(r.stdout, line) {
		t.Fatalf("stdout lacks %q:\n%s", line, r.stdout)
	}
}
