package cli

import (
	"strings"
	"testing"
)

// export-your-data.md has a required ALL CAPS issue on line 24 ("ZIP")
// before any change: lint --changed must leave it to whoever edits it.
func TestLintChangedReportsOnlyChangedLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		old, new  string
		wantCode  int
		wantLines []string
	}{
		{"clean edit passes despite an old issue", "You can export it at any time, on any plan.",
			"You can export it at any time, on every plan.", ExitOK, nil},
		{"new hype word fails on its line", "You can export it at any time, on any plan.",
			"You can export it seamlessly at any time, on any plan.", ExitFailed,
			[]string{"content/help/export-your-data.md:12:"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo := docsRepo(t)
			commitEdit(t, repo, "content/help/export-your-data.md", tc.old, tc.new)
			code, stdout, stderr := runIn(t, repo, "lint", "--changed")
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stdout %s stderr %s", code, tc.wantCode, stdout, stderr)
			}
			if strings.Contains(stdout, ":24:") {
				t.Errorf("the unchanged paragraph's issue is reported:\n%s", stdout)
			}
			lines := strings.Split(strings.TrimSpace(stdout), "\n")
			if len(tc.wantLines) == 0 && strings.TrimSpace(stdout) != "" {
				t.Fatalf("want no issue, got:\n%s", stdout)
			}
			for i, w := range tc.wantLines {
				if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
					t.Errorf("line %d of %q, want prefix %q", i, stdout, w)
				}
			}
			if !strings.Contains(stderr, "on changed lines of 1 page(s)") {
				t.Errorf("summary missing: %s", stderr)
			}
		})
	}
}
