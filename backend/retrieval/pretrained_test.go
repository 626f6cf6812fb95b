package retrieval

import (
	"context"
	"sort"
	"strings"
	"testing"

	"continuity/backend/embed/uselite/uselitetest"
)

func topDocs(t *testing.T, ix *Index, q string, k int, m Mode) []string {
	t.Helper()
	hits, err := ix.Search(context.Background(), q, k, m)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range hits {
		out = append(out, h.DocID)
	}
	return out
}

// The acceptance points of issue 13: paraphrases with no shared word find
// their passage in vector mode.
func TestPretrainedVectorsFindParaphrases(t *testing.T) {
	enc := uselitetest.Cached(t)
	t.Run("kitten on the rug finds the cat on the mat", func(t *testing.T) {
		f := newFixture(t)
		f.reopen(Options{Embedder: enc, Sentences: true})
		f.write("cat.md", "---\nid: cat\ntitle: Pets\n---\nThe cat sat on the mat.\n")
		f.write("invoice.md", "---\nid: invoice\ntitle: Invoices\n---\nSend an invoice to a client by email.\n")
		f.write("webhook.md", "---\nid: webhook\ntitle: Webhooks\n---\nWebhook deliveries are retried eight times.\n")
		f.write("password.md", "---\nid: password\ntitle: Passwords\n---\nReset your password from the sign-in page.\n")
		f.sync()
		if got := topDocs(t, f.ix, "A kitten was sitting on the rug", 4, Vector); len(got) == 0 || got[0] != "cat" {
			t.Errorf("vector hits %v: want the cat first", got)
		}
	})
	t.Run("a query sharing no word with a sample sentence finds it in the top 3", func(t *testing.T) {
		f := newFixture(t)
		f.reopen(Options{Embedder: enc})
		if _, err := f.ix.Sync(context.Background(), sampleContent(t), nil); err != nil {
			t.Fatal(err)
		}
		// help-support-hours says "We're closed on weekends."; the query
		// shares no indexed term with the chunk that says it, which the
		// test checks through BM25 itself.
		const q = "Nobody answers on Saturdays or Sundays"
		lexical := map[string]bool{}
		bm, err := f.ix.Search(context.Background(), q, 1000, BM25)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range bm {
			lexical[h.ChunkID] = true
		}
		hits, err := f.ix.Search(context.Background(), q, 3, Vector)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, h := range hits {
			found = found || (h.DocID == "help-support-hours" && !lexical[h.ChunkID])
		}
		if !found {
			t.Errorf("vector top 3 for %q: %+v, want a help-support-hours chunk BM25 cannot match", q, hits)
		}
	})
}

// topSentences ranks every stored sentence by cosine with q under the
// sentence embedder, as the claim engine compares a claim with sentences.
func topSentences(t *testing.T, ix *Index, q string, k int) []string {
	t.Helper()
	qv, err := ix.EmbedSentences(context.Background(), []string{q})
	if err != nil {
		t.Fatal(err)
	}
	byChunk, err := ix.Sentences(context.Background(), chunkIDs(t, ix))
	if err != nil {
		t.Fatal(err)
	}
	type scored struct {
		text string
		cos  float64
	}
	var all []scored
	for _, ss := range byChunk {
		for _, s := range ss {
			all = append(all, scored{s.Text, cos(qv[0], s.Vec)})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].cos > all[j].cos })
	var out []string
	for _, s := range all[:min(k, len(all))] {
		out = append(out, s.text)
	}
	return out
}

// The default layout: LSA ranks chunks, the pretrained encoder embeds the
// sentences a claim is compared with.
func TestPretrainedSentenceVectorsBesideLSAChunks(t *testing.T) {
	enc := uselitetest.Cached(t)
	f := newFixture(t)
	f.reopen(Options{Sentences: true, SentenceEmbedder: enc})
	if _, err := f.ix.Sync(context.Background(), sampleContent(t), nil); err != nil {
		t.Fatal(err)
	}
	st, err := f.ix.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Embedder != "offline-lsa" || st.SentenceModel != enc.Model() {
		t.Fatalf("stats %+v: want LSA chunks and %s sentences", st, enc.Model())
	}
	cases := []struct{ name, query, want string }{
		{"no shared word, same meaning", "Nobody answers on Saturdays or Sundays", "closed on weekends"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := topSentences(t, f.ix, c.query, 3)
			if !strings.Contains(strings.Join(got, "\n"), c.want) {
				t.Errorf("top sentences for %q:\n%s\nwant one containing %q", c.query, strings.Join(got, "\n"), c.want)
			}
		})
	}
}
