package check

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/engine"
)

// newUserPage is the five-line corpus page of issue 27's new-user trial.
const newUserPage = `# Remote work

Employees can claim up to $75 per month for home internet.
New hires get a one-time home office stipend of $500 for a desk and chair.
Expense reports are filed in Ramp within 30 days of the purchase.
The security team reviews every new laptop before it is shipped.
`

// A new user's first check, as issue 27 tried it: a five-line page, a
// six-line draft that restates each fact with one value changed, in new
// words. Each changed fact is contradicted citing what the page says;
// the vendor swapped in new words ("in Expensify" for "filed in Ramp")
// is the one the shipped model still misses (its conflict probability is
// below the cross-validated threshold), so for it the test holds what
// must never regress: it is not supported, and its card shows the
// closest passage with Ramp in it.
func TestNewUserCatchesChangedFactsInNewWords(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "content", "remote-work.md"), []byte(newUserPage), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := []struct {
		name, draft, cites string
		missed             bool // a known miss: not supported, closest shown
	}{
		{"internet allowance in new words", "We cover home internet costs of up to $50 a month.", "$75", false},
		{"stipend in new words", "Everyone who joins gets $800 once to set up a desk and chair at home.", "$500", false},
		{"tool in the same role", "Submit your expense reports in Expensify within 30 days.", "Ramp", false},
		{"window in other units", "Expenses must be filed within two weeks of the purchase.", "30 days", false},
		{"review negated", "New laptops ship straight to you without a security review.", "security team reviews", false},
	}
	lines := []string{"# Working from home"}
	for _, r := range rows {
		lines = append(lines, r.draft)
	}
	draft := strings.Join(lines, "\n\n") + "\n"
	s := openSession(t, t.TempDir(), root)
	out, err := Run(context.Background(), s, Request{Draft: draft, Source: SourceCLI, Engine: engine.Offline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := out.Record.Report
	t.Logf("model %s", rep.Model)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			var got *Claim
			for i := range rep.Claims {
				if strings.Contains(r.draft, rep.Claims[i].Text) {
					got = &rep.Claims[i]
				}
			}
			if got == nil {
				t.Fatalf("no claim for %q in %d claims", r.draft, len(rep.Claims))
			}
			if r.missed {
				if got.Verdict == string(claims.Supported) || got.Closest == nil || !strings.Contains(got.Closest.Quote, r.cites) {
					t.Errorf("%q: %s, closest %+v; want not supported, closest quoting %q", got.Text, got.Verdict, got.Closest, r.cites)
				}
				return
			}
			if got.Verdict != string(claims.Contradicted) {
				t.Errorf("%q: %s (%v), want contradicted: %s", got.Text, got.Verdict, deref(got.Confidence), got.Explanation)
				return
			}
			quoted := false
			for _, ev := range got.Evidence {
				quoted = quoted || strings.Contains(ev.Quote, r.cites)
			}
			if !quoted {
				t.Errorf("%q is contradicted without citing %q: %+v", got.Text, r.cites, got.Evidence)
			}
		})
	}
}
