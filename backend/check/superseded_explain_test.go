package check

import (
	"strings"
	"testing"
	"time"

	"continuity/backend/retrieval"
)

func TestChangeExplanation(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 12, 9, 0, 0, 0, time.UTC)
	change := func(old, now string) retrieval.Superseded {
		return retrieval.Superseded{DocID: "refunds", Title: "Refunds", Text: old, Replacement: now, Current: now, Until: at,
			Commit: "1a2b3c4d5e6f", Message: "New refund policy"}
	}
	long := "Refunds are accepted within 14 days of purchase " + strings.Repeat("for every plan, region and currency ", 8) + "we sell."
	chicagoOld := `The office is on the 33rd floor, see [the building](https://www.gsa.gov/portal/content/101886).`
	chicagoNow := `The office is on the 35th floor, see [the building](https://www.gsa.gov/about-us/chicago).`
	tock := "- Engagement Management - project ID varies: This code is used for non-primary project team members for any support given to the project, including staffing, " +
		"reviews and retrospectives, and it is billed to the project at the end of each quarter."
	cases := []struct {
		name  string
		claim string
		s     retrieval.Superseded
		want  string
	}{
		{"a number", "You get a refund for two weeks.", change(oldRefund, nowRefund),
			`Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30 days (commit 1a2b3c4, "New refund policy").`},
		{"a name", "Stripe takes our card payments.", change("Card payments are processed by Stripe.", "Card payments are processed by Adyen."),
			`Until 12 Mar 2026 "Refunds" said Stripe; since then it says Adyen (commit 1a2b3c4, "New refund policy").`},
		{"a polarity quotes both sentences", "Staff can bring pets.", change("Employees may bring pets to the office.", "Employees may not bring pets to the office."),
			`Until 12 Mar 2026 "Refunds" said "Employees may bring pets to the office."; since then it says "Employees may not bring pets to the office." (commit 1a2b3c4, "New refund policy").`},
		{"changed twice: what it says now", "", func() retrieval.Superseded {
			s := change(oldRefund, "Refunds are accepted within 21 days of purchase.")
			s.Current = nowRefund
			return s
		}(), `Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30 days (commit 1a2b3c4, "New refund policy").`},
		{"only a sync saw it", "", func() retrieval.Superseded {
			s := change(oldRefund, nowRefund)
			s.Commit, s.Message = "", ""
			return s
		}(), `Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30 days.`},
		{"no title, no subject", "", func() retrieval.Superseded {
			s := change(oldRefund, nowRefund)
			s.Title, s.Message = "", ""
			return s
		}(), `Until 12 Mar 2026 "refunds" said 14 days; since then it says 30 days (commit 1a2b3c4).`},
		{"the value the claim uses, not the address", "The office is on the 33rd floor.", change(chicagoOld, chicagoNow),
			`Until 12 Mar 2026 "Refunds" said 33rd; since then it says 35th (commit 1a2b3c4, "New refund policy").`},
		{"a long sentence with two changes is quoted from before the first", "", change(tock, strings.NewReplacer("each quarter", "each month", "reviews", "audits").Replace(tock)),
			`Until 12 Mar 2026 "Refunds" said "…given to the project, including staffing, reviews and retrospectives, and it is billed to the project at the end of each quarter."; ` +
				`since then it says "…given to the project, including staffing, audits and retrospectives, and it is billed to the project at the end of each month." (commit 1a2b3c4, "New refund policy").`},
		{"many scattered changes are quoted", "", change("Therefore, you can request up to 104 hours of leave.", "Refer to the leave page for more information, including how to request it."),
			`Until 12 Mar 2026 "Refunds" said "Therefore, you can request up to 104 hours of leave."; since then it says "Refer to the leave page for more information, including how to request it." (commit 1a2b3c4, "New refund policy").`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := ChangeExplanation(c.claim, c.s); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	t.Run("a long sentence is shortened", func(t *testing.T) {
		t.Parallel()
		got := ChangeExplanation("", change(long, "Refunds are no longer accepted."))
		if !strings.Contains(got, `…"; since then it says "Refunds are no longer accepted."`) || len([]rune(got)) > 2*maxQuoted+120 {
			t.Errorf("got %s", got)
		}
	})
}

func TestSameFactChanged(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, old, now string
		want           bool
	}{
		{"a number", oldRefund, nowRefund, true},
		{"a negation", "Employees may bring pets to the office.", "Employees may not bring pets to the office.", true},
		{"only case and punctuation", "TTS Leadership approves it.", "TTS leadership approves it!", false},
		{"another sentence in its place", "Therefore, you can request up to 104 hours of leave.", "Refer to the leave page for more information.", false},
		{"removed", oldRefund, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := sameFactChanged(c.old, c.now); got != c.want {
				t.Errorf("sameFactChanged(%q, %q) = %v, want %v", c.old, c.now, got, c.want)
			}
		})
	}
}
