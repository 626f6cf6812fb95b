package eval

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// VectorRelevancyMeaning says what the vector variant of the offline answer
// relevancy measures.
const VectorRelevancyMeaning = "Offline variant of answer relevancy: the sentence-vector similarity of the question and " +
	"the answer plus its focus words and kind, mapped to [0,1] between the medians of mismatched and matched golden answers."

// Calibration of the vector relevancy (USE-lite), measured on the sample
// golden set (relevancy_vec_calib_test.go, docs/benchmarks.md): the
// feature is cosine(question, answer) plus relevancyLexWeight × the focus
// and kind score (offlineRelevancy), which together separate matched from
// mismatched answers better (AUC 0.91) than either alone (0.86, 0.90). It
// maps linearly from the mismatched pairs' median (0) to the matched
// pairs' median (1), clamped to [0,1].
const (
	relevancyLexWeight = 0.3
	relevancyLow       = 0.265 // median feature of a question with another question's approved answer
	relevancyHigh      = 0.685 // median feature of a question with its own approved answer
)

// vectorModel is an embedder that names its model (the run records it).
type vectorModel interface {
	embedder
	Model() string
}

// usesCalibratedVectors is an embedder the calibration holds for: USE-lite.
func usesCalibratedVectors(e embedder) (vectorModel, bool) {
	v, ok := e.(vectorModel)
	if !ok || !strings.HasPrefix(v.Model(), "use-lite-") {
		return nil, false
	}
	return v, true
}

// relevancyFeature combines the cosine with the lexical score.
func relevancyFeature(cos, lexical float64) float64 { return cos + relevancyLexWeight*lexical }

// calibratedRelevancy maps the feature to [0,1].
func calibratedRelevancy(f float64) float64 {
	s := (f - relevancyLow) / (relevancyHigh - relevancyLow)
	if math.IsNaN(s) {
		return 0
	}
	return min(1, max(0, s))
}

// vectorRelevancy is the calibrated relevancy of answer to question, and
// the cosine it came from; sources are as for offlineRelevancy.
func vectorRelevancy(ctx context.Context, e embedder, question, answer string, sources []string) (float64, float64, error) {
	vs, err := e.Embed(ctx, []string{question, answer})
	if err != nil {
		return 0, 0, fmt.Errorf("embed question and answer: %w", err)
	}
	if len(vs) != 2 {
		return 0, 0, fmt.Errorf("embed question and answer: %d vectors for 2 texts", len(vs))
	}
	c, ok := cosine(vs[0], vs[1])
	if !ok {
		return 0, 0, fmt.Errorf("embed question and answer: empty or mismatched vectors")
	}
	return calibratedRelevancy(relevancyFeature(c, offlineRelevancy(question, answer, sources).Score)), c, nil
}

// offlineAnswerRelevancy is the offline answer relevancy of one question:
// by calibrated sentence vectors when the embedder is USE-lite, else by
// focus words and question kind (focusRelevancy).
func offlineAnswerRelevancy(ctx context.Context, e embedder, q Question, a Answer, retrieved []Passage) (outcome, string, string, error) {
	v, ok := usesCalibratedVectors(e)
	if !ok || q.Category == Refuse || a.Refused {
		o, why := focusRelevancy(q, a, retrieved)
		return o, why, "offline-focus-and-kind", nil
	}
	s, c, err := vectorRelevancy(ctx, v, q.Question, a.Text, answerSources(a, retrieved))
	if err != nil {
		return outcome{}, "", "", err
	}
	return measured(s), fmt.Sprintf("%s Cosine %.3f under %s.", VectorRelevancyMeaning, c, v.Model()), "offline-vector-" + v.Model(), nil
}
