package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
)

// TestGoldenValidateReportsARowWhoseSupportingLineWasDeleted is issue 19's
// acceptance: delete the sentence Q006 quotes from its document in a copy
// of the sample workspace, and `golden validate` names row 7 as stale.
func TestGoldenValidateReportsARowWhoseSupportingLineWasDeleted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.CopyFS(ws, os.DirFS(filepath.Join("..", "..", "corpus"))))
	doc := filepath.Join(ws, "content", "help", "refund-policy.md")
	b, err := os.ReadFile(doc)
	goldenMust(t, err)
	line := " We process refund requests within two business days."
	if !strings.Contains(string(b), line) {
		t.Fatalf("the sample refund policy no longer holds %q", line)
	}
	goldenMust(t, os.WriteFile(doc, []byte(strings.Replace(string(b), line, "", 1)), 0o644))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}

	r := run(t, nil, append(base, "golden", "validate")...)
	if r.code != ExitFailed {
		t.Fatalf("exit %d, want 1 for stale rows; stdout %s stderr %s", r.code, r.stdout, r.stderr)
	}
	want := "stale: golden.xlsx row 7 (Q006): supporting line no longer occurs in help-refund-policy"
	if !strings.Contains(r.stdout, want+"\n") {
		t.Fatalf("stdout lacks %q:\n%s", want, r.stdout)
	}

	r = run(t, nil, append(base, "golden", "validate", "--json")...)
	var got struct {
		Errors    []json.RawMessage `json:"errors"`
		Stale     []golden.Issue    `json:"stale"`
		StaleRows int               `json:"stale_rows"`
		Engine    string            `json:"stale_engine"`
	}
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &got))
	if r.code != ExitFailed || len(got.Errors) != 0 || got.Engine == "" {
		t.Fatalf("--json: exit %d, %+v", r.code, got)
	}
	found := false
	for _, is := range got.Stale {
		if is.Row == 7 && is.RowID == "Q006" && is.Reason == golden.StaleLineMissing && is.Field == golden.FieldSupportingLine {
			found = true
		}
	}
	if !found {
		t.Fatalf("no supporting_line_missing finding on row 7 in %+v", got.Stale)
	}

	// the stored set numbers its rows as its export shows them: the same row 7
	if r := run(t, nil, append(base, "golden", "import")...); r.code != 0 {
		t.Fatalf("import: exit %d %s", r.code, r.stderr)
	}
	r = run(t, nil, append(base, "golden", "validate", "--set", "golden")...)
	if want := `stale: golden set "golden" row 7 (Q006): supporting line no longer occurs in help-refund-policy`; r.code != ExitFailed || !strings.Contains(r.stdout, want) {
		t.Fatalf("validate --set: exit %d, stdout lacks %q:\n%s", r.code, want, r.stdout)
	}
}

// TestEvalWarnsAboutStaleRowsBeforeRunningAndKeepsThem: eval says which
// rows are stale (with --json on stderr before it starts), runs all the
// same, and the run's warnings (scorecard JSON) keep them.
func TestEvalWarnsAboutStaleRowsBeforeRunningAndKeepsThem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.CopyFS(ws, os.DirFS(filepath.Join("..", "..", "corpus"))))
	doc := filepath.Join(ws, "content", "help", "cancel-subscription.md")
	b, err := os.ReadFile(doc)
	goldenMust(t, err)
	goldenMust(t, os.WriteFile(doc, []byte(strings.Replace(string(b), "status: published", "status: archived", 1)), 0o644))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}

	r := run(t, nil, append(base, "eval", "--golden", filepath.Join(ws, "golden.xlsx"), "--judge", "none", "--json")...)
	if r.code == ExitError {
		t.Fatalf("eval: exit %d: %s", r.code, r.stderr)
	}
	want := `stale: golden set "golden" row 8 (Q007): reference doc help-cancel-subscription is archived, no longer published`
	if !strings.Contains(r.stderr, "warning: "+want) {
		t.Fatalf("stderr lacks the stale warning %q:\n%s", want, r.stderr)
	}
	var card struct {
		Warnings []string `json:"warnings"`
	}
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &card))
	kept := false
	for _, w := range card.Warnings {
		kept = kept || w == want
	}
	if !kept {
		t.Fatalf("run warnings %q lack %q", card.Warnings, want)
	}
	// In text both streams reach the terminal: the warning is said once
	// (issue 29 item 14), in the scorecard.
	r = run(t, nil, append(base, "eval", "--set", "golden", "--judge", "none")...)
	if r.code == ExitError {
		t.Fatalf("eval (text): exit %d: %s", r.code, r.stderr)
	}
	if n := strings.Count(r.stdout+r.stderr, want); n != 1 {
		t.Fatalf("text eval says the stale warning %d times, want once:\nstdout %s\nstderr %s", n, r.stdout, r.stderr)
	}
}
