package audit

import (
	"context"

	"continuity/backend/claims"
)

// maxDepth bounds how many passages a filtered search asks the index for.
const maxDepth = 200

// docFilter is a claims.Searcher that never returns a passage of the
// audited document and, when only is set, returns passages of those
// documents alone. It asks the index for more than k so filtering still
// leaves k when the corpus has them.
type docFilter struct {
	inner claims.Searcher
	self  string
	only  map[string]bool // nil: every other document
}

// Search implements claims.Searcher.
func (f docFilter) Search(ctx context.Context, query string, k int) ([]claims.Passage, error) {
	depth := k * 4
	if f.only != nil {
		depth = k * 16
	}
	depth = min(max(depth, k), maxDepth)
	got, err := f.inner.Search(ctx, query, depth)
	if err != nil {
		return nil, err
	}
	out := make([]claims.Passage, 0, k)
	for _, p := range got {
		if len(out) == k {
			break
		}
		if p.DocID == f.self || (f.only != nil && !f.only[p.DocID]) {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// sentenceFilter is docFilter over a searcher that keeps sentence
// vectors: the engine detects claims.SentenceSource on what it is given,
// so the filter must not hide it.
type sentenceFilter struct {
	docFilter
	src claims.SentenceSource
}

func (s sentenceFilter) Sentences(ctx context.Context, chunkIDs []string) (map[string][]claims.Sentence, error) {
	return s.src.Sentences(ctx, chunkIDs)
}

func (s sentenceFilter) EmbedSentences(ctx context.Context, texts []string) ([][]float32, error) {
	return s.src.EmbedSentences(ctx, texts)
}

// filtered wraps inner for auditing document self.
func filtered(inner claims.Searcher, self string, only map[string]bool) claims.Searcher {
	f := docFilter{inner: inner, self: self, only: only}
	if src, ok := inner.(claims.SentenceSource); ok {
		return sentenceFilter{docFilter: f, src: src}
	}
	return f
}
