package claims

import (
	"strings"
	"testing"
)

// Every passage that decides the verdict on its own is cited, strongest
// first, one per document, at most MaxEvidence; passages that do not
// decide it are left out.
func TestCorroboratingEvidence(t *testing.T) {
	t.Parallel()
	p := func(doc, text string) Passage {
		return Passage{DocID: doc, ChunkID: doc + "#0", Title: doc, Text: text}
	}
	cases := []struct {
		name, claim string
		passages    []Passage
		want        Verdict
		docs        []string
	}{
		{"contradiction cited by help page and blog", "Refunds are possible within 14 days of a payment.", []Passage{
			p("blog", "Refunds are possible within 30 days of a payment, on any plan."),
			p("help", "You can get a refund within 30 days of a payment."),
			p("office", "Our office is in Berlin."),
		}, Contradicted, []string{"blog", "help"}},
		{"support cited by every page saying it", "Refunds are possible within 30 days of a payment.", []Passage{
			p("help", "You can get a refund within 30 days of a payment."),
			p("blog", "Refunds are possible within 30 days of a payment. Refunds are possible within 30 days of a payment, on any plan."),
			p("office", "Our office is in Berlin."),
		}, Supported, []string{"blog", "help"}},
		{"capped at three documents", "Refunds are possible within 14 days of a payment.", []Passage{
			p("a", "Refunds are possible within 30 days of a payment."),
			p("b", "Refunds are possible within 30 days of a payment, on any plan."),
			p("c", "Refunds are possible within 30 days of a payment to us."),
			p("d", "Refunds are possible within 30 days of a payment by card."),
		}, Contradicted, []string{"a", "b", "c"}},
		{"not covered cites nothing", "Our shop sells coffee mugs.", []Passage{
			p("help", "You can get a refund within 30 days of a payment."),
		}, NotCovered, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := NewOffline().Verify(Claim{Text: c.claim}, c.passages)
			var docs []string
			for _, ev := range r.Evidence {
				docs = append(docs, ev.DocID)
				if !strings.Contains(textOf(c.passages, ev.DocID), ev.Quote) {
					t.Fatalf("quote %q is not in %s", ev.Quote, ev.DocID)
				}
			}
			if r.Verdict != c.want || strings.Join(docs, ",") != strings.Join(c.docs, ",") {
				t.Fatalf("%s cited %v, want %s cited %v (%s)", r.Verdict, docs, c.want, c.docs, r.Explanation)
			}
		})
	}
}

func textOf(ps []Passage, doc string) string {
	for _, p := range ps {
		if p.DocID == doc {
			return p.Text
		}
	}
	return ""
}

// A wrong year is reported against the date of the same precision, not a
// bare year elsewhere in the passage.
func TestDateConflictExplanation(t *testing.T) {
	t.Parallel()
	r := NewOffline().Verify(Claim{Text: "The office reopened on January 6, 2025."},
		[]Passage{{DocID: "d", ChunkID: "d#0", Title: "Office", Text: "Office news for 2026\n\nThe office reopened on January 6, 2026."}})
	if r.Verdict != Contradicted || !strings.Contains(r.Explanation, "January 6, 2026") {
		t.Fatalf("%s: %s", r.Verdict, r.Explanation)
	}
}
