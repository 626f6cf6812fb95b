package claims

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
)

// The LLM reads, for each claim and before the passages, the few
// published sentences closest to it: a long passage buries the one line
// that decides a claim, and the index already holds a vector for every
// published sentence, so only the claims need embedding.

// alignedPerClaim is how many published sentences each claim is shown.
const alignedPerClaim = 5

// alignedSentence is a published sentence close to a claim.
type alignedSentence struct {
	ChunkID string
	Text    string
	Score   float64 // cosine with the claim
}

// aligner holds the stored sentences of the retrieved chunks; nil (no
// SentenceSource, or an index that keeps no sentence vectors) aligns
// nothing, and the prompt has passages only.
type aligner struct {
	src   SentenceSource
	sents map[string][]Sentence
}

// newAligner reads, once per check, the stored sentences of every chunk
// the paragraphs retrieved.
func newAligner(ctx context.Context, search Searcher, passages map[int][]Passage) (*aligner, error) {
	src, ok := search.(SentenceSource)
	if !ok {
		return nil, nil
	}
	seen := map[string]bool{}
	var ids []string
	for _, ps := range passages {
		for _, p := range ps {
			if p.ChunkID != "" && !seen[p.ChunkID] {
				seen[p.ChunkID] = true
				ids = append(ids, p.ChunkID)
			}
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	slices.Sort(ids)
	sents, err := src.Sentences(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("claims: stored sentences: %w", err)
	}
	for _, ss := range sents {
		for _, s := range ss {
			if len(s.Vec) > 0 {
				return &aligner{src: src, sents: sents}, nil
			}
		}
	}
	return nil, nil
}

// align gives each claim the published sentences of passages most similar
// to its self-contained form, best first.
func (a *aligner) align(ctx context.Context, claims []Claim, passages []Passage) ([][]alignedSentence, error) {
	if a == nil || len(claims) == 0 || len(passages) == 0 {
		return nil, nil
	}
	texts := make([]string, len(claims))
	for i, c := range claims {
		texts[i] = c.SelfContained()
	}
	vecs, err := a.src.EmbedSentences(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("claims: embed claims: %w", err)
	}
	if len(vecs) != len(claims) {
		return nil, fmt.Errorf("claims: %d vectors for %d claims", len(vecs), len(claims))
	}
	out := make([][]alignedSentence, len(claims))
	for i, v := range vecs {
		var cands []alignedSentence
		seen := map[string]bool{}
		for _, p := range passages {
			if seen[p.ChunkID] {
				continue
			}
			seen[p.ChunkID] = true
			for _, s := range a.sents[p.ChunkID] {
				if c := vecCosine(v, s.Vec); c > 0 {
					cands = append(cands, alignedSentence{ChunkID: p.ChunkID, Text: s.Text, Score: c})
				}
			}
		}
		// stable: equal scores keep passage order, so prompts repeat
		sort.SliceStable(cands, func(x, y int) bool { return cands[x].Score > cands[y].Score })
		out[i] = cands[:min(len(cands), alignedPerClaim)]
	}
	return out, nil
}

// vecCosine is the cosine of a and b; 0 when either is missing, they
// differ in length, or either is zero. It normalises rather than trust
// every embedder to return unit vectors.
func vecCosine(a, b []float32) float64 {
	if len(a) == 0 || len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i, x := range a {
		dot += float64(x) * float64(b[i])
		na += float64(x) * float64(x)
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	c := dot / math.Sqrt(na*nb)
	if math.IsNaN(c) {
		return 0
	}
	return c
}
