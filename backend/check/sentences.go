package check

import (
	"context"
	"fmt"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// SentenceIndex is the part of *retrieval.Index that gives the published
// sentences of chunks with the vectors stored at index time, and embeds a
// draft's sentences in the same space.
type SentenceIndex interface {
	Sentences(ctx context.Context, chunkIDs []string) (map[string][]retrieval.Sentence, error)
	EmbedSentences(ctx context.Context, texts []string) ([][]float32, error)
}

// sentenceSearcher is indexSearcher over an index that keeps sentence
// vectors; it also implements claims.SentenceSource, which the engines
// detect on the Searcher they are given. An index without them gets the
// plain indexSearcher, so an engine never mistakes "no stored sentences"
// for a source that has some.
type sentenceSearcher struct {
	*indexSearcher
	sx SentenceIndex
}

var _ claims.SentenceSource = sentenceSearcher{}

// withSentences is a as the searcher the engine gets: a SentenceSource
// too when ix is a SentenceIndex.
func withSentences(a *indexSearcher, ix HybridSearcher) claims.Searcher {
	if sx, ok := ix.(SentenceIndex); ok {
		return sentenceSearcher{indexSearcher: a, sx: sx}
	}
	return a
}

// Sentences implements claims.SentenceSource.
func (s sentenceSearcher) Sentences(ctx context.Context, chunkIDs []string) (map[string][]claims.Sentence, error) {
	got, err := s.sx.Sentences(ctx, chunkIDs)
	if err != nil {
		return nil, fmt.Errorf("stored sentences: %w", err)
	}
	out := make(map[string][]claims.Sentence, len(got))
	for id, ss := range got {
		cs := make([]claims.Sentence, 0, len(ss))
		for _, x := range ss {
			cs = append(cs, claims.Sentence{Start: x.Start, End: x.End, Text: x.Text, Vec: x.Vec})
		}
		out[id] = cs
	}
	return out, nil
}

// EmbedSentences implements claims.SentenceSource.
func (s sentenceSearcher) EmbedSentences(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := s.sx.EmbedSentences(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("embed draft sentences: %w", err)
	}
	return v, nil
}

// the product's index is a SentenceIndex; this breaks the build if not
var _ SentenceIndex = (*retrieval.Index)(nil)

// NewSearcher is the Searcher a check gives its engine over ix: hybrid
// search, and the stored sentence vectors when ix keeps them. Benchmark
// commands use it to measure what the product runs.
func NewSearcher(ix HybridSearcher) claims.Searcher {
	return withSentences(newIndexSearcher(ix), ix)
}
