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
// the llmtest server answering every call after 1 s. Calls per question:
// 1 answer + 2 faithfulness + 1 context recall + 3 answer relevancy = 7
// (refuse: 1 answer + 2 faithfulness), one after another within a question;
// questions run 32 at a time. Target: ≤ 2 min. Skipped with -short.
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
	srv.On(llmtest.Schema("eval_answer"), llmtest.Reply{JSON: map[string]any{"answer": "Plans renew monthly and can be cancelled any time.", "covered": true}})
	srv.On(llmtest.Schema("eval_faithfulness_statements"), llmtest.Reply{JSON: map[string]any{"statements": []string{"Plans renew monthly.", "Plans can be cancelled."}}})
	srv.On(llmtest.Schema("eval_faithfulness_verdicts"), llmtest.Reply{JSON: map[string]any{"verdicts": []any{
		map[string]any{"statement": "a", "reason": "r", "verdict": 1}, map[string]any{"statement": "b", "reason": "r", "verdict": 0}}}})
	srv.On(llmtest.Schema("eval_context_recall"), llmtest.Reply{JSON: map[string]any{"classifications": []any{
		map[string]any{"statement": "s", "reason": "r", "attributed": 1}}}})
	srv.On(llmtest.Schema("eval_answer_relevancy"), llmtest.Reply{JSON: map[string]any{"question": "How do plans renew?", "noncommittal": 0}})
	const conc = 32
	c, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "test", MaxConcurrency: conc,
		Models: llm.Models{Answer: "bench-answer", Judge: "bench-judge", Embedding: "bench-embed"}})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	deps := eval.Deps{Retriever: Retriever{Index: ix}, Answerer: eval.NewLLMAnswerer(c), Judge: c, Embedder: LLMEmbedder{Client: c}}
	for b.Loop() {
		r, err := eval.NewRunner(st, deps, eval.Config{Engine: engine.LLM, Concurrency: conc})
		if err != nil {
			b.Fatal(err)
		}
		before := len(srv.Requests())
		run, err := r.Start(context.Background(), eval.Run{GoldenSet: "bench-llm"}, qs, nil)
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
		b.ReportMetric(float64(len(srv.Requests())-before)/float64(len(qs)), "requests/question")
	}
}
