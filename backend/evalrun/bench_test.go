package evalrun

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// benchIndex syncs the sample workspace (corpus/content) into a real index
// and generates n questions from its documents: the first sentence of a
// chunk, reworded as a question, with the chunk's document as reference;
// every tenth is a refuse question.
func benchIndex(b *testing.B, n int) (*store.DB, *retrieval.Index, []eval.Question) {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	db, err := store.OpenDir(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	ix, err := retrieval.Open(ctx, db, dir, retrieval.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	if _, err := ix.Sync(ctx, filepath.Join("..", "..", "corpus", "content"), nil); err != nil {
		b.Fatal(err)
	}
	rows, err := db.Reader().QueryContext(ctx, `SELECT doc_id, text FROM index_chunks ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var qs []eval.Question
	for rows.Next() && len(qs) < n {
		var doc, text string
		if err := rows.Scan(&doc, &text); err != nil {
			b.Fatal(err)
		}
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if len(strings.Fields(l)) >= 6 {
				line = strings.TrimSpace(l)
				break
			}
		}
		if line == "" {
			continue
		}
		id := fmt.Sprintf("G%03d", len(qs)+1)
		if len(qs)%10 == 9 {
			qs = append(qs, eval.Question{ID: id, Category: eval.Refuse, Question: "Which moon phase speeds up " + doc + "?", ApprovedAnswer: eval.NotCoveredText})
			continue
		}
		qs = append(qs, eval.Question{ID: id, Category: eval.Routine, Question: "What does the help say: " + line + "?",
			ApprovedAnswer: line, ReferenceDocIDs: []string{doc}, SupportingLine: line})
	}
	for i := 0; len(qs) < n; i++ { // fewer chunks than n: reuse questions with new IDs
		q := qs[i]
		q.ID = fmt.Sprintf("G%03d", len(qs)+1)
		qs = append(qs, q)
	}
	return db, ix, qs
}

// BenchmarkOfflineEval240 runs 240 generated questions through the offline
// engine over a real index of the sample workspace (hybrid retrieval, the
// claim engine, the offline embedder), saving every result to SQLite.
// Target: ≤ 5 s per run.
func BenchmarkOfflineEval240(b *testing.B) {
	db, ix, qs := benchIndex(b, 240)
	st, err := eval.OpenStore(context.Background(), db, testWS)
	if err != nil {
		b.Fatal(err)
	}
	deps := eval.Deps{Retriever: Retriever{Index: ix}, Answerer: eval.NewOfflineAnswerer(), Verifier: NewVerifier(), Embedder: offlineEmbedder()}
	for b.Loop() {
		r, err := eval.NewRunner(st, deps, eval.Config{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.Start(context.Background(), eval.Run{GoldenSet: "bench"}, qs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLLMEval240 runs 240 questions through the LLM engine against
// the llmtest server answering every call, embeddings included, after
// 1 s. Calls per answerable question: 1 answer, then faithfulness,
// context recall and answer relevancy at once, then relevancy's one
// embedding batch = 4 chat calls + 1 batch (refuse: answer and
// faithfulness); 32 questions in flight. The critical path is 3 s, so the
// floor is 240/32 waves × 3 s ≈ 22.5 s when the client has the 96 call
// slots 32 judge waves need; with 32 slots the calls, not the questions,
// bind (≈ 1128 requests / 32 s). Reports requests and chat calls per
// question, wall time and the estimate's error against it.
// Target: ≤ 25 s with 96 slots, estimate within 20%. Skipped with -short.
func BenchmarkLLMEval240(b *testing.B) {
	if testing.Short() {
		b.Skip("takes about a minute")
	}
	db, ix, qs := benchIndex(b, 240)
	st, err := eval.OpenStore(context.Background(), db, testWS)
	if err != nil {
		b.Fatal(err)
	}
	srv := llmtest.New(b)
	srv.Latency = time.Second
	const questions = 32
	for _, slots := range []int{3 * questions, questions} {
		b.Run(fmt.Sprintf("slots=%d", slots), func(b *testing.B) {
			c, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "test", MaxConcurrency: slots,
				Models: llm.Models{Answer: "bench-answer", Judge: "bench-judge", Embedding: "bench-embed"}})
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			deps := eval.Deps{Retriever: Retriever{Index: ix}, Answerer: eval.NewLLMAnswerer(c), Judge: c, Embedder: LLMEmbedder{Client: c}}
			for b.Loop() {
				r, err := eval.NewRunner(st, deps, eval.Config{Engine: engine.LLM, Concurrency: questions})
				if err != nil {
					b.Fatal(err)
				}
				est := r.Estimate(qs, eval.EstimateInput{PerCall: time.Second, PerEmbedding: time.Second, CallSlots: slots})
				srv.Reset() // count this run's requests only
				benchScript(srv)
				start := time.Now()
				run, err := r.Start(context.Background(), eval.Run{GoldenSet: "bench-llm"}, qs, nil)
				wall := time.Since(start).Seconds()
				if err != nil {
					b.Fatal(err)
				}
				res, err := st.Results(context.Background(), run.ID)
				if err != nil {
					b.Fatal(err)
				}
				for _, q := range res {
					if q.Error != "" {
						b.Fatalf("%s: %s", q.QuestionID, q.Error)
					}
				}
				all := srv.Requests()
				chat := 0
				for _, req := range all {
					if req.Endpoint == "chat" {
						chat++
					}
				}
				b.ReportMetric(float64(len(all))/float64(len(qs)), "requests/question")
				b.ReportMetric(float64(chat)/float64(len(qs)), "chat/question")
				b.ReportMetric(wall, "wall-s")
				b.ReportMetric(est.Seconds, "estimate-s")
				b.ReportMetric(100*(est.Seconds-wall)/wall, "estimate-error-%")
			}
		})
	}
}

// benchScript is the replies of BenchmarkLLMEval240.
func benchScript(srv *llmtest.Server) {
	srv.On(llmtest.Schema("eval_answer"), llmtest.Reply{JSON: map[string]any{"answer": "Plans renew monthly and can be cancelled any time.", "covered": true}})
	srv.On(llmtest.Schema("eval_faithfulness"), llmtest.Reply{JSON: map[string]any{"statements": []any{
		map[string]any{"statement": "Plans renew monthly.", "reason": "r", "verdict": 1},
		map[string]any{"statement": "Plans can be cancelled.", "reason": "r", "verdict": 0}}}})
	srv.On(llmtest.Schema("eval_context_recall"), llmtest.Reply{JSON: map[string]any{"classifications": []any{
		map[string]any{"statement": "s", "reason": "r", "attributed": 1}}}})
	rq := map[string]any{"question": "How do plans renew?", "noncommittal": 0}
	srv.On(llmtest.Schema("eval_answer_relevancy"), llmtest.Reply{JSON: map[string]any{"questions": []any{rq, rq, rq}}})
}
