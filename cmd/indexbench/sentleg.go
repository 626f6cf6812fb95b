package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/retrieval"
)

// The -sentleg experiment. A claim usually restates one sentence of its
// passage, and USE-lite was trained on sentences while a chunk vector
// averages ~200 words over 128-token windows; scoring a chunk by its
// best-matching sentence might find passages the chunk vector misses.

// errLegChunks is returned when the chunks or their sentence vectors
// cannot all be read back.
var errLegChunks = errors.New("sentence legs")

// legChunk is what the legs know of one indexed chunk.
type legChunk struct {
	doc, text string
	words     chunkWords
	sents     [][]float32 // its sentences' unit vectors, in order
}

// legClaim is one claim's inputs to every leg, computed once.
type legClaim struct {
	bm, chunk, lsa    []retrieval.Scored // BM25 and the two chunk-vector lists, legDepth deep
	chunkCos          map[string]float64 // every chunk's cosine under the index's embedder
	sentMax, sentTop2 map[string]float64
	exact             map[string]bool
	lists             [][]retrieval.Scored // by leg
}

// leg turns a claim's inputs into one vector list. threeWay legs also go
// into the BM25 + LSA chunk + leg fusion (the LSA leg itself would count
// LSA twice).
type leg struct {
	name     string
	threeWay bool
	list     func(c legClaim) []retrieval.Scored
}

var legs = []leg{
	{"LSA chunk vector (second index)", false, func(c legClaim) []retrieval.Scored { return c.lsa }},
	{"chunk vector (this index's own)", true, func(c legClaim) []retrieval.Scored { return c.chunk }},
	{"sentence max", true, func(c legClaim) []retrieval.Scored { return topScored(c.sentMax) }},
	{"sentence mean of top 2", true, func(c legClaim) []retrieval.Scored { return topScored(c.sentTop2) }},
	{"0.5 sentence max + 0.5 chunk", true, func(c legClaim) []retrieval.Scored {
		m := make(map[string]float64, len(c.sentMax))
		for id, s := range c.sentMax {
			m[id] = 0.5*s + 0.5*c.chunkCos[id]
		}
		return topScored(m)
	}},
}

// defaultLegAlphas is the BM25 share sweep when -alphas is unset.
const defaultLegAlphas = "0.5,0.6,0.7,0.75,0.8,0.85,0.9,0.95"

// sentenceLegs prints each leg alone, fused with BM25, and in the 3-way
// fusion; lsaWork holds the LSA index (unless -embedder is lsa already).
func (ev hbEval) sentenceLegs(ctx context.Context, content, lsaWork string, o corpus.ChunkOptions) error {
	chunks, err := ev.loadLegChunks(ctx)
	if err != nil {
		return err
	}
	lsa := ev.ix
	if embedderKind != embLSA && embedderKind != "" {
		ix, done, err := openLSA(ctx, content, lsaWork, o)
		if err != nil {
			return err
		}
		defer done()
		lsa = ix
	}
	claims := make([]legClaim, len(ev.claims))
	var scan time.Duration
	for i, c := range ev.claims {
		if claims[i], err = ev.newLegClaim(ctx, lsa, chunks, c.Claim, &scan); err != nil {
			return fmt.Errorf("claim %s: %w", c.ID, err)
		}
	}
	fmt.Printf("sentence scan (max and top 2 over every sentence): %s per claim\n", (scan / time.Duration(len(claims))).Round(time.Microsecond))
	ranked := func(f func(c legClaim) []string) hbScores {
		var s hbScores
		for i, c := range claims {
			ids := f(c)
			ids = ids[:min(100, len(ids))] // the depth hbEval.score searches
			docs := make([]string, 0, 10)
			for _, id := range ids {
				if d := chunks[id].doc; !slices.Contains(docs, d) && len(docs) < 10 {
					docs = append(docs, d)
				}
			}
			r := slices.IndexFunc(ids, func(id string) bool { return ev.claims[i].passage.in(chunks[id].words) }) + 1
			s.add(r, ev.docRank(ev.claims[i], docs))
		}
		s.mean(len(claims))
		return s
	}
	fmt.Printf("\nvector legs alone, embedder %s (the first row is LSA whatever -embedder)\n%s\n", embedderKind, hbHeader("vector leg"))
	for li, l := range legs {
		ranked(func(c legClaim) []string { return idsOf(c.lists[li]) }).print(l.name)
	}
	shares := alphas
	if shares == "" {
		shares = defaultLegAlphas
	}
	sweep, err := parseAlphas(shares)
	if err != nil {
		return err
	}
	fmt.Printf("\nweighted min-max fusion with BM25 (α = BM25 share; exact quotes promoted, as the index does)\n%s\n", hbHeader("leg, α"))
	for li, l := range legs {
		best, bestA := hbScores{ndcg10: -1}, 0.0
		for _, a := range sweep {
			s := ranked(func(c legClaim) []string { return fuse2(c.bm, c.lists[li], a, c.exact) })
			s.print(fmt.Sprintf("%s, α=%.2f", l.name, a))
			if s.ndcg10 > best.ndcg10 {
				best, bestA = s, a
			}
		}
		fmt.Printf("| **best: %s, α=%.2f** | | | | | **%.4f** | | | |\n", l.name, bestA, best.ndcg10)
	}
	fmt.Printf("\n3-way weighted min-max fusion: BM25 + LSA chunk vectors + leg (weights BM25/LSA/leg)\n%s\n", hbHeader("leg, weights"))
	best, bestLabel := -1.0, ""
	for li, l := range legs {
		if !l.threeWay {
			continue
		}
		for _, wb := range []float64{0.6, 0.7, 0.75, 0.8, 0.85} {
			for _, part := range []float64{0.25, 0.5, 0.75} { // the leg's part of what BM25 leaves
				w := []float64{wb, (1 - wb) * (1 - part), (1 - wb) * part}
				label := fmt.Sprintf("%s, %.2f/%.3f/%.3f", l.name, w[0], w[1], w[2])
				s := ranked(func(c legClaim) []string {
					return fuseWeighted([][]retrieval.Scored{c.bm, c.lsa, c.lists[li]}, w, c.exact)
				})
				s.print(label)
				if s.ndcg10 > best {
					best, bestLabel = s.ndcg10, label
				}
			}
		}
	}
	fmt.Printf("best 3-way on handbook-dev: %s (passage nDCG@10 %.4f)\n", bestLabel, best)
	return nil
}

// loadLegChunks reads every chunk and its sentence vectors. There is no
// "all chunks" call, so a vector search as deep as the index lists them.
func (ev hbEval) loadLegChunks(ctx context.Context) (map[string]*legChunk, error) {
	st, err := ev.ix.Stats(ctx)
	if err != nil {
		return nil, err
	}
	hits, err := ev.ix.Search(ctx, ev.claims[0].Claim, st.Chunks, retrieval.Vector)
	if err != nil {
		return nil, fmt.Errorf("%w: list chunks: %w", errLegChunks, err)
	}
	if len(hits) != st.Chunks {
		return nil, fmt.Errorf("%w: a full vector search listed %d of %d chunks", errLegChunks, len(hits), st.Chunks)
	}
	chunks, ids := map[string]*legChunk{}, make([]string, len(hits))
	for i, h := range hits {
		chunks[h.ChunkID], ids[i] = &legChunk{doc: h.DocID, text: h.Text, words: newChunkWords(h.Text)}, h.ChunkID
	}
	start := time.Now()
	sents, err := ev.ix.Sentences(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errLegChunks, err)
	}
	read := time.Since(start)
	rows, dim, bare, distinct := 0, 0, 0, map[string]bool{}
	for _, id := range ids {
		for _, s := range sents[id] {
			v := slices.Clone(s.Vec)
			embed.Normalize(v) // stored unit already for these models; a cosine must not depend on it
			chunks[id].sents = append(chunks[id].sents, v)
			rows, dim, distinct[s.Text] = rows+1, len(v), true
		}
		if len(sents[id]) == 0 {
			bare++
		}
	}
	if rows == 0 {
		return nil, fmt.Errorf("%w: no sentence vectors (was the index opened with Sentences?)", errLegChunks)
	}
	mib := func(n int) float64 { return float64(n*dim*4) / (1 << 20) }
	fmt.Printf("\nsentence vectors: %d chunks, %d sentence rows (%.1f per chunk; %d distinct texts), %d-d float32 = %.1f MiB as loaded (%.1f MiB distinct); read in %s; %d chunks without a sentence\n",
		len(ids), rows, float64(rows)/float64(len(ids)), len(distinct), dim, mib(rows), mib(len(distinct)), read.Round(time.Millisecond), bare)
	return chunks, nil
}

// newLegClaim computes one claim's lists; scan accumulates the sentence
// scoring time, the cost a sentence leg adds to a query.
func (ev hbEval) newLegClaim(ctx context.Context, lsa *retrieval.Index, chunks map[string]*legChunk, claim string, scan *time.Duration) (legClaim, error) {
	var c legClaim
	bm, err := ev.ix.Search(ctx, claim, legDepth, retrieval.BM25)
	if err != nil {
		return c, err
	}
	// Search puts exact quotes first; fusion wants BM25's own order.
	c.bm = scoredOf(bm)
	slices.SortStableFunc(c.bm, func(a, b retrieval.Scored) int { return cmp.Compare(b.Score, a.Score) })
	c.exact = exactQuotes(claim, c.bm, func(id string) string { return chunks[id].text })
	all, err := ev.ix.Search(ctx, claim, len(chunks), retrieval.Vector)
	if err != nil {
		return c, err
	}
	c.chunk, c.chunkCos = scoredOf(all[:min(legDepth, len(all))]), map[string]float64{}
	for _, h := range all {
		c.chunkCos[h.ChunkID] = h.Score
	}
	lh, err := lsa.Search(ctx, claim, legDepth, retrieval.Vector)
	if err != nil {
		return c, fmt.Errorf("LSA index: %w", err)
	}
	c.lsa = scoredOf(lh)
	for _, l := range [][]retrieval.Scored{c.bm, c.lsa} {
		for _, s := range l {
			if chunks[s.ID] == nil {
				return c, fmt.Errorf("%w: chunk %s is not in the full listing", errLegChunks, s.ID)
			}
		}
	}
	qv, err := ev.ix.EmbedSentences(ctx, []string{claim})
	if err != nil {
		return c, fmt.Errorf("embed claim: %w", err)
	}
	if len(qv) != 1 {
		return c, fmt.Errorf("%w: %d vectors for 1 claim", errLegChunks, len(qv))
	}
	start := time.Now()
	c.sentMax, c.sentTop2 = sentenceScores(slices.Clone(qv[0]), chunks)
	*scan += time.Since(start)
	for _, l := range legs {
		c.lists = append(c.lists, l.list(c))
	}
	return c, nil
}

// sentenceScores is each chunk's best sentence cosine with q and the mean
// of its best two (its only one's when it has one). A zero q (no word the
// model knows) scores nothing, as the index's vector list is then empty.
func sentenceScores(q []float32, chunks map[string]*legChunk) (best, top2 map[string]float64) {
	best, top2 = map[string]float64{}, map[string]float64{}
	if !embed.Normalize(q) {
		return best, top2
	}
	for id, ch := range chunks {
		if len(ch.sents) == 0 {
			continue
		}
		a, b := math.Inf(-1), math.Inf(-1)
		for _, v := range ch.sents {
			var s float64
			for i, x := range v {
				s += float64(x) * float64(q[i])
			}
			if s > a {
				a, b = s, a
			} else if s > b {
				b = s
			}
		}
		best[id], top2[id] = a, a
		if !math.IsInf(b, -1) {
			top2[id] = (a + b) / 2
		}
	}
	return best, top2
}
