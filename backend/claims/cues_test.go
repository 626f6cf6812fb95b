package claims

import "testing"

// Requirement levels and quantifiers (handbook-style sentences).
func TestLevelChange(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, claim, unit, wantClaim, wantUnit string
	}{
		{"required made optional", "Ethics training is optional for new staff.", "Ethics training is required for new staff.", "optional", "required"},
		{"negated requirement is optional", "The security briefing is recommended, not required.", "The security briefing is required for all new hires.", "recommended", "required"},
		{"all against some", "All employees work from the main office.", "Some employees work from the main office.", "all", "some"},
		{"same level in other words", "Visitors must sign in at the front desk.", "All visitors are required to sign in at the front desk.", "", ""},
		{"no level word", "The library opens at nine.", "The library opens at ten.", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cw, uw := levelChange(analyze(c.claim, nil), analyze(c.unit, nil))
			if cw != c.wantClaim || uw != c.wantUnit {
				t.Fatalf("levelChange = %q, %q; want %q, %q", cw, uw, c.wantClaim, c.wantUnit)
			}
		})
	}
}

func TestOtherAddress(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, claim, unit, want string
	}{
		{"changed contact address", "Send press questions to press@example.org.", "Press questions go to media@example.org.", "press@example.org"},
		{"same address", "Send press questions to media@example.org.", "Press questions go to media@example.org.", ""},
		{"unit gives none", "Send press questions to press@example.org.", "Press questions go to the communications office.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got, _ := otherAddress(c.claim, c.unit); got != c.want {
				t.Fatalf("otherAddress = %q, want %q", got, c.want)
			}
		})
	}
}

// Polarity is compared clause by clause, with the unit clause that shares
// most of each claim clause's words.
func TestClauseNegation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, claim, unit string
		conflict          bool
	}{
		{"negated on one side", "The city museum is open to children.", "The city museum is not open to children.", true},
		{"negated on both sides, clause by clause", "The tour doesn't cost visitors anything, and it doesn't require a booking.",
			"There is no cost to visitors for the tour, and the tour does not require a booking.", false},
		{"negation in an unrelated clause", "The city museum is open to children.", "The city museum is open to children, and the café is not.", false},
		{"too few words to decide", "Your time off works.", "Time off does not work that way.", false},
		{"antonym counts as a negation", "The bridge is open to cyclists.", "The bridge is closed to cyclists.", true},
		{"every covers the named one", "Guest Wi-Fi is not available in the Annex building.", "Guest Wi-Fi is available in every building.", true},
		{"every, and the claim affirms", "Guest Wi-Fi is available in the Annex building.", "Guest Wi-Fi is available in every building.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			v, err := newCorpusView(t.Context(), []Passage{{DocID: "d", ChunkID: "d#0", Text: c.unit}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			u := v.units["d#0"][0]
			got := clauseNegation(splitClauses(c.claim, nil), u) != ""
			if got != c.conflict {
				t.Fatalf("clauseNegation fired %v, want %v", got, c.conflict)
			}
		})
	}
}

// "Only" restricts a list unless it names a share ("only part of").
func TestOnlyMarksAnExclusiveList(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       bool
	}{
		{"exclusive list", "Only Stripe processes card payments.", true},
		{"only at the end", "This is for admins only", true},
		{"a part", "Benefits are only part of the picture.", false},
		{"one of several", "Ramp is only one of the tools we use.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := analyze(c.text, nil).only; got != c.want {
				t.Fatalf("only = %v, want %v", got, c.want)
			}
		})
	}
}
