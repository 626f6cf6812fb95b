package retrieval

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/progress"
	"continuity/backend/store"
)

// renamed is the offline embedder under another model name: a model change.
type renamed struct {
	*countingEmbedder
	model string
}

func (r renamed) Model() string { return r.model }

func openWith(t *testing.T, f *fixture, opts Options) {
	t.Helper()
	db, err := store.OpenDir(context.Background(), f.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), db, f.dataDir, opts)
	if err != nil {
		t.Fatal(err)
	}
	f.db, f.ix = db, ix
}

func (f *fixture) reopen(opts Options) {
	f.t.Helper()
	f.ix.Close()
	f.db.Close()
	openWith(f.t, f, opts)
}

func chunkIDs(t *testing.T, ix *Index) []string {
	t.Helper()
	all, err := ix.registryChunks(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(all))
	for i, r := range all {
		ids[i] = r.id
	}
	return ids
}

const twoSentences = "---\nid: cats\ntitle: Cats\n---\nThe cat sat on the mat. Dogs prefer the garden.\n\n| a | b |\n|---|---|\n"

func TestSentenceVectorsAreStoredAtIndexTime(t *testing.T) {
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	f.write("cats.md", twoSentences)
	f.sync()
	before := f.emb.texts.Load()
	got, err := f.ix.Sentences(context.Background(), chunkIDs(t, f.ix))
	if err != nil {
		t.Fatal(err)
	}
	if n := f.emb.texts.Load() - before; n != 0 {
		t.Fatalf("reading sentences embedded %d texts; they must come from the index", n)
	}
	var texts []string
	for id, ss := range got {
		for _, s := range ss {
			texts = append(texts, s.Text)
			chunk := f.chunkText(id)
			if chunk[s.Start:s.End] != s.Text {
				t.Errorf("offsets %d:%d give %q, text %q", s.Start, s.End, chunk[s.Start:s.End], s.Text)
			}
			want, _ := embed.NewOffline().Embed(context.Background(), []string{s.Text})
			if cos(want[0], s.Vec) < 0.9999 {
				t.Errorf("vector of %q is not the embedder's", s.Text)
			}
		}
	}
	joined := strings.Join(texts, "|")
	for _, want := range []string{"The cat sat on the mat.", "Dogs prefer the garden."} {
		if !strings.Contains(joined, want) {
			t.Errorf("sentences %q lack %q", joined, want)
		}
	}
	if strings.Contains(joined, "|---|") {
		t.Errorf("a table rule became a sentence: %q", joined)
	}
}

func (f *fixture) chunkText(id string) string {
	f.t.Helper()
	var s string
	if err := f.db.Reader().QueryRow(`SELECT text FROM index_chunks WHERE id = ?`, id).Scan(&s); err != nil {
		f.t.Fatal(err)
	}
	return s
}

func cos(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestModelChangeReembedsChunksAndSentencesWithProgress(t *testing.T) {
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	for i := range 3 {
		f.write(fmt.Sprintf("d%d.md", i), fmt.Sprintf("---\nid: d%d\ntitle: D%d\n---\nFirst fact %d here. Second fact %d there.\n", i, i, i, i))
	}
	f.sync()
	var events []progress.Event
	next := renamed{countingEmbedder: f.emb, model: "other-model"}
	before := f.emb.texts.Load()
	f.reopen(Options{Embedder: next, Sentences: true, Progress: func(e progress.Event) { events = append(events, e) }})
	if n := f.emb.texts.Load() - before; n != 3+6 {
		t.Errorf("the new model embedded %d texts, want 3 chunks + 6 sentences", n)
	}
	if len(events) == 0 || events[len(events)-1].Done != events[len(events)-1].Total {
		t.Errorf("progress events %+v: want a final Done == Total", events)
	}
	got, err := f.ix.Sentences(context.Background(), chunkIDs(t, f.ix))
	if err != nil {
		t.Fatal(err)
	}
	if n := countSentences(got); n != 6 {
		t.Errorf("%d sentences readable under the new model, want 6", n)
	}
	var stale int
	if err := f.db.Reader().QueryRow(`SELECT COUNT(*) FROM index_embeddings WHERE model <> 'other-model'`).Scan(&stale); err != nil {
		t.Fatal(err)
	}
	if stale != 0 {
		t.Errorf("%d vectors of the old model kept in the data dir", stale)
	}
	if len(f.ix.Repairs) == 0 {
		t.Error("a model change re-embedded without saying so in Repairs")
	}
}

func TestSentencesBackfilledForAnIndexBuiltWithout(t *testing.T) {
	f := newFixture(t)
	f.write("cats.md", twoSentences)
	f.sync() // the fixture's default: sentences off
	before := f.emb.texts.Load()
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	if n := f.emb.texts.Load() - before; n != 3 {
		t.Errorf("backfill embedded %d texts, want the 3 sentences (two and a table row)", n)
	}
	got, err := f.ix.Sentences(context.Background(), chunkIDs(t, f.ix))
	if err != nil {
		t.Fatal(err)
	}
	if n := countSentences(got); n != 3 {
		t.Errorf("%d sentences after backfill, want 3", n)
	}
	// An edit replaces the document's sentences; the old ones go with it.
	f.write("cats.md", strings.Replace(twoSentences, "Dogs prefer the garden.", "Birds sing.", 1))
	f.sync()
	got, err = f.ix.Sentences(context.Background(), chunkIDs(t, f.ix))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, ss := range got {
		for _, s := range ss {
			texts = append(texts, s.Text)
		}
	}
	if j := strings.Join(texts, "|"); strings.Contains(j, "Dogs") || !strings.Contains(j, "Birds sing.") {
		t.Errorf("after the edit the sentences are %q", j)
	}
}

func TestSentencesWithLSAFollowTheFit(t *testing.T) {
	f := newFixture(t)
	f.reopen(Options{Sentences: true}) // the corpus-fitted default
	f.write("cats.md", twoSentences)
	f.write("dogs.md", "---\nid: dogs\ntitle: Dogs\n---\nDogs bark at night. Cats ignore them.\n")
	f.sync()
	got, err := f.ix.Sentences(context.Background(), chunkIDs(t, f.ix))
	if err != nil {
		t.Fatal(err)
	}
	if n := countSentences(got); n != 5 {
		t.Errorf("%d sentences with LSA vectors, want 5", n)
	}
}

func countSentences(m map[string][]Sentence) int {
	n := 0
	for _, ss := range m {
		n += len(ss)
	}
	return n
}

func TestSentencesResplitWhenTheSplitterChanges(t *testing.T) {
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	f.write("cats.md", twoSentences)
	f.sync()
	// An index cut by an older splitter: one row for the whole chunk.
	if _, err := f.db.Writer().Exec(`DELETE FROM index_sentences`); err != nil {
		t.Fatal(err)
	}
	id := chunkIDs(t, f.ix)[0]
	if _, err := f.db.Writer().Exec(`INSERT INTO index_sentences(chunk_id, ordinal, start_byte, end_byte, hash) VALUES(?, 0, 0, 5, 'old')`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Writer().Exec(`UPDATE index_state SET value = '1' WHERE key = ?`, keySplitter); err != nil {
		t.Fatal(err)
	}
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	got, err := f.ix.Sentences(context.Background(), []string{id})
	if err != nil {
		t.Fatal(err)
	}
	if n := countSentences(got); n != 3 {
		t.Errorf("%d sentences after the splitter changed, want the 3 the current splitter cuts", n)
	}
}
