package claims

import "testing"

// Each case names the linguistic phenomenon a rule handles; the passages
// are invented so that no rule is keyed to the sample corpus.
func TestPhenomena(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, claim, title, passage string
		want                        Verdict
	}{
		{"day range excludes a weekend day", "Our desk answers calls on Saturdays from 09:00 to 17:00.", "Desk hours",
			"Our desk answers calls Monday to Friday, 09:00 to 17:00. We're closed on weekends.", Contradicted},
		{"day inside a day range", "Our desk answers calls on Tuesdays from 09:00 to 17:00.", "Desk hours",
			"Our desk answers calls Monday to Friday, 09:00 to 17:00.", Supported},
		{"close percentages differ", "The archive keeps 99.99% of uploaded photos.", "Archive",
			"The archive keeps 99.95% of uploaded photos.", Contradicted},
		{"contrast ends negation scope", "Parcels are shipped by Fastway.", "Shipping",
			"We don't use Ziptrack any more, but parcels are shipped by Fastway.", Supported},
		{"compound name head", "Brightly Notes syncs every note to your phone.", "Notes",
			"Notes syncs every note to your phone.", Supported},
		{"british spelling", "Members can book rooms at the Trust Centre.", "Rooms",
			"Members can book rooms at the Trust Center.", Supported},
		{"same count, different following word", "The server answers with a 503 status when it is busy.", "Errors",
			"When busy, the server answers with status 503 Service Unavailable.", Supported},
		{"table column holds one entity's facts", "Plus costs $9 and includes offline maps.", "Plans",
			"| | Basic | Plus |\n|---|---|---|\n| Offline maps | — | ✓ |\n| Price | $5 | $9 |", Supported},
		{"restricted case does not refute a general figure", "Every member can borrow 5 books at a time.", "Library",
			"Every member can borrow 5 books at a time. Gold members can borrow 10 books at a time.", Supported},
		{"antonym counted once", "Backups never leave the region you picked.", "Regions",
			"You pick a region. All data then stays in that region, backups included.", Supported},
		{"history sentence never decides", "The loan period is 14 days.", "Loans",
			"Until now, the loan period was 14 days.", NotCovered},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := NewOffline().Verify(Claim{Text: c.claim}, []Passage{{DocID: "d", ChunkID: "d#0", Title: c.title, Text: c.passage}})
			if r.Verdict != c.want {
				t.Fatalf("%q: %s, want %s (%s)", c.claim, r.Verdict, c.want, r.Explanation)
			}
		})
	}
}
