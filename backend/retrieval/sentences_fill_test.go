package retrieval

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/progress"
)

// deferredFixture indexes n two-sentence pages with sentence vectors
// deferred to a separate counting embedder.
func deferredFixture(t *testing.T, n int) (*fixture, *countingEmbedder, Options) {
	t.Helper()
	f := newFixture(t)
	sent := &countingEmbedder{Offline: embed.NewOffline()}
	opts := Options{Embedder: f.emb, Sentences: true, SentenceEmbedder: sent, DeferSentences: true}
	f.reopen(opts)
	for i := range n {
		f.write(fmt.Sprintf("p%02d.md", i), fmt.Sprintf("---\nid: p%02d\ntitle: Page %d\n---\nPage %d keeps %d apples. It ships on day %d.\n", i, i, i, i, i))
	}
	f.sync()
	return f, sent, opts
}

func TestDeferredSyncEmbedsNoSentence(t *testing.T) {
	f, sent, _ := deferredFixture(t, 6)
	if n := sent.texts.Load(); n != 0 {
		t.Fatalf("the sync embedded %d sentences; a deferred sync embeds none", n)
	}
	have, total, err := f.ix.SentenceVectors(context.Background())
	if err != nil || have != 0 || total != 12 {
		t.Fatalf("sentence vectors %d of %d, %v; want 0 of 12", have, total, err)
	}
	// Search works at once, on BM25 and the passage vectors.
	if hits, err := f.ix.Search(context.Background(), "apples day 3", 3, Hybrid); err != nil || len(hits) == 0 {
		t.Fatalf("search right after a deferred sync: %v, %v", hits, err)
	}
	v, err := f.ix.Verify(context.Background(), f.content)
	if err != nil || !v.Clean || v.SentenceVectorsPending != 12 {
		t.Fatalf("verify: clean %v, pending %d, drift %v, %v; want clean with 12 pending", v.Clean, v.SentenceVectorsPending, v.Drift, err)
	}
}

func TestSentencesEmbedOnlyWhatIsRead(t *testing.T) {
	f, sent, _ := deferredFixture(t, 6)
	ctx := context.Background()
	got, err := f.ix.Sentences(ctx, []string{"p02#0"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got["p02#0"]) != 2 || sent.texts.Load() != 2 {
		t.Fatalf("read %d sentences embedding %d texts; want 2 and 2", len(got["p02#0"]), sent.texts.Load())
	}
	for _, s := range got["p02#0"] {
		want, _ := embed.NewOffline().Embed(ctx, []string{s.Text})
		if len(s.Vec) == 0 || cos(want[0], s.Vec) < 0.9999 {
			t.Fatalf("vector of %q is not the sentence embedder's", s.Text)
		}
	}
	// Stored: reading again embeds nothing more.
	if _, err := f.ix.Sentences(ctx, []string{"p02#0"}); err != nil || sent.texts.Load() != 2 {
		t.Fatalf("second read embedded %d texts in all, %v; want still 2", sent.texts.Load(), err)
	}
	if have, total, _ := f.ix.SentenceVectors(ctx); have != 2 || total != 12 {
		t.Fatalf("sentence vectors %d of %d; want 2 of 12", have, total)
	}
}

// The fill takes no lock: it completes while the index is open for
// writing in this process (as a check or a watcher would hold it).
func TestFillSentencesBesideAnOpenIndex(t *testing.T) {
	f, _, opts := deferredFixture(t, 6)
	ctx := context.Background()
	var events []progress.Event
	rep, err := FillSentences(ctx, f.db, opts, func(e progress.Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedded != 12 || rep.Have != 12 || rep.Total != 12 {
		t.Fatalf("fill %+v; want 12 embedded, 12 of 12", rep)
	}
	if len(events) == 0 || events[len(events)-1].Done != 12 {
		t.Fatalf("progress %v; want a last event at 12", events)
	}
	again, err := FillSentences(ctx, f.db, opts, nil)
	if err != nil || again.Embedded != 0 {
		t.Fatalf("a second fill %+v, %v; want nothing left to embed", again, err)
	}
	v, err := f.ix.Verify(ctx, f.content)
	if err != nil || !v.Clean || v.SentenceVectorsPending != 0 {
		t.Fatalf("verify after the fill: clean %v, pending %d, %v", v.Clean, v.SentenceVectorsPending, err)
	}
}

func TestFillSentencesCancelledKeepsItsPages(t *testing.T) {
	f, _, opts := deferredFixture(t, 300) // 600 sentences: two pages
	ctx, cancel := context.WithCancel(context.Background())
	_, err := FillSentences(ctx, f.db, opts, func(e progress.Event) { cancel() })
	if err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("cancelled fill: %v; want a cancellation error", err)
	}
	have, total, _ := f.ix.SentenceVectors(context.Background())
	if have != 512 || total != 600 {
		t.Fatalf("after a cancel at the first page: %d of %d; want the page of 512 kept", have, total)
	}
	rep, err := FillSentences(context.Background(), f.db, opts, nil)
	if err != nil || rep.Embedded != 88 || rep.Have != 600 {
		t.Fatalf("resumed fill %+v, %v; want the 88 left", rep, err)
	}
}

// Once complete, the count is remembered until a sync adds sentence rows.
func TestSentenceVectorsCompleteIsRememberedUntilRowsChange(t *testing.T) {
	f, _, opts := deferredFixture(t, 3)
	ctx := context.Background()
	if _, err := FillSentences(ctx, f.db, opts, nil); err != nil {
		t.Fatal(err)
	}
	if have, total, err := f.ix.SentenceVectors(ctx); err != nil || have != 6 || total != 6 {
		t.Fatalf("after the fill: %d of %d, %v; want 6 of 6", have, total, err)
	}
	if v, err := f.ix.state(ctx, keySentencesComplete); err != nil || v == "" {
		t.Fatalf("completeness not recorded: %q, %v", v, err)
	}
	f.write("p09.md", "---\nid: p09\ntitle: Page 9\n---\nPage 9 keeps 9 apples. It ships on day 9.\n")
	f.sync()
	if have, total, err := f.ix.SentenceVectors(ctx); err != nil || have != 6 || total != 8 {
		t.Fatalf("after a sync added a page: %d of %d, %v; want 6 of 8", have, total, err)
	}
}
