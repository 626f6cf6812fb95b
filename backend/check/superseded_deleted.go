package check

import (
	"continuity/backend/claims"
	"continuity/backend/claims/numbers"
	"continuity/backend/retrieval"
)

// deletedFact names the change for a claim the engine already contradicted
// when the sentence the claim repeats was deleted with nothing in its place:
// pages are rewritten, and the new figure then arrives in a sentence of its
// own ("maximum GS salary ($183,500 in FY23)" deleted; "…which is $191,900
// as of 2024" added). It holds when the engine's evidence is on the same
// page and the claim states a figure of the deleted sentence that the
// evidence does not, while the evidence has another figure of that kind:
// the page's old figure against its new one. The evidence then stands for
// the page's current text; the verdict does not change.
func deletedFact(c *Claim, said string, s retrieval.Superseded) (Evidence, bool) {
	if c.Verdict != string(claims.Contradicted) || len(c.Evidence) == 0 || c.Evidence[0].DocID != s.DocID {
		return Evidence{}, false
	}
	e := c.Evidence[0]
	old, now := numbers.Extract(s.Text), numbers.Extract(e.Quote)
	for _, q := range numbers.Extract(said) {
		if hasQuantity(old, q) && !hasQuantity(now, q) && hasKind(now, q.Kind) {
			return e, true
		}
	}
	return Evidence{}, false
}

func hasQuantity(qs []numbers.Quantity, q numbers.Quantity) bool {
	for _, x := range qs {
		if x.Kind == q.Kind && x.Value == q.Value && x.Unit == q.Unit {
			return true
		}
	}
	return false
}

func hasKind(qs []numbers.Quantity, k numbers.Kind) bool {
	for _, x := range qs {
		if x.Kind == k {
			return true
		}
	}
	return false
}
