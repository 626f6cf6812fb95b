package claims

import "context"

// SentenceSource gives the published sentences of retrieved chunks with
// the vectors the index stored for them, and embeds the draft's claims in
// the same space. An engine uses it when the Searcher it is given also
// implements it (the adapter over backend/retrieval's index).
type SentenceSource interface {
	Sentences(ctx context.Context, chunkIDs []string) (map[string][]Sentence, error)
	EmbedSentences(ctx context.Context, texts []string) ([][]float32, error)
}

// Sentence is one published sentence of a chunk: byte offsets in the
// chunk's text, the text, and its unit vector.
type Sentence struct {
	Start, End int
	Text       string
	Vec        []float32
}
