package evalrun

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/claims"
	"continuity/backend/embed"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/llm"
	"continuity/backend/retrieval"
)

// Retriever is eval's retriever over the index's hybrid search.
type Retriever struct{ Index *retrieval.Index }

// Search returns the top k chunks in rank order.
func (r Retriever) Search(ctx context.Context, query string, k int) ([]eval.Passage, error) {
	hits, err := r.Index.Search(ctx, query, k, retrieval.Hybrid)
	if err != nil {
		return nil, err
	}
	out := make([]eval.Passage, len(hits))
	for i, h := range hits {
		out[i] = eval.Passage{DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, Text: h.Text}
	}
	return out, nil
}

// Verifier is offline faithfulness: the claim engine splits the answer into
// claims and judges each against exactly the passages the run retrieved.
type Verifier struct{ Engine *claims.OfflineEngine }

// NewVerifier uses the offline claim engine with its calibrated defaults.
func NewVerifier() Verifier { return Verifier{Engine: claims.NewOffline()} }

// Verify implements eval's claim verifier.
func (v Verifier) Verify(ctx context.Context, answer string, ps []eval.Passage) ([]eval.ClaimVerdict, error) {
	passages := make([]claims.Passage, len(ps))
	for i, p := range ps {
		passages[i] = claims.Passage{DocID: p.DocID, ChunkID: p.ChunkID, Title: p.Title, Text: p.Text}
	}
	var out []eval.ClaimVerdict
	for _, c := range claims.Decompose(answer) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r := v.Engine.Verify(c, passages)
		cv := eval.ClaimVerdict{Claim: c.Text, Verdict: string(r.Verdict), Reason: r.Explanation}
		for _, e := range r.Evidence {
			cv.ChunkIDs = append(cv.ChunkIDs, e.ChunkID)
		}
		out = append(out, cv)
	}
	return out, nil
}

// LLMEmbedder is eval's embedder over the model endpoint's embeddings.
type LLMEmbedder struct{ Client *llm.Client }

// Embed drops the usage (the client's ledger already counts it).
func (e LLMEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	v, _, err := e.Client.Embed(ctx, texts)
	return v, err
}

// Questions converts golden rows into eval questions, refusing a row whose
// category eval does not know (with its position and ID).
func Questions(rows []golden.Row) ([]eval.Question, error) {
	out := make([]eval.Question, len(rows))
	for i, r := range rows {
		c := eval.Category(r.Category)
		if c != eval.Routine && c != eval.Tricky && c != eval.Refuse {
			return nil, fmt.Errorf("row %d (%s): category %q is not routine, tricky or refuse", i+1, r.ID, r.Category)
		}
		out[i] = eval.Question{ID: r.ID, Category: c, Question: r.Question, ApprovedAnswer: r.ApprovedAnswer,
			ReferenceDocIDs: r.ReferenceDocIDs, SupportingLine: r.SupportingLine}
	}
	return out, eval.ValidateQuestions(out)
}

func offlineEmbedder() *embed.Offline { return embed.NewOffline() }

// IndexSentences are the index's stored sentence vectors and the encoder
// that made them, for the offline answerer and answer relevancy.
type IndexSentences struct {
	Index *retrieval.Index
	model string
}

// PassageSentences implements eval.SentenceVectors.
func (s IndexSentences) PassageSentences(ctx context.Context, chunkIDs []string) (map[string][]eval.VecSentence, error) {
	got, err := s.Index.Sentences(ctx, chunkIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]eval.VecSentence, len(got))
	for id, ss := range got {
		vs := make([]eval.VecSentence, len(ss))
		for i, x := range ss {
			vs[i] = eval.VecSentence{Text: x.Text, Vec: x.Vec}
		}
		out[id] = vs
	}
	return out, nil
}

// Embed implements eval.SentenceVectors with the index's sentence encoder.
func (s IndexSentences) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return s.Index.EmbedSentences(ctx, texts)
}

// Model implements eval.SentenceVectors.
func (s IndexSentences) Model() string { return s.model }

// usePrefix names the pretrained USE-lite encoder (use-lite-<file hash>).
const usePrefix = "use-lite-"

// SentenceVectorsOf returns the index's sentence vectors when USE-lite made
// them; otherwise nil and why, for the run's notes: the calibrated floors
// and relevancy mapping hold for USE-lite only.
func SentenceVectorsOf(ctx context.Context, ix *retrieval.Index) (eval.SentenceVectors, string, error) {
	st, err := ix.Stats(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("sentence vectors: %w", err)
	}
	if !strings.HasPrefix(st.SentenceModel, usePrefix) {
		why := "no sentence vectors are kept"
		if st.SentenceModel != "" {
			why = "sentence vectors come from " + st.SentenceModel + ", not USE-lite"
		}
		return nil, "the offline answer and answer relevancy use lexical alignment: " + why +
			" (run `make models` to install USE-lite)", nil
	}
	return IndexSentences{Index: ix, model: st.SentenceModel}, "", nil
}
