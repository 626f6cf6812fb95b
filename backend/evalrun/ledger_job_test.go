package evalrun

import (
	"context"
	"sync/atomic"
	"testing"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
)

// Every model call of an evaluation run is booked to the run in the
// ledger's job column, so a run's cost can be read back from the ledger.
func TestEveryCallOfARunIsBookedToIt(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	var calls atomic.Int64
	srv.On(llmtest.Prompt(func(llmtest.Request) bool { calls.Add(1); return false }))
	scriptEvalReplies(srv)
	s := llmSession(t, srv, 2, 3)
	ctx := context.Background()

	p, err := Prepare(ctx, s, "inflight", Options{Engine: engine.LLM}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := p.Runner.Start(ctx, p.Run, p.Questions, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.ID == "" || run.ID != p.Run.ID {
		t.Fatalf("run %q, prepared %q: the run must carry the ID its calls are booked to", run.ID, p.Run.ID)
	}
	if err := p.Close(); err != nil { // flushes the ledger
		t.Fatal(err)
	}
	got, err := llm.StoredJobTotals(ctx, s.DB, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n == 0 || int64(got.Calls) != n {
		t.Fatalf("the ledger books %d calls to run %s; the server answered %d", got.Calls, run.ID, n)
	}
}

// A run records the embedders of the index it retrieved from, as status
// names them, not the judge's embedder.
func TestARunRecordsTheIndexEmbedder(t *testing.T) {
	t.Parallel()
	s := llmSession(t, llmtest.New(t), 1, 1)
	ctx := context.Background()
	p, err := Prepare(ctx, s, "inflight", Options{Engine: engine.Offline}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ix, err := s.OpenIndex(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Run.Settings["index_embed"], st.Embedder+" "+st.EmbedModel; got != want || st.EmbedModel == "" {
		t.Fatalf("run records index_embed %q, the index has %q", got, want)
	}
}
