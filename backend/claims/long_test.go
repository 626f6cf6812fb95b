package claims_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// priceList is one line of n "Item i costs $x" entries joined by commas,
// with no period anywhere: a single sentence of n clauses.
func priceList(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "Item %d costs $%d", i, i+2)
	}
	return b.String()
}

// priceCorpus is a small in-memory corpus that states some of the prices.
var priceCorpus = staticSearch{
	{DocID: "prices", ChunkID: "prices#0", Title: "Price list", Text: "Item 1 costs $3. Item 2 costs $4. Item 3 costs $9."},
	{DocID: "faq", ChunkID: "faq#0", Title: "FAQ", Text: "Every item ships free. Refunds are open for 30 days."},
}

// BenchmarkOfflineLongSentence checks one period-free price list of
// growing length against a small in-memory corpus.
func BenchmarkOfflineLongSentence(b *testing.B) {
	for _, n := range []int{500, 2000, 8000} {
		draft := priceList(n)
		b.Run(fmt.Sprintf("%dKB", len(draft)>>10), func(b *testing.B) {
			e := claims.NewOffline()
			for b.Loop() {
				if _, err := e.Check(context.Background(), draft, priceCorpus); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
