package main

import (
	"math"

	"continuity/backend/retrieval"
)

// dedupe turns chunk hits into a document ranking (first chunk wins).
func dedupe(hits []retrieval.Hit, k int) []string {
	seen := map[string]bool{}
	var out []string
	for _, h := range hits {
		if !seen[h.DocID] {
			seen[h.DocID] = true
			out = append(out, h.DocID)
		}
		if len(out) == k {
			break
		}
	}
	return out
}

func ndcgAt(docs []string, rel map[string]bool, k int) float64 {
	var dcg, idcg float64
	for i, d := range docs[:min(k, len(docs))] {
		if rel[d] {
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	nrel := 0
	for _, r := range rel {
		if r {
			nrel++
		}
	}
	for i := 0; i < min(k, nrel); i++ {
		idcg += 1 / math.Log2(float64(i+2))
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

func recallAt(docs []string, rel map[string]bool, k int) float64 {
	found, nrel := 0, 0
	for _, r := range rel {
		if r {
			nrel++
		}
	}
	for _, d := range docs[:min(k, len(docs))] {
		if rel[d] {
			found++
		}
	}
	if nrel == 0 {
		return 0
	}
	return float64(found) / float64(nrel)
}
