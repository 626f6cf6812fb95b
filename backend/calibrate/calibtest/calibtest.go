// Package calibtest builds the git workspace the calibrate tests share:
// three pages whose facts a team's commits changed.
package calibtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pages are three published pages; edits change one fact each, one
// commit per edit, the way a team's history changes facts.
var pages = map[string]string{
	"policies.md": `---
title: Company policies
---
# Company policies

Refunds are accepted within 14 days of purchase.

Card payments are processed by Stripe.

Employees may bring pets to the office.

The office opens at 9 am on weekdays.

Parking in the garage costs 5 euros a day.
`,
	"travel.md": `---
title: Travel
---
# Travel

Hotel stays are booked through Navan.

Employees may fly business class on flights longer than 6 hours.

The daily meal allowance abroad is 40 euros.

Travel requests need approval 10 days before departure.

Rental cars are reserved with Hertz.
`,
	"leave.md": `---
title: Leave
---
# Leave

Full-time employees get 25 days of paid leave a year.

Unused leave can be carried over to the next year.

Parental leave lasts 16 weeks.

Sick days are reported to the team lead.
`,
}

// Edits is how many edits there are: all but the last give pairs (7
// value, 3 name and 3 polarity changes in 3 documents); the last only
// rewords.
func Edits() int { return len(edits) }

// edits change a value, a name or a rule's polarity; the last one only
// rewords a sentence, which gives no pair.
var edits = []struct{ page, old, new, msg string }{
	{"policies.md", "14 days", "30 days", "New refund policy"},
	{"policies.md", "by Stripe", "by Adyen", "Switch card processor"},
	{"policies.md", "may bring pets", "may not bring pets", "No pets in the office"},
	{"policies.md", "9 am", "8 am", "Earlier opening"},
	{"policies.md", "5 euros", "8 euros", "Parking price"},
	{"travel.md", "through Navan", "through TravelPerk", "New travel agency"},
	{"travel.md", "may fly business", "may not fly business", "Economy only"},
	{"travel.md", "40 euros", "55 euros", "Meal allowance raised"},
	{"travel.md", "10 days", "14 days", "Earlier travel requests"},
	{"travel.md", "with Hertz", "with Sixt", "New rental partner"},
	{"leave.md", "25 days", "28 days", "More leave"},
	{"leave.md", "can be carried over", "cannot be carried over", "Use it or lose it"},
	{"leave.md", "16 weeks", "20 weeks", "Longer parental leave"},
	{"leave.md", "Sick days are reported to the team lead.", "Sick days are reported to the team lead by phone before noon on the first day.", "Reword sick days"},
}

// Workspace is a real git repository in a temp folder with the
// pages committed and then edited, the first n edits applied.
func Workspace(t *testing.T, n int) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	root := filepath.Join(t.TempDir(), "ws")
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=Ada Writer", "-c", "user.email=ada@example.com",
			"-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	text := map[string]string{}
	for name, body := range pages {
		text[name] = body
		writeFile(t, filepath.Join(content, name), body)
	}
	git("2026-01-05T10:00:00Z", "init", "-q", "-b", "main")
	git("2026-01-05T10:00:00Z", "add", "-A")
	git("2026-01-05T10:00:00Z", "commit", "-q", "-m", "Publish the handbook")
	for i, e := range edits[:n] {
		if !strings.Contains(text[e.page], e.old) {
			t.Fatalf("edit %d: %s has no %q", i, e.page, e.old)
		}
		text[e.page] = strings.Replace(text[e.page], e.old, e.new, 1)
		writeFile(t, filepath.Join(content, e.page), text[e.page])
		date := "2026-02-" + twoDigits(i+1) + "T09:00:00Z"
		git(date, "add", "-A")
		git(date, "commit", "-q", "-m", e.msg)
	}
	return root
}

func twoDigits(n int) string { return string([]byte{byte('0' + n/10), byte('0' + n%10)}) }

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
