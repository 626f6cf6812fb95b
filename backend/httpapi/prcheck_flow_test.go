package httpapi_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/cli"
	"continuity/backend/team"
)

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=ci", "GIT_AUTHOR_EMAIL=ci@example.com", "GIT_COMMITTER_NAME=ci",
		"GIT_COMMITTER_EMAIL=ci@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestAPullRequestsFindingsAreRecordedOnTheServer: CI checks a change with
// `check --changed --server`, gates on it as before, and the team reads
// the findings on the server.
func TestAPullRequestsFindingsAreRecordedOnTheServer(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "docs")
	if err := os.CopyFS(repo, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "init", "-q", "-b", "main")
	git(t, repo, "add", "-A")
	git(t, repo, "commit", "-qm", "sample")
	git(t, repo, "checkout", "-qb", "change")
	page := filepath.Join(repo, "content/help/refund-policy.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(strings.Replace(string(b), "within **30 days** of any payment", "within **14 days** of any payment", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "commit", "-qam", "shorter refunds")

	t.Setenv("CONTINUITY_TOKEN", user(t, team.Writer))
	var out, errb bytes.Buffer
	code := cli.Main(context.Background(), []string{"--data", t.TempDir(), "--corpus", repo, "check", "--changed", "--engine", "offline",
		"--server", fx.http.URL, "--ref", "refs/pull/7/merge"}, cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	if code != 1 || !strings.Contains(errb.String(), "findings recorded on") {
		t.Fatalf("check --changed --server: exit %d (want 1: a contradiction)\n%s\n%s", code, out.String(), errb.String())
	}
	var list struct {
		Checks []struct {
			Ref          string `json:"ref"`
			CreatedBy    string `json:"created_by"`
			Contradicted int    `json:"contradicted"`
		} `json:"checks"`
	}
	if got := do(t, fx.http.URL, user(t, team.Manager), "GET", wsPath("/pr-checks"), nil, &list); got != 200 || len(list.Checks) == 0 {
		t.Fatalf("manager reads PR checks: %d %+v", got, list)
	}
	if c := list.Checks[0]; c.Ref != "refs/pull/7/merge" || c.Contradicted < 1 || c.CreatedBy == "" {
		t.Fatalf("recorded check %+v: want the PR's ref, its contradiction and the CI user", c)
	}
	if got := do(t, fx.http.URL, user(t, team.Writer), "GET", wsPath("/pr-checks"), nil, nil); got != 403 {
		t.Fatalf("a writer lists the PR checks: %d, want 403", got)
	}
}
