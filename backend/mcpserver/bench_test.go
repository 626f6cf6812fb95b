package mcpserver

import (
	"context"
	"log/slog"
	"testing"
)

// BenchmarkSearchCorpus is one search_corpus call on the sample: "synced"
// syncs the index first, as every call did before the server watched the
// corpus; "watched" is a call of a server whose corpus has not changed.
func BenchmarkSearchCorpus(b *testing.B) {
	f := readOnlyFixture(b)
	srv := &Server{sess: f.sess, log: slog.New(slog.DiscardHandler)}
	ctx := context.Background()
	in := searchInput{Query: "how long do refunds take", K: 10}
	call := func(b *testing.B) {
		for b.Loop() {
			if _, out, err := srv.search(ctx, nil, in); err != nil || len(out.Hits) == 0 {
				b.Fatalf("search: %d hits, %v", len(out.Hits), err)
			}
		}
	}
	b.Run("synced", call)
	stop, err := f.sess.WatchContent(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer stop()
	if _, _, err := f.sess.FreshIndex(ctx, nil); err != nil {
		b.Fatal(err)
	}
	b.Run("watched", call)
}
