package check

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/session"
)

// historyPage is the content page whose three facts the history changes.
const historyPage = `---
title: Company policies
---
# Company policies

Refunds are accepted within 14 days of purchase.

Card payments are processed by Stripe.

Employees may bring pets to the office.
`

// gitWorkspace is a real git repository in a temp folder: the page
// committed, then a number, a vendor name and a rule's polarity changed,
// one commit each. It returns the root and the three commits.
func gitWorkspace(t *testing.T) (string, [3]string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	root := filepath.Join(t.TempDir(), "ws")
	page := filepath.Join(root, "content", "policies.md")
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
	commit("2026-01-10T09:00:00Z", historyPage, "Add the policies")
	v := strings.Replace(historyPage, "14 days", "30 days", 1)
	c1 := commit("2026-03-12T09:00:00Z", v, "New refund policy")
	v = strings.Replace(v, "by Stripe", "by Adyen", 1)
	c2 := commit("2026-04-01T09:00:00Z", v, "Switch card processor")
	v = strings.Replace(v, "may bring pets", "may not bring pets", 1)
	c3 := commit("2026-05-20T09:00:00Z", v, "No pets in the office")
	return root, [3]string{c1, c2, c3}
}

// The acceptance test of issue 28's "checks that name the change", on
// real parts: a git workspace indexed with its history as `continuity
// index --history` does, then checked as every face checks. A draft that
// states each old fact in new words is contradicted with the commit
// named; one that states the current facts is not.
func TestChecksNameTheChange(t *testing.T) {
	t.Parallel()
	root, commits := gitWorkspace(t)
	ctx := context.Background()
	s := openSession(t, t.TempDir(), root)
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.ImportHistory(ctx, ix, filepath.Join(root, "content"), session.HistoryForce, nil)
	if err != nil || run.Report.Superseded != 3 {
		t.Fatalf("history import %+v, %v; want 3 superseded sentences", run, err)
	}
	rows := []struct {
		name, old, now string
		commit         string
		says           []string // in the explanation, besides the commit
		current        string   // the evidence quotes what the page says now
	}{
		{"a number", "Customers have two weeks from purchase to ask for a refund.",
			"Customers have 30 days from purchase to ask for a refund.",
			commits[0], []string{"Until 12 Mar 2026", `"Company policies" said 14 days`, "says 30 days", `"New refund policy"`},
			"Refunds are accepted within 30 days of purchase."},
		{"a vendor name", "Stripe handles the card payments we take.", "Adyen handles the card payments we take.",
			commits[1], []string{"Until 1 Apr 2026", "Stripe", "Adyen", `"Switch card processor"`},
			"Card payments are processed by Adyen."},
		{"a rule's polarity", "Staff are allowed to bring their pets into the office.",
			"Staff are not allowed to bring their pets into the office.",
			commits[2], []string{"Until 20 May 2026", "may bring pets", "may not bring pets", `"No pets in the office"`},
			"Employees may not bring pets to the office."},
	}
	draft := func(pick func(int) string) string {
		parts := []string{"# Our policies"}
		for i := range rows {
			parts = append(parts, pick(i))
		}
		return strings.Join(parts, "\n\n") + "\n"
	}
	oldDraft := draft(func(i int) string { return rows[i].old })
	nowDraft := draft(func(i int) string { return rows[i].now })
	check := func(t *testing.T, d string) Report {
		t.Helper()
		out, err := Run(ctx, s, Request{Draft: d, Source: SourceCLI, Engine: engine.Offline}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return out.Record.Report // as stored and read back
	}
	t.Run("old facts in new words", func(t *testing.T) {
		rep := check(t, oldDraft)
		for _, r := range rows {
			t.Run(r.name, func(t *testing.T) {
				c := claimFor(t, rep, oldDraft, r.old)
				if c.Verdict != string(claims.Contradicted) || c.Superseded == nil {
					t.Fatalf("%q: %s, superseded %+v: %s", c.Text, c.Verdict, c.Superseded, c.Explanation)
				}
				if !strings.Contains(c.Explanation, "commit "+r.commit[:7]) {
					t.Errorf("explanation does not name commit %s: %s", r.commit[:7], c.Explanation)
				}
				for _, w := range r.says {
					if !strings.Contains(c.Explanation, w) {
						t.Errorf("explanation lacks %q: %s", w, c.Explanation)
					}
				}
				if c.Superseded.Commit != r.commit || c.Superseded.DocID != "policies.md" {
					t.Errorf("superseded %+v, want commit %s of policies.md", c.Superseded, r.commit)
				}
				if len(c.Evidence) == 0 || c.Evidence[0].Quote != r.current || !strings.Contains(c.Evidence[0].ChunkText, r.current) {
					t.Errorf("evidence %+v, want the current passage %q", c.Evidence, r.current)
				}
				if c.Text != oldDraft[c.Start:c.End] || !strings.HasPrefix(r.old, c.Text) {
					t.Errorf("claim text %q at %d:%d, want the writer's span of %q", c.Text, c.Start, c.End, r.old)
				}
			})
		}
		if rep.Summary.Contradicted != len(rows) {
			t.Errorf("summary %+v, want %d contradicted", rep.Summary, len(rows))
		}
		b, err := json.Marshal(ContractJSON(rep))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), `"superseded":{"text":`); n != len(rows) {
			t.Errorf("--json has %d superseded objects, want %d: %s", n, len(rows), b)
		}
	})
	t.Run("current facts", func(t *testing.T) {
		rep := check(t, nowDraft)
		for _, r := range rows {
			t.Run(r.name, func(t *testing.T) {
				c := claimFor(t, rep, nowDraft, r.now)
				if c.Verdict == string(claims.Contradicted) || c.Superseded != nil {
					t.Errorf("%q: %s, superseded %+v: %s", c.Text, c.Verdict, c.Superseded, c.Explanation)
				}
				if c.Verdict != string(claims.Supported) {
					t.Logf("%q is %s, not supported: %s", c.Text, c.Verdict, c.Explanation)
				}
			})
		}
	})
}

// claimFor is the claim of draft that lies in sentence.
func claimFor(t *testing.T, rep Report, draft, sentence string) Claim {
	t.Helper()
	at := strings.Index(draft, sentence)
	for _, c := range rep.Claims {
		if at >= 0 && c.Start >= at && c.End <= at+len(sentence) {
			return c
		}
	}
	t.Fatalf("no claim for %q in %+v", sentence, rep.Claims)
	return Claim{}
}
