package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"continuity/backend/retrieval"
)

// errAlphaRange is returned for a BM25 share outside [0, 1].
var errAlphaRange = errors.New("BM25 share must be within [0, 1]")

// evaluator scores one qrels split against the open index.
type evaluator struct {
	ix      *retrieval.Index
	queries map[string]string
	qrels   map[string]map[string]bool
}

// score is the split's mean nDCG@10 and recall@100 in mode. Queries run in
// id order so the sums, and so the printed digits, never depend on map order.
func (ev evaluator) score(ctx context.Context, m retrieval.Mode) (ndcg, rec float64, err error) {
	ids := make([]string, 0, len(ev.qrels))
	for id := range ev.qrels {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, qid := range ids {
		hits, err := ev.ix.Search(ctx, ev.queries[qid], 300, m)
		if err != nil {
			return 0, 0, err
		}
		docs := dedupe(hits, 100)
		ndcg += ndcgAt(docs, ev.qrels[qid], 10)
		rec += recallAt(docs, ev.qrels[qid], 100)
	}
	n := float64(len(ids))
	return ndcg / n, rec / n, nil
}

// row prints one table row and returns its nDCG@10.
func (ev evaluator) row(ctx context.Context, label string, m retrieval.Mode) (float64, error) {
	ndcg, rec, err := ev.score(ctx, m)
	if err != nil {
		return 0, err
	}
	fmt.Printf("| %s | %.4f | %.4f |\n", label, ndcg, rec)
	return ndcg, nil
}

// baseRows prints the header and the three modes at the configured fusion.
func (ev evaluator) baseRows(ctx context.Context) error {
	ev.ix.SetFusion(baseFusion())
	fmt.Println("| mode | nDCG@10 | recall@100 |\n|---|---|---|")
	for _, m := range []retrieval.Mode{retrieval.BM25, retrieval.Vector, retrieval.Hybrid} {
		if _, err := ev.row(ctx, string(m), m); err != nil {
			return err
		}
	}
	return nil
}

// tune prints the base rows and, when alphas is set, the weighted sweep and
// RRF; it returns the BM25 share with the best nDCG@10 (the first on a tie),
// or -1 without a sweep.
func (ev evaluator) tune(ctx context.Context, alphas string) (float64, error) {
	if err := ev.baseRows(ctx); err != nil {
		return -1, err
	}
	if alphas == "" {
		return -1, nil
	}
	sweep, err := parseAlphas(alphas)
	if err != nil {
		return -1, err
	}
	defer ev.ix.SetFusion(baseFusion())
	best, bestScore := -1.0, -1.0
	for _, a := range sweep {
		ev.ix.SetFusion(retrieval.FusionOptions{Method: retrieval.Weighted, Alpha: a})
		s, err := ev.row(ctx, fmt.Sprintf("hybrid weighted α=%.2f", a), retrieval.Hybrid)
		if err != nil {
			return -1, err
		}
		if s > bestScore {
			best, bestScore = a, s
		}
	}
	ev.ix.SetFusion(retrieval.FusionOptions{Method: retrieval.RRF})
	if _, err := ev.row(ctx, "hybrid rrf", retrieval.Hybrid); err != nil {
		return -1, err
	}
	fmt.Printf("chosen BM25 share: %.2f (nDCG@10 %.4f)\n", best, bestScore)
	return best, nil
}

// report prints the base rows and, when a share was chosen on the tuning
// split, the hybrid at that share.
func (ev evaluator) report(ctx context.Context, best float64, tunedOn string) error {
	if err := ev.baseRows(ctx); err != nil {
		return err
	}
	if best < 0 {
		return nil
	}
	defer ev.ix.SetFusion(baseFusion())
	ev.ix.SetFusion(retrieval.FusionOptions{Method: retrieval.Weighted, Alpha: best})
	_, err := ev.row(ctx, fmt.Sprintf("hybrid weighted α=%.2f (chosen on %s)", best, tunedOn), retrieval.Hybrid)
	return err
}

// baseFusion is what -fusion/-alpha configure, else the index default.
func baseFusion() retrieval.FusionOptions {
	if f := fusionOpts(); f.Method != "" {
		return f
	}
	return retrieval.DefaultFusion
}

// parseAlphas reads "0.7,0.8" into BM25 shares, each within [0, 1].
func parseAlphas(s string) ([]float64, error) {
	var out []float64
	for _, a := range strings.Split(s, ",") {
		var x float64
		if _, err := fmt.Sscan(strings.TrimSpace(a), &x); err != nil {
			return nil, fmt.Errorf("-alphas %q: %w", a, err)
		}
		if x < 0 || x > 1 {
			return nil, fmt.Errorf("-alphas %q: %w", a, errAlphaRange)
		}
		out = append(out, x)
	}
	return out, nil
}
