package claims_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// A claim read from a piece of an overlong sentence says so; every other
// claim, in the same draft or another, carries no such flag.
func TestFlagCutSentences(t *testing.T) {
	t.Parallel()
	priceList := list(600, ", ", func(i int) string { return fmt.Sprintf("Item %d costs $%d", i, i+2) })
	lines := list(4000, "\n", func(i int) string { return fmt.Sprintf("Widget %d costs $%d.%02d", i, i%90+1, i%100) })
	cases := []struct {
		name    string
		draft   string
		flagged func(c claims.Claim) bool // which claims must carry the flag
	}{
		{name: "prose", draft: "The Team plan costs $19 per month. Refunds take 30 days.\n\n# Prices\n\nIt runs on iPhones.",
			flagged: func(claims.Claim) bool { return false }},
		{name: "one-line price list after prose", draft: "The Team plan costs $19 per month.\n\n" + priceList + "\n\nRefunds take 30 days.",
			flagged: func(c claims.Claim) bool { return strings.HasPrefix(c.Text, "Item") }},
		{name: "4,000-line price list", draft: lines,
			flagged: func(claims.Claim) bool { return true }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cl := claims.Decompose(tc.draft)
			if len(cl) < 2 || len(cl) > claims.MaxClaims {
				t.Fatalf("%d claims", len(cl))
			}
			results := make([]claims.Result, len(cl))
			for i, c := range cl {
				results[i].Claim = c
			}
			claims.FlagCutSentences(tc.draft, results)
			claims.FlagCutSentences(tc.draft, results) // once only, however often it runs
			for _, r := range results {
				want := []string(nil)
				if tc.flagged(r.Claim) {
					want = []string{claims.FlagCutSentence}
				}
				if !slices.Equal(r.Flags, want) {
					t.Fatalf("claim %.60q: flags %v, want %v", r.Text, r.Flags, want)
				}
			}
		})
	}
}

// BenchmarkLongLineDrafts times the price lists with no sentence end
// (issue 29: a 4,000-line list is to take at most 2 s).
func BenchmarkLongLineDrafts(b *testing.B) {
	drafts := map[string]string{
		"1 MB line":       longDraft(1<<20, longShapes[0].sep, longShapes[0].item),
		"4,000-line list": list(4000, "\n", func(i int) string { return fmt.Sprintf("Widget %d costs $%d.%02d", i, i%90+1, i%100) }),
	}
	e := claims.NewOffline()
	for name, d := range drafts {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Check(b.Context(), d, priceCorpus); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
