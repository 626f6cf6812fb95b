package eval

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
)

// clientEmbedder adapts the llm client to the runner's embedder.
type clientEmbedder struct{ c *llm.Client }

func (e clientEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	v, _, err := e.c.Embed(ctx, texts)
	return v, err
}

// barrierJudge holds every judge call until width of them are in flight.
// Judges called one after another would never get there: the call times
// out and the test fails, so passing proves they ran at once.
type barrierJudge struct {
	next    judge
	width   int
	mu      sync.Mutex
	waiting int
	release chan struct{}
	widest  int
}

func (b *barrierJudge) CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error) {
	b.mu.Lock()
	if b.release == nil {
		b.release = make(chan struct{})
	}
	b.waiting++
	b.widest = max(b.widest, b.waiting)
	gate := b.release
	if b.waiting == b.width {
		close(gate)
		b.waiting, b.release = 0, nil
	}
	b.mu.Unlock()
	select {
	case <-gate:
	case <-time.After(20 * time.Second):
		return llm.Response{}, errors.New("barrier: the other judge calls of this question never started")
	case <-ctx.Done():
		return llm.Response{}, ctx.Err()
	}
	return b.next.CompleteJSON(ctx, req, out)
}

func scriptJudges(srv *llmtest.Server) {
	q := map[string]any{"question": "How many invoices can I export at once?", "noncommittal": 0}
	cls := []any{map[string]any{"statement": "s", "reason": "r", "attributed": 1}}
	srv.On(llmtest.Schema("eval_answer"), llmtest.Reply{JSON: map[string]any{"answer": "You can export up to 12 invoices at once.", "covered": true}})
	srv.On(llmtest.Schema("eval_faithfulness"), llmtest.Reply{JSON: map[string]any{"statements": []any{
		map[string]any{"statement": "Up to 12 invoices export at once.", "reason": "r", "verdict": 1}}}})
	srv.On(llmtest.Schema("eval_context_recall"), llmtest.Reply{JSON: map[string]any{"classifications": cls}})
	srv.On(llmtest.Schema("eval_context_recall_precision"), llmtest.Reply{JSON: map[string]any{"classifications": cls, "passages": []any{
		map[string]any{"passage": 1, "reason": "r", "useful": 1}, map[string]any{"passage": 2, "reason": "r", "useful": 0},
		map[string]any{"passage": 3, "reason": "r", "useful": 0}}}})
	srv.On(llmtest.Schema("eval_answer_relevancy"), llmtest.Reply{JSON: map[string]any{"questions": []any{q, q, q}}})
}

// Issue 18: an answerable question costs at most 4 chat calls at one
// judge repeat (answer, faithfulness, context recall with or without
// precision, answer relevancy) plus one embedding batch, and its three
// judge calls run at once.
func TestLLMQuestionMakesFourChatCallsJudgedAtOnce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		precision bool
	}{
		{"context precision by reference ids", false},
		{"context precision judged by the LLM", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			corpus, qs := newFakeCorpus(6, 11)
			qs = qs[:6] // answerable ones only
			srv := llmtest.New(t)
			scriptJudges(srv)
			cl, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "k", Models: llm.Models{Answer: "a", Judge: "j", Embedding: "e"}})
			if err != nil {
				t.Fatal(err)
			}
			bj := &barrierJudge{next: cl, width: 3}
			st := openTestStore(t)
			r, err := NewRunner(st, Deps{Retriever: corpus, Answerer: NewLLMAnswerer(cl), Judge: bj, Embedder: clientEmbedder{cl}},
				Config{Engine: engine.LLM, K: 3, Concurrency: 1, LLMContextPrecision: c.precision})
			if err != nil {
				t.Fatal(err)
			}
			run, err := r.Start(ctx, Run{GoldenSet: "s"}, qs, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, _ := st.Results(ctx, run.ID)
			for _, q := range res {
				if q.Error != "" {
					t.Fatalf("%s: %s", q.QuestionID, q.Error)
				}
				if len(q.Calls) != 3 {
					t.Fatalf("%s: %d judge calls logged, want 3", q.QuestionID, len(q.Calls))
				}
				if _, ok := q.Scores[ContextPrecision]; !ok {
					t.Fatalf("%s: no context precision: %+v", q.QuestionID, q.NotMeasured)
				}
			}
			chat := srv.Count(func(r llmtest.Request) bool { return r.Endpoint == "chat" })
			embeds := srv.Count(func(r llmtest.Request) bool { return r.Endpoint == "embeddings" })
			if chat > 4*len(qs) || embeds != len(qs) {
				t.Fatalf("%d chat calls and %d embedding batches for %d questions; want at most 4 and exactly 1 per question", chat, embeds, len(qs))
			}
			if bj.widest != 3 {
				t.Fatalf("at most %d judge calls were in flight at once, want 3", bj.widest)
			}
		})
	}
}
