package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	githistory "continuity/backend/history"
)

const policiesPage = `---
title: Company policies
---
# Company policies

Refunds are accepted within 14 days of purchase. Card payments are processed by Stripe.

Employees may bring pets to the office. The office opens at nine.
`

// historyRepo is a workspace repository whose content/policies.md three
// commits change: a number, a vendor and a rule's polarity. It returns
// the repository and its first commit.
func historyRepo(t *testing.T) (string, string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	dir := filepath.Join(t.TempDir(), "ws")
	page := filepath.Join(dir, "content", "policies.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	text := policiesPage
	steps := []struct{ date, old, new, msg string }{
		{"2026-01-10T09:00:00Z", "", "", "Add the policies"},
		{"2026-03-12T09:00:00Z", "14 days", "30 days", "New refund policy"},
		{"2026-04-01T09:00:00Z", "by Stripe", "by Adyen", "Switch card processor"},
		{"2026-05-20T09:00:00Z", "may bring", "may not bring", "No pets in the office"},
	}
	var base string
	for i, s := range steps {
		if s.old != "" {
			text = strings.Replace(text, s.old, s.new, 1)
		}
		if err := os.WriteFile(page, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, dir, "add", "-A")
		cmd := exec.Command("git", "commit", "-qm", s.msg)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), append(gitTestEnv, "GIT_AUTHOR_DATE="+s.date, "GIT_COMMITTER_DATE="+s.date)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("commit: %v\n%s", err, out)
		}
		if i == 0 {
			out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
			if err != nil {
				t.Fatal(err)
			}
			base = strings.TrimSpace(string(out))
		}
	}
	return dir, base
}

func TestChangesSinceListsTheThreeCommittedChanges(t *testing.T) {
	repo, base := historyRepo(t)
	data := t.TempDir()
	code, stdout, stderr := runInData(t, data, repo, "--json", "index")
	if code != 0 {
		t.Fatalf("index exit %d: %s", code, stderr)
	}
	var ix indexJSON
	if err := json.Unmarshal([]byte(stdout), &ix); err != nil {
		t.Fatalf("index --json: %v\n%s", err, stdout)
	}
	if ix.History == nil || !ix.History.Ran || ix.History.Commits != 4 || ix.History.Superseded != 3 {
		t.Fatalf("index history %+v, want 4 commits read and 3 sentences", ix.History)
	}
	want := []struct {
		old, new, message string
		kind              githistory.Kind
	}{
		{"Refunds are accepted within 14 days of purchase.", "Refunds are accepted within 30 days of purchase.", "New refund policy", githistory.KindValue},
		{"Card payments are processed by Stripe.", "Card payments are processed by Adyen.", "Switch card processor", githistory.KindWording},
		{"Employees may bring pets to the office.", "Employees may not bring pets to the office.", "No pets in the office", githistory.KindPolarity},
	}
	listed := func(stage string) {
		t.Helper()
		code, stdout, stderr := runInData(t, data, repo, "--json", "changes", "--since", base)
		if code != 0 {
			t.Fatalf("%s: changes exit %d: %s", stage, code, stderr)
		}
		var out changesJSON
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatalf("%s: changes --json: %v\n%s", stage, err, stdout)
		}
		if len(out.Changes) != len(want) {
			t.Fatalf("%s: %d changes, want %d: %+v", stage, len(out.Changes), len(want), out.Changes)
		}
		for i, w := range want {
			c := out.Changes[i]
			if c.Old != w.old || c.New != w.new || c.Message != w.message || c.Kind != w.kind || c.Commit == "" || c.DocID != "policies.md" {
				t.Errorf("%s: change %d = %+v, want %+v", stage, i, c, w)
			}
		}
	}
	listed("after the first index")
	if code, stdout, _ := runInData(t, data, repo, "index"); code != 0 || !strings.Contains(stdout, "history    up to date") {
		t.Fatalf("second index (exit %d):\n%s", code, stdout)
	}
	listed("after a second index")

	code, stdout, _ = runInData(t, data, repo, "changes", "--since", base)
	if code != 0 || !strings.Contains(stdout, `commit `) || !strings.Contains(stdout, "value: 14 days → 30 days") ||
		!strings.Contains(stdout, "- Card payments are processed by Stripe.") {
		t.Errorf("changes text output:\n%s", stdout)
	}
}

func TestChangesAndHistoryErrors(t *testing.T) {
	plain := t.TempDir()
	if err := os.MkdirAll(filepath.Join(plain, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(plain, "content", "a.md"), []byte("# A\n\nThe office opens at nine.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"history asked for outside git", []string{"index", "--history"}, 2, "not in a git repository"},
		{"a plain sync says why no history", []string{"index"}, 0, "history    not read: the workspace is not in a git repository"},
		{"a bad since", []string{"changes", "--since", "-p"}, 2, "--since must be a date"},
		{"a revision outside git", []string{"changes", "--since", "HEAD~1"}, 2, "not in a git repository"},
		{"no change yet", []string{"changes"}, 0, "no published fact changed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runIn(t, plain, c.args...)
			if code != c.code || !strings.Contains(stdout+stderr, c.contains) {
				t.Errorf("exit %d, want %d; output %q, want it to contain %q", code, c.code, stdout+stderr, c.contains)
			}
		})
	}
}

func TestChangesWithoutGitListWhatSyncsSaw(t *testing.T) {
	ws := t.TempDir()
	page := filepath.Join(ws, "content", "policies.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(policiesPage), 0o644); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	if code, _, stderr := runInData(t, data, ws, "index"); code != 0 {
		t.Fatalf("index: %s", stderr)
	}
	if err := os.WriteFile(page, []byte(strings.Replace(policiesPage, "14 days", "30 days", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runInData(t, data, ws, "--json", "changes", "--since", "2020-01-01")
	if code != 0 {
		t.Fatalf("changes: %s", stderr)
	}
	var out changesJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Changes) != 1 || out.Changes[0].Commit != "" || out.Changes[0].New != "Refunds are accepted within 30 days of purchase." {
		t.Fatalf("changes %+v, want the one edit a sync saw", out.Changes)
	}
}

func TestAuditJSONListsChangedFacts(t *testing.T) {
	repo, base := historyRepo(t)
	code, stdout, stderr := runIn(t, repo, "--json", "audit", "--since", base)
	if code != 0 {
		t.Fatalf("audit exit %d: %s", code, stderr)
	}
	var rep struct {
		ChangedFacts []githistory.Change `json:"changed_facts"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.ChangedFacts) != 3 || rep.ChangedFacts[2].Kind != githistory.KindPolarity || rep.ChangedFacts[0].Message != "New refund policy" {
		t.Fatalf("changed_facts %+v, want the three commits' changes", rep.ChangedFacts)
	}
}
