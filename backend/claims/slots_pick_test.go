package claims

import (
	"strings"
	"testing"
)

// TestConflictNamesTheFigureInTheClaimsPlace: of several figures in one
// sentence, the explanation quotes the one whose neighbours are the
// claim's, not the first.
func TestConflictNamesTheFigureInTheClaimsPlace(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, claim, passage, says string }{
		{"a second figure shares the claim's words", "Uploads are kept for 45 days in the archive.",
			"Reports are kept for 7 days in the inbox and uploads are kept for 30 days in the archive.", "30 days"},
		{"a figure beside the claim's plan", "The Team plan allows up to 25 users.",
			"Starter allows 1 user and the Team plan allows up to 10 users.", "10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := NewOffline().Verify(Claim{Text: c.claim}, []Passage{{DocID: "d", ChunkID: "d#0", Title: "Limits", Text: c.passage}})
			if r.Verdict != Contradicted || !strings.Contains(r.Explanation, "corpus says "+c.says+";") {
				t.Fatalf("%q: %s (%s); want contradicted saying %q", c.claim, r.Verdict, r.Explanation, c.says)
			}
		})
	}
}

// The remembered answer is claimHasValue's for every claim quantity and
// figure, asked in any order.
func TestValueMemoAnswersAsClaimHasValue(t *testing.T) {
	t.Parallel()
	ca := analyze("Starter costs $9, Team costs $29 and Business costs $29; reports are kept for 30 days or 1 month.", nil)
	other := analyze("Prices: $9, $29, $79 a month; 30 days, 4 weeks, 2 months.", nil)
	m := valueMemo{}
	for round := range 2 {
		for i := range ca.qty {
			for _, q := range other.qty {
				if got, want := m.has(ca, i, q), claimHasValue(ca, i, q); got != want {
					t.Fatalf("round %d: claim quantity %d (%s), figure %s: memo %v, want %v", round, i, ca.qtext[i], q, got, want)
				}
			}
		}
	}
}

// A level after "rather than" or "instead of" is the one the claim denies.
func TestLevelDeniedByAContrast(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, claim, unit, says string }{
		{"rather than", "Safety Basics is a recommended class rather than a required one.", "| Safety Basics | Required |", "required"},
		{"instead of", "The review is optional instead of mandatory.", "The review is mandatory.", "mandatory"},
		{"a plain pair is no change", "Safety Basics is required and recommended.", "| Safety Basics | Required |", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if _, uw := levelChange(analyze(c.claim, nil), analyze(c.unit, nil)); uw != c.says {
				t.Fatalf("%q against %q: corpus level %q, want %q", c.claim, c.unit, uw, c.says)
			}
		})
	}
}
