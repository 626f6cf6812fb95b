package retrieval

import (
	"context"
	"testing"
)

// Opening an index whose superseded rows all have vectors loads them and
// stops; a row whose vector was lost (a pruned cache) is embedded again.
func TestSupersededVectorsCompleteOnOpen(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	f.write("refunds.md", refundsV2)
	f.sync()
	ctx := context.Background()
	rows, err := f.ix.count(ctx, "index_superseded")
	if err != nil || rows != 3 {
		t.Fatalf("superseded rows %d, %v; want 3", rows, err)
	}
	f.reopenSentences()
	if got := f.ix.supVecs.Len(); got != rows {
		t.Fatalf("loaded %d superseded vectors, want %d", got, rows)
	}
	var hash string
	if err := f.db.Writer().QueryRowContext(ctx, `SELECT hash FROM index_superseded WHERE text = ?`, "Payments are processed by Stripe.").Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Writer().ExecContext(ctx, `DELETE FROM index_embeddings WHERE hash = ?`, hash); err != nil {
		t.Fatal(err)
	}
	f.reopenSentences()
	if got := f.ix.supVecs.Len(); got != rows {
		t.Fatalf("after a lost vector: loaded %d, want %d", got, rows)
	}
	hits, err := f.ix.SearchSuperseded(ctx, "processed by Stripe", 1)
	if err != nil || len(hits) != 1 || hits[0].Text != "Payments are processed by Stripe." {
		t.Fatalf("search after the vector came back: %+v, %v", hits, err)
	}
}
