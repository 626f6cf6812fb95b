package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// hbClaim is one row of handbook-dev's claims.jsonl; Doc is relative to
// corpus/ and Evidence an exact substring of that raw file.
type hbClaim struct {
	ID, Claim, Doc, Evidence string
	passage                  passage // the evidence as words
}

// runHandbook indexes dir/corpus with -embedder in work (reused when it is
// -workdir) and scores retrieval of each claim's evidence passage and doc.
func runHandbook(ctx context.Context, dir, work string) error {
	var claims []hbClaim
	if err := readJSONL(filepath.Join(dir, "claims.jsonl"), func(c hbClaim) {
		if c.Evidence != "" { // NOT_COVERED rows have nothing to retrieve
			c.passage = newPassage(c.Evidence)
			claims = append(claims, c)
		}
	}); err != nil {
		return fmt.Errorf("handbook claims: %w", err)
	}
	content := filepath.Join(dir, "corpus")
	docs, warns, err := corpus.Load(ctx, content)
	if err != nil {
		return fmt.Errorf("handbook corpus: %w", err)
	}
	if len(warns) > 0 {
		return fmt.Errorf("handbook load warnings: %v", warns[:min(3, len(warns))])
	}
	fitTexts, paths := make([]string, len(docs)), map[string]string{}
	for i, d := range docs {
		fitTexts[i], paths[d.ID] = d.Title+"\n"+d.Text, d.Path
	}
	start := time.Now()
	opts := retrieval.Options{Fusion: fusionOpts(), LSA: lsaOpts, Chunking: corpus.ChunkOptions{Size: chunkSize, Overlap: chunkSize / 5}, Sentences: sentLeg}
	e, err := newEmbedder(ctx, embedderKind, fitTexts)
	if err != nil {
		return err
	}
	var m *meter
	if e != nil { // nil keeps the index's own LSA default
		m = newMeter(e)
		opts.Embedder = m
		fmt.Printf("embedder %s loaded (and fitted) in %s\n", embedderKind, time.Since(start).Round(time.Millisecond))
	}
	db, err := store.OpenDir(ctx, work)
	if err != nil {
		return fmt.Errorf("handbook store: %w", err)
	}
	defer db.Close()
	ix, err := retrieval.Open(ctx, db, work, opts)
	if err != nil {
		return fmt.Errorf("handbook index: %w", err)
	}
	defer ix.Close()
	syncStart := time.Now()
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		return fmt.Errorf("handbook sync: %w", err)
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("\nhandbook: %d docs, %d chunks indexed in %s; embedder %s %s; %d claims with evidence\n",
		rep.Documents, rep.Chunks, time.Since(syncStart).Round(time.Millisecond), st.Embedder, st.EmbedModel, len(claims))
	if m != nil {
		if r := m.report(); r != "" {
			fmt.Printf("%s, GOMAXPROCS=%d\n", r, runtime.GOMAXPROCS(0))
		}
	}
	ev := hbEval{ix: ix, claims: claims, chunks: map[string]chunkWords{}, paths: paths}
	ev.printCeiling(docs, opts.Chunking)
	if err := ev.tune(ctx); err != nil || !sentLeg {
		return err
	}
	return ev.sentenceLegs(ctx, content, filepath.Join(filepath.Dir(work), "handbook-lsa"), opts.Chunking)
}

// hbEval scores the claims against the open index.
type hbEval struct {
	ix     *retrieval.Index
	claims []hbClaim
	chunks map[string]chunkWords // by chunk ID; the sweep repeats chunks
	paths  map[string]string     // document ID -> path relative to corpus/
}

// printCeiling says how many passages lie within one chunk of their own
// document, chunked as the index does: the rest cannot be a passage hit
// unless other text happens to match, so passage recall tops out there.
func (ev hbEval) printCeiling(docs []corpus.Document, o corpus.ChunkOptions) {
	byPath := map[string]corpus.Document{}
	for _, d := range docs {
		byPath[d.Path] = d
	}
	var missing []string
	for _, c := range ev.claims {
		held := func(ch corpus.Chunk) bool { return c.passage.in(newChunkWords(ch.Text)) }
		if !slices.ContainsFunc(corpus.Chunks(byPath[c.Doc], o), held) {
			missing = append(missing, c.ID)
		}
	}
	fmt.Printf("evidence within one chunk of its doc: %d/%d; not: %v\n", len(ev.claims)-len(missing), len(ev.claims), missing)
}

// hbScores are means over the claims; passage metrics count the first chunk
// holding the evidence as the one relevant item, document metrics rank
// documents by their best chunk (as SciFact's dedupe does).
type hbScores struct {
	r1, r5, r10, mrr10, ndcg10, r100, doc1, doc10 float64
}

func (ev hbEval) score(ctx context.Context, mode retrieval.Mode) (hbScores, error) {
	var s hbScores
	for _, c := range ev.claims {
		hits, err := ev.ix.Search(ctx, c.Claim, 100, mode)
		if err != nil {
			return s, fmt.Errorf("claim %s: %w", c.ID, err)
		}
		r := 0 // 1-based rank of the first passage hit; 0 = none
		for j, h := range hits {
			cw, ok := ev.chunks[h.ChunkID]
			if !ok {
				cw = newChunkWords(h.Text)
				ev.chunks[h.ChunkID] = cw
			}
			if c.passage.in(cw) {
				r = j + 1
				break
			}
		}
		s.add(r, ev.docRank(c, dedupe(hits, 10)))
	}
	s.mean(len(ev.claims))
	return s, nil
}

// docRank is the 1-based rank of claim c's file in docs; 0 = absent. A doc
// ID is the path relative to corpus/ unless front matter sets an id (no
// handbook page does); the path map covers both.
func (ev hbEval) docRank(c hbClaim, docs []string) int {
	for j, id := range docs {
		if id == c.Doc || ev.paths[id] == c.Doc {
			return j + 1
		}
	}
	return 0
}

// add counts one claim whose first passage hit is at rank r and whose file
// is at document rank dr (0 = none).
func (s *hbScores) add(r, dr int) {
	at := func(k int) float64 { return b2f(r > 0 && r <= k) }
	s.r1, s.r5, s.r10, s.r100 = s.r1+at(1), s.r5+at(5), s.r10+at(10), s.r100+at(100)
	if r > 0 && r <= 10 {
		s.mrr10 += 1 / float64(r)
		s.ndcg10 += 1 / math.Log2(float64(r+1))
	}
	s.doc1, s.doc10 = s.doc1+b2f(dr == 1), s.doc10+b2f(dr > 0)
}

// mean turns the sums over n claims into means.
func (s *hbScores) mean(n int) {
	for _, p := range []*float64{&s.r1, &s.r5, &s.r10, &s.mrr10, &s.ndcg10, &s.r100, &s.doc1, &s.doc10} {
		*p /= float64(n)
	}
}

// print writes one table row.
func (s hbScores) print(label string) {
	fmt.Printf("| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |\n", label, s.r1, s.r5, s.r10, s.mrr10, s.ndcg10, s.r100, s.doc1, s.doc10)
}

// hbHeader is the table header with first column name.
func hbHeader(name string) string {
	return "| " + name + " | passage R@1 | R@5 | R@10 | MRR@10 | nDCG@10 | R@100 | doc R@1 | doc R@10 |\n|---|---|---|---|---|---|---|---|---|"
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// row prints one table row and returns its passage nDCG@10.
func (ev hbEval) row(ctx context.Context, label string, m retrieval.Mode) (float64, error) {
	s, err := ev.score(ctx, m)
	if err != nil {
		return 0, err
	}
	s.print(label)
	return s.ndcg10, nil
}

// tune prints the three modes at the configured fusion and, with -alphas,
// the weighted sweep and RRF on the same index, naming the best BM25 share
// by passage nDCG@10 (the first on a tie).
func (ev hbEval) tune(ctx context.Context) error {
	base := baseFusion()
	ev.ix.SetFusion(base)
	fmt.Printf("hybrid fusion: %s α=%.2f; passage = a chunk holding the evidence, doc = its file\n", base.Method, base.Alpha)
	fmt.Println(hbHeader("mode"))
	for _, m := range []retrieval.Mode{retrieval.BM25, retrieval.Vector, retrieval.Hybrid} {
		if _, err := ev.row(ctx, string(m), m); err != nil {
			return err
		}
	}
	if alphas == "" {
		return nil
	}
	sweep, err := parseAlphas(alphas)
	if err != nil {
		return err
	}
	defer ev.ix.SetFusion(base)
	best, bestScore := -1.0, -1.0
	for _, a := range sweep {
		ev.ix.SetFusion(retrieval.FusionOptions{Method: retrieval.Weighted, Alpha: a})
		s, err := ev.row(ctx, fmt.Sprintf("hybrid weighted α=%.2f", a), retrieval.Hybrid)
		if err != nil {
			return err
		}
		if s > bestScore {
			best, bestScore = a, s
		}
	}
	ev.ix.SetFusion(retrieval.FusionOptions{Method: retrieval.RRF})
	if _, err := ev.row(ctx, "hybrid rrf", retrieval.Hybrid); err != nil {
		return err
	}
	fmt.Printf("best BM25 share on handbook-dev: %.2f (passage nDCG@10 %.4f)\n", best, bestScore)
	return nil
}
