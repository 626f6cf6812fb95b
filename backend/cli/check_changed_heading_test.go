package cli

import (
	"strings"
	"testing"
)

// Issue 30: a heading that states a fact is checked like a paragraph.
// Changing "## Full refunds within 30 days" to 45 days in the refund page
// is contradicted by the pages that still say 30 days, at the heading's
// line; a renamed topic heading beside it is not checked at all.
func TestCheckChangedFactHeadingIsContradicted(t *testing.T) {
	t.Parallel()
	repo := docsRepo(t)
	commitEdit(t, repo, "content/help/refund-policy.md", "## Full refunds within 30 days", "## Full refunds within 45 days")
	commitEdit(t, repo, "content/help/refund-policy.md", "## How to request a refund", "## How to ask for a refund")
	code, stdout, stderr := runIn(t, repo, "--json", "check", "--changed", "--engine", "offline", "--base", "main")
	rep := decodeChanged(t, stdout)
	if code != ExitFailed || len(rep.Files) != 1 || rep.Paragraphs != 1 || rep.Summary.Contradicted != 1 {
		t.Fatalf("exit %d, json %s, stderr %s", code, stdout, stderr)
	}
	p := rep.Files[0].Paragraphs[0]
	if p.StartLine != 14 || len(p.Claims) != 1 {
		t.Fatalf("paragraph %+v", p)
	}
	c := p.Claims[0]
	if c.Verdict != "contradicted" || c.Text != "Full refunds within 45 days" || c.Line != 14 || c.Col != 4 ||
		len(c.Evidence) == 0 || !strings.Contains(c.Evidence[0].Quote, "30 days") || c.Evidence[0].DocID == "help-refund-policy" {
		t.Fatalf("claim %+v", c)
	}
}
