package retrieval

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// newFittedFixture opens the index with its default, corpus-fitted embedder.
func newFittedFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.ix.Close()
	ix, err := Open(context.Background(), f.db, f.dataDir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f.ix = ix
	return f
}

func (f *fixture) reopenFitted() {
	f.t.Helper()
	f.ix.Close()
	ix, err := Open(context.Background(), f.db, f.dataDir, Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	f.ix = ix
}

func (f *fixture) modelAndVectors() (model string, vectors, stale int) {
	f.t.Helper()
	st, err := f.ix.Stats(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	if st.Embedder != "offline-lsa" {
		f.t.Fatalf("embedder %q, want offline-lsa", st.Embedder)
	}
	db := f.db.Reader()
	if err := db.QueryRow(`SELECT COUNT(*) FROM index_embeddings WHERE embedder = 'offline-lsa' AND model = ?`, st.EmbedModel).Scan(&vectors); err != nil {
		f.t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM index_embeddings WHERE model <> ?`, st.EmbedModel).Scan(&stale); err != nil {
		f.t.Fatal(err)
	}
	return st.EmbedModel, vectors, stale
}

func writeTopics(f *fixture, prefix string, n int) {
	topics := []string{
		"Refunds are paid back to the original card within 30 days; open Billing to request a refund.",
		"Export a dashboard to PDF or CSV from the Share menu, or share a public link.",
		"Two-factor authentication protects the account with a code from an authenticator app.",
	}
	for i := range n {
		f.write(fmt.Sprintf("%s%02d.md", prefix, i), fmt.Sprintf("# %s page %d\n\n%s\n", prefix, i, topics[i%len(topics)]))
	}
}

func TestFittedEmbedderIsStableAcrossUnchangedSyncs(t *testing.T) {
	t.Parallel()
	f := newFittedFixture(t)
	if st, _ := f.ix.Stats(context.Background()); st.EmbedModel != "untrained" {
		t.Fatalf("before the first sync the model is %q", st.EmbedModel)
	}
	writeTopics(f, "help", 6)
	f.sync()
	model, vecs, stale := f.modelAndVectors()
	if !strings.HasPrefix(model, "lsa-v1-") || vecs == 0 || stale != 0 {
		t.Fatalf("after the first sync: model %s, %d vectors, %d stale", model, vecs, stale)
	}
	hits, err := f.ix.Search(context.Background(), "money back to my card", 3, Vector)
	if err != nil || len(hits) == 0 || !strings.Contains(hits[0].Text, "Refunds") {
		t.Fatalf("vector search: %v, %+v", err, hits)
	}
	f.write("help00.md", "# help page 0\n\nRefunds are paid back to the original card within 14 days.\n")
	f.sync()
	f.reopenFitted()
	f.sync()
	again, vecs2, _ := f.modelAndVectors()
	if again != model {
		t.Errorf("an edit, a reopen and an unchanged sync refitted the model: %s then %s", model, again)
	}
	if vecs2 != vecs+1 {
		t.Errorf("%d cached vectors after one edited chunk, want %d", vecs2, vecs+1)
	}
}

func TestFittedEmbedderRefitsWhenTheCorpusDoubles(t *testing.T) {
	t.Parallel()
	f := newFittedFixture(t)
	writeTopics(f, "help", 4)
	f.sync()
	model, _, _ := f.modelAndVectors()
	writeTopics(f, "blog", 5)
	rep := f.sync()
	again, vecs, stale := f.modelAndVectors()
	if again == model {
		t.Fatalf("corpus grew from 4 to 9 documents but the model was not refitted")
	}
	if vecs != rep.Chunks || stale != 0 {
		t.Errorf("after the refit: %d vectors of the new model for %d chunks, %d of older models", vecs, rep.Chunks, stale)
	}
	if n := f.ix.vecs.Len(); n != rep.Chunks {
		t.Errorf("%d vectors in memory, %d chunks", n, rep.Chunks)
	}
}

func TestMissingModelIsRefittedAtOpen(t *testing.T) {
	t.Parallel()
	f := newFittedFixture(t)
	writeTopics(f, "help", 6)
	rep := f.sync()
	if _, err := f.db.Writer().Exec(`DELETE FROM index_models`); err != nil {
		t.Fatal(err)
	}
	f.reopenFitted()
	if len(f.ix.Repairs) == 0 || !strings.Contains(strings.Join(f.ix.Repairs, "\n"), "fitting one") {
		t.Errorf("repairs %q, want a refit", f.ix.Repairs)
	}
	model, vecs, _ := f.modelAndVectors()
	if !strings.HasPrefix(model, "lsa-v1-") || vecs != rep.Chunks || f.ix.vecs.Len() != rep.Chunks {
		t.Errorf("after repair: model %s, %d cached and %d loaded vectors for %d chunks", model, vecs, f.ix.vecs.Len(), rep.Chunks)
	}
}
