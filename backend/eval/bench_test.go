package eval

import (
	"context"
	"testing"
)

// BenchmarkOfflineRun240 evaluates 240 generated questions (216 answerable,
// 24 refuse) against a 432-chunk fake index with every offline metric and
// persists each result to a real SQLite file. Target: ≤ 5 s per run.
func BenchmarkOfflineRun240(b *testing.B) {
	corpus, qs := newFakeCorpus(216, 42)
	if len(qs) != 240 {
		b.Fatalf("generated %d questions, want 240", len(qs))
	}
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		st := openTestStoreB(b)
		r, err := NewRunner(st, Deps{Retriever: corpus, Answerer: NewOfflineAnswerer(), Verifier: containsVerifier{}, Embedder: hashEmbedder{}}, Config{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := r.Start(ctx, Run{GoldenSet: "bench"}, qs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
