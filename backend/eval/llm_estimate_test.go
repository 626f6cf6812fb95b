package eval

import (
	"testing"
	"time"

	"continuity/backend/engine"
)

// The estimate models how the runner spends time: questions on
// Concurrency workers, every request through the client's call slots, and
// the endpoint's per-minute budgets. Measured against the llmtest server
// in BenchmarkLLMEval240 (backend/evalrun), it is within a few percent.
func TestEstimate(t *testing.T) {
	t.Parallel()
	_, qs := newFakeCorpus(9, 5) // 9 answerable + 1 refuse
	r, _ := NewRunner(openTestStore(t), Deps{Retriever: &fakeCorpus{}, Answerer: NewOfflineAnswerer(), Judge: &scriptedJudge{}},
		Config{Engine: engine.LLM, K: 8, Concurrency: 5})
	pricing := Pricing{InputPerMTok: 0.15, OutputPerMTok: 0.6}
	cases := []struct {
		name    string
		in      EstimateInput
		seconds float64
	}{
		// 47 requests (38 chat + 9 embedding batches) through 5 slots
		{"call slots bind", EstimateInput{PerCall: time.Second, Pricing: pricing}, 47.0 / 5},
		// 5 workers: answerable questions take 3 s (answer, judge, embedding), the refusal 2 s
		{"questions in flight bind", EstimateInput{PerCall: time.Second, CallSlots: 15, Pricing: pricing}, 6},
		{"fast embeddings", EstimateInput{PerCall: time.Second, PerEmbedding: 200 * time.Millisecond, CallSlots: 15, Pricing: pricing}, 4.4},
		// 47 requests at 20 a minute: 20 at once, 27 at 3 s each
		{"requests per minute bind", EstimateInput{PerCall: time.Second, CallSlots: 15, RequestsPerMinute: 20, Pricing: pricing}, 81},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			est := r.Estimate(qs, c.in)
			if est.Calls != 9*4+2 || est.EmbeddingBatches != 9 {
				t.Fatalf("calls = %d, batches %d; want 9×4 + 1×2 and 9", est.Calls, est.EmbeddingBatches)
			}
			if !near(est.Seconds, c.seconds) || !est.CostKnown || est.Cost <= 0 || est.InputTokens <= est.OutputTokens {
				t.Fatalf("estimate = %+v, want %v s", est, c.seconds)
			}
			if est.CallsPerQuestion["eval.answer_relevancy"] != 1 || est.CallsPerQuestion["eval.faithfulness"] != 1 || len(est.CallsPerQuestion) != 4 {
				t.Fatalf("calls per question = %v", est.CallsPerQuestion)
			}
		})
	}
}
