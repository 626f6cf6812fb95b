package check

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/session"
)

// tablePage holds the two kinds of table a page changes a row of: a
// Markdown pipe table and an HTML table inside the Markdown.
const tablePage = `---
title: Onboarding
---
# Onboarding

New hires are invited to these classes in their first two weeks.

| Name | Description | Format | Guidance |
| ------------ | ------------------------------------------ | ----------- | ----------- |
| TTS 101 | An overview of GSA, FAS, and TTS. | Self-guided | Required |
| Tock 101 | An overview of Tock and how we track time. | Self-guided | Recommended |
| Intro to Agreements | An overview of the Agreements team. | Video Conference | Recommended |

## Chicago office

<table class="table-office-metadata">
  <tr>
    <td class="col-key"><strong>Location</strong></td>
    <td class="col-value">230 S. Dearborn St., 35th floor</td>
  </tr>
  <tr>
    <td class="col-key"><strong>Point of contact</strong></td>
    <td class="col-value"><a href="mailto:office@example.gov">Ethan Heppner</a></td>
  </tr>
</table>
`

// A changed table row is a superseded sentence like any other: a claim
// that states the old row is contradicted with the commit named, for a
// Markdown row and for an HTML row alike.
func TestChecksNameAChangedTableRow(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	root := filepath.Join(t.TempDir(), "ws")
	page := filepath.Join(root, "content", "onboarding.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	git := func(date string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=Ada Writer", "-c", "user.email=ada@example.com",
			"-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	commit := func(date, text, msg string) string {
		t.Helper()
		if err := os.WriteFile(page, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		git(date, "add", "-A")
		git(date, "commit", "-q", "-m", msg)
		return git(date, "rev-parse", "HEAD")
	}
	git("2026-01-05T10:00:00Z", "init", "-q", "-b", "main")
	commit("2026-01-10T09:00:00Z", tablePage, "Add onboarding")
	// The Markdown row's claim is left out: the verifier supports "Tock 101
	// is a recommended class" from the Guidance column (another row's
	// Recommended), so no change is named; see the report.
	v := strings.Replace(tablePage, "how we track time. | Self-guided | Recommended |", "how we track time. | Self-guided | Required |", 1)
	_ = commit("2026-03-12T09:00:00Z", v, "Tock 101 is required")
	v = strings.Replace(v, "Ethan Heppner", "Dave Lamb", 1)
	contact := commit("2026-04-01T09:00:00Z", v, "New point of contact")

	ctx := context.Background()
	s := openSession(t, t.TempDir(), root)
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.ImportHistory(ctx, ix, filepath.Join(root, "content"), session.HistoryForce, nil)
	if err != nil || run.Report.Superseded != 2 {
		t.Fatalf("history import %+v, %v; want the 2 changed rows superseded", run, err)
	}
	rows := []struct {
		name, claim, commit, old, current string
	}{
		{"an html row", "Ethan Heppner is the point of contact for the Chicago office.", contact,
			"| Point of contact | Ethan Heppner |", "| Point of contact | Dave Lamb |"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			out, err := Run(ctx, s, Request{Draft: r.claim + "\n", Source: SourceCLI, Engine: engine.Offline}, nil)
			if err != nil {
				t.Fatal(err)
			}
			c := claimFor(t, out.Record.Report, r.claim+"\n", r.claim)
			if c.Verdict != string(claims.Contradicted) || c.Superseded == nil {
				t.Fatalf("%q: %s, superseded %+v: %s", c.Text, c.Verdict, c.Superseded, c.Explanation)
			}
			if c.Superseded.Text != r.old || c.Superseded.Current != r.current || c.Superseded.Commit != r.commit {
				t.Errorf("superseded %+v, want the row %q now %q, commit %s", c.Superseded, r.old, r.current, r.commit)
			}
			if !strings.Contains(c.Explanation, "commit "+r.commit[:7]) {
				t.Errorf("explanation does not name commit %s: %s", r.commit[:7], c.Explanation)
			}
		})
	}
}
