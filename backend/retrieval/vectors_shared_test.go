package retrieval

import (
	"context"
	"path/filepath"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
)

// sentenceRows counts the data dir's vectors of model and the bytes they
// hold.
func (f *fixture) vectorRows(model string) (rows, bytes int) {
	f.t.Helper()
	if err := f.db.Reader().QueryRow(`SELECT COUNT(*), COALESCE(SUM(length(vec)), 0) FROM index_embeddings WHERE model = ?`,
		model).Scan(&rows, &bytes); err != nil {
		f.t.Fatal(err)
	}
	return rows, bytes
}

func (f *fixture) sentenceVecsMatch(want int) {
	f.t.Helper()
	got, err := f.ix.Sentences(context.Background(), chunkIDs(f.t, f.ix))
	if err != nil {
		f.t.Fatal(err)
	}
	if n := countSentences(got); n != want {
		f.t.Fatalf("%d sentences, want %d", n, want)
	}
	for _, ss := range got {
		for _, s := range ss {
			ref, _ := embed.NewOffline().Embed(context.Background(), []string{s.Text})
			if s.Vec == nil || cos(ref[0], s.Vec) < 0.9999 {
				f.t.Errorf("vector of %q is not the embedder's", s.Text)
			}
		}
	}
}

// Issue 32 item 4: with the shared cache behind the sentence embedder, the
// data dir keeps references, not a second copy, and a check still reads
// every vector; without the cache they are computed again and kept.
func TestSentenceVectorsAreStoredOnce(t *testing.T) {
	ctx := context.Background()
	c, err := cache.Open(ctx, filepath.Join(t.TempDir(), cache.FileName), cache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	inner := &countingEmbedder{Offline: embed.NewOffline()}
	const model = "sentences-1"
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, SentenceEmbedder: c.Wrap(renamed{inner, model}), Sentences: true})
	f.write("cats.md", twoSentences)
	f.write("refunds.md", "---\nid: refunds\ntitle: Refunds\n---\nRefunds take 30 days. Gift cards are final.\n")
	f.sync()

	const sentences = 5 // two of each page's text and the table's row
	rows, bytes := f.vectorRows(model)
	if rows != sentences || bytes != 0 {
		t.Fatalf("data dir keeps %d sentence vectors in %d bytes; want %d references of 0 bytes", rows, bytes, sentences)
	}
	if _, b := f.vectorRows(f.emb.Model()); b == 0 {
		t.Fatal("passage vectors must stay in the data dir: every open loads them")
	}
	if have, total, err := f.ix.SentenceVectors(ctx); err != nil || have != total || total != sentences {
		t.Fatalf("sentence vectors %d of %d (%v); references count as present", have, total, err)
	}
	computed := inner.texts.Load()
	f.sentenceVecsMatch(sentences)
	if n := inner.texts.Load() - computed; n != 0 {
		t.Fatalf("reading sentences computed %d vectors; the shared cache holds them", n)
	}

	t.Run("a page rewritten keeps its old sentence searchable by vector", func(t *testing.T) {
		f.write("refunds.md", "---\nid: refunds\ntitle: Refunds\n---\nRefunds take 14 days. Gift cards are final.\n")
		f.sync()
		hits, err := f.ix.SearchSuperseded(ctx, "Refunds take 30 days.", 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Text != "Refunds take 30 days." || hits[0].Vec == nil {
			t.Fatalf("superseded hits %+v: want the old refund sentence with its vector", hits)
		}
	})

	t.Run("without the cache the vectors are computed again and kept", func(t *testing.T) {
		f.reopen(Options{Embedder: f.emb, SentenceEmbedder: renamed{inner, model}, Sentences: true})
		before := inner.texts.Load()
		f.sentenceVecsMatch(sentences)
		if inner.texts.Load() == before {
			t.Fatal("no vector computed: the references must not be read as vectors")
		}
		if rows, bytes := f.vectorRows(model); bytes == 0 {
			t.Fatalf("%d rows, 0 bytes: the recomputed vectors must replace the references", rows)
		}
		before = inner.texts.Load()
		f.sentenceVecsMatch(sentences)
		if n := inner.texts.Load() - before; n != 0 {
			t.Fatalf("a second read computed %d vectors", n)
		}
	})
}

// A deferred sync's fill (what a session runs after the sync) keeps
// references too: FillSentences opens the index with the sentence embedder
// only.
func TestFilledSentenceVectorsAreStoredOnce(t *testing.T) {
	ctx := context.Background()
	c, err := cache.Open(ctx, filepath.Join(t.TempDir(), cache.FileName), cache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const model = "sentences-1"
	// No Embedder: passages get the corpus-fitted LSA, as in a session.
	opts := Options{SentenceEmbedder: c.Wrap(renamed{&countingEmbedder{Offline: embed.NewOffline()}, model}),
		Sentences: true, DeferSentences: true}
	f := newFixture(t)
	f.reopen(opts)
	f.write("cats.md", twoSentences)
	f.sync()
	if rows, _ := f.vectorRows(model); rows != 0 {
		t.Fatalf("a deferred sync stored %d sentence vectors", rows)
	}
	rep, err := FillSentences(ctx, f.db, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Have != rep.Total || rep.Total != 3 {
		t.Fatalf("fill %+v: want all 3 sentences", rep)
	}
	if rows, bytes := f.vectorRows(model); rows != 3 || bytes != 0 {
		t.Fatalf("the fill kept %d sentence vectors in %d bytes; want 3 references", rows, bytes)
	}
	f.sentenceVecsMatch(3)
}
