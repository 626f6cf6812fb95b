package claims

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
)

// How a check got its sentence vectors, for Report.Model.
const (
	vecNone     = ""
	vecIndex    = "index"    // stored at index time (SentenceSource)
	vecEmbedder = "embedder" // embedded here with Resources.Embedder
)

// attachVectors gives every unit of v a sentence vector and returns the
// claims' vectors. Stored vectors come from search when it is a
// SentenceSource; else the engine's embedder embeds the passages'
// sentences; else there are none and alignment is by words only. A
// multi-sentence unit or a table row gets the mean of the sentences it
// spans.
func (e *OfflineEngine) attachVectors(ctx context.Context, v *corpusView, search Searcher, claimTexts []string) ([][]float32, string, error) {
	claimTexts = embedHeads(claimTexts)
	if src, ok := search.(SentenceSource); ok && len(claimTexts) > 0 {
		got, err := fromSource(ctx, v, src)
		if err != nil {
			return nil, vecNone, err
		}
		if got {
			cv, err := src.EmbedSentences(ctx, claimTexts)
			if err != nil {
				return nil, vecNone, fmt.Errorf("claims: embed claims: %w", err)
			}
			if len(cv) != len(claimTexts) {
				return nil, vecNone, fmt.Errorf("claims: %d vectors for %d claims", len(cv), len(claimTexts))
			}
			return cv, vecIndex, nil
		}
	}
	emb := e.resources().Embedder
	if emb == nil || len(claimTexts) == 0 {
		return nil, vecNone, nil
	}
	if err := fromEmbedder(ctx, v, emb); err != nil {
		return nil, vecNone, err
	}
	cv, err := emb.Embed(ctx, claimTexts)
	if err != nil {
		return nil, vecNone, fmt.Errorf("claims: embed claims: %w", err)
	}
	if len(cv) != len(claimTexts) {
		return nil, vecNone, fmt.Errorf("claims: %d vectors for %d claims", len(cv), len(claimTexts))
	}
	return cv, vecEmbedder, nil
}

// fromSource reads the stored sentences of every chunk; it reports
// whether any chunk had vectors (an index built without them has none).
func fromSource(ctx context.Context, v *corpusView, src SentenceSource) (bool, error) {
	var ids []string
	for _, us := range v.units {
		if len(us) > 0 && us[0].passage.ChunkID != "" {
			ids = append(ids, us[0].passage.ChunkID)
		}
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		return false, nil
	}
	sents, err := src.Sentences(ctx, ids)
	if err != nil {
		return false, fmt.Errorf("claims: stored sentences: %w", err)
	}
	found := false
	for _, us := range v.units {
		if len(us) == 0 {
			continue
		}
		ss := sents[us[0].passage.ChunkID]
		for _, u := range us {
			var parts [][]float32
			for _, s := range ss {
				if s.Start < u.end && s.End > u.start && len(s.Vec) > 0 {
					parts = append(parts, s.Vec)
				}
			}
			if u.vec = meanUnit(parts); u.vec != nil {
				found = true
			}
		}
	}
	return found, nil
}

// fromEmbedder embeds each distinct sentence and table cell of v once;
// joined sentences take the mean of their members.
func fromEmbedder(ctx context.Context, v *corpusView, emb SentenceEmbedder) error {
	index := map[string]int{}
	var texts []string
	for _, us := range v.units {
		for _, u := range us {
			if u.sents == 1 {
				if _, ok := index[u.a.src]; !ok {
					index[u.a.src] = len(texts)
					texts = append(texts, u.a.src)
				}
			}
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("claims: embed passage sentences: %w", err)
	}
	if len(vecs) != len(texts) {
		return fmt.Errorf("claims: %d vectors for %d passage sentences", len(vecs), len(texts))
	}
	for _, us := range v.units {
		for _, u := range us {
			if u.sents == 1 {
				u.vec = vecs[index[u.a.src]]
			}
		}
		for _, u := range us {
			if u.sents == 1 {
				continue
			}
			var parts [][]float32
			for _, m := range us {
				if m.sents == 1 && !m.cell && m.start >= u.start && m.end <= u.end {
					parts = append(parts, m.vec)
				}
			}
			u.vec = meanUnit(parts)
		}
	}
	return nil
}

// meanUnit is the normalised mean of vs; nil when there are none or they
// disagree in length.
func meanUnit(vs [][]float32) []float32 {
	if len(vs) == 0 {
		return nil
	}
	if len(vs) == 1 {
		return vs[0]
	}
	out := make([]float32, len(vs[0]))
	for _, x := range vs {
		if len(x) != len(out) {
			return nil
		}
		for i, f := range x {
			out[i] += f
		}
	}
	var ss float64
	for _, f := range out {
		ss += float64(f) * float64(f)
	}
	if ss == 0 {
		return nil
	}
	inv := float32(1 / math.Sqrt(ss))
	for i := range out {
		out[i] *= inv
	}
	return out
}

// cosine of two unit vectors; 0 when either is missing.
func cosine(a, b []float32) float64 {
	if len(a) == 0 || len(a) != len(b) {
		return 0
	}
	var s float32
	for i, x := range a {
		s += x * b[i]
	}
	return float64(s)
}

// maxEmbedWords bounds how much of a claim is embedded. A claim's vector
// only places it among the passages; words past the 64th hardly move it
// (capping at 64 changed no verdict of any verdictreport set), while a
// list read as one sentence (a pasted 4,000-line price list, cut at 400
// words a claim) cost 3.7 CPU-seconds of embedding whole.
const maxEmbedWords = 64

// embedHeads is texts with each cut after maxEmbedWords words.
func embedHeads(texts []string) []string {
	out, cloned := texts, false
	for i, t := range texts {
		if h := headWords(t, maxEmbedWords); len(h) < len(t) {
			if !cloned {
				out, cloned = slices.Clone(texts), true
			}
			out[i] = h
		}
	}
	return out
}

// headWords is s up to the end of its n-th whitespace-separated word.
func headWords(s string, n int) string {
	words, in := 0, false
	for i, r := range s {
		space := r == ' ' || r == '\n' || r == '\t' || r == '\r'
		if !space && !in {
			if words == n {
				return strings.TrimRight(s[:i], " \n\t\r")
			}
			words++
		}
		in = !space
	}
	return s
}
