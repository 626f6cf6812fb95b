package check

import (
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// A claim the engine contradicted with a sentence of the page names the
// change when it repeats a figure of a sentence deleted from that page,
// which the cited sentence replaces with another figure of its kind.
func TestDeletedFactNamesThePagesOldFigure(t *testing.T) {
	t.Parallel()
	deleted := retrieval.Superseded{DocID: "overtime", Text: "One is your salary: if your salary is at or close to the maximum GS salary ($183,500 in FY23)."}
	now := Evidence{DocID: "overtime", Quote: "Your total pay cannot exceed the maximum salary at GSA, which is $191,900 as of 2024."}
	said := "GSA's maximum salary, which also caps total pay including overtime, is $183,500."
	contradicted := func(e ...Evidence) *Claim { return &Claim{Verdict: string(claims.Contradicted), Evidence: e} }
	cases := []struct {
		name string
		c    *Claim
		said string
		s    retrieval.Superseded
		want bool
	}{
		{"the old figure against the page's new one", contradicted(now), said, deleted, true},
		{"not contradicted: the verdict is the engine's", &Claim{Verdict: string(claims.NotCovered), Evidence: []Evidence{now}}, said, deleted, false},
		{"contradicted by another page", contradicted(Evidence{DocID: "pay", Quote: now.Quote}), said, deleted, false},
		{"the claim does not use the deleted figure", contradicted(now), "GSA's maximum salary is $150,000.", deleted, false},
		{"the evidence states the same figure", contradicted(Evidence{DocID: "overtime", Quote: "The cap was $183,500 in FY23."}), said, deleted, false},
		{"the evidence has no figure of that kind", contradicted(Evidence{DocID: "overtime", Quote: "Overtime needs your supervisor's approval."}), said, deleted, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, got := deletedFact(tc.c, tc.said, tc.s); got != tc.want {
				t.Fatalf("deletedFact = %v, want %v", got, tc.want)
			}
		})
	}
}

// A changed figure the claim uses is named once and alone, without the
// words the diff paired around it.
func TestChangedValuesNameTheFigureOnce(t *testing.T) {
	t.Parallel()
	was, is := changedValues("In the DC office, the gendered bathrooms are at the end of the 3100 wing.",
		"Gendered bathrooms are located at the end of the 3100 wing.", "Gendered bathrooms are located around the corner 6140 wing.")
	if was != "3100" || is != "6140" {
		t.Fatalf("changedValues = %q → %q, want 3100 → 6140", was, is)
	}
}

func TestSharedWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, said, old string
		want            int
	}{
		{"a word and a figure in other words", "You get a refund for two weeks.", "Refunds are accepted within 14 days of purchase.", 2},
		{"short words do not count", "It is on the way.", "It is on the way to the office.", 0},
		{"each stem once", "Refunds, refunds, refunded.", "Refunds are accepted.", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := sharedWords(tc.said, tc.old); got != tc.want {
				t.Fatalf("sharedWords = %d, want %d", got, tc.want)
			}
		})
	}
}
