package evalrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/llm/llmtest"
	"continuity/backend/session"
	"continuity/backend/settings"
)

// llmSession is a session over a one-document workspace with the LLM
// engine pointed at srv, at most maxCalls calls in flight, and a golden
// set "inflight" of n routine questions.
func llmSession(t *testing.T, srv *llmtest.Server, maxCalls, n int) *session.Session {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(filepath.Join(ws, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can get a full refund within 30 days of purchase.\n"
	if err := os.WriteFile(filepath.Join(ws, "content", "refunds.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(ctx, session.Options{DataDir: filepath.Join(dir, "data"), CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	st := settings.Defaults()
	st.Engine, st.BaseURL, st.MaxConcurrency = settings.EngineLLM, srv.URL, maxCalls
	st.Models = settings.Models{Answer: "m-answer", Judge: "m-judge"}
	if err := s.Settings.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	var rows []golden.Row
	for i := range n {
		rows = append(rows, golden.Row{ID: fmt.Sprintf("Q%02d", i+1), Category: golden.Routine,
			Question:       fmt.Sprintf("How long is the refund window, case %d?", i+1),
			ApprovedAnswer: "You can get a full refund within 30 days of purchase.", ReferenceDocIDs: []string{"help-refund"},
			SupportingLine: "full refund within 30 days"})
	}
	id, err := s.WorkspaceID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := golden.NewRepo(ctx, s.DB, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Save(ctx, "inflight", "", "test", "test set", rows); err != nil {
		t.Fatal(err)
	}
	return s
}

func scriptEvalReplies(srv *llmtest.Server) {
	srv.On(llmtest.Schema("eval_answer"), llmtest.Reply{JSON: map[string]any{"answer": "A full refund is possible within 30 days.", "covered": true}})
	srv.On(llmtest.Schema("eval_faithfulness"), llmtest.Reply{JSON: map[string]any{"statements": []any{
		map[string]any{"statement": "A full refund is possible within 30 days.", "reason": "r", "verdict": 1}}}})
	srv.On(llmtest.Schema("eval_context_recall"), llmtest.Reply{JSON: map[string]any{"classifications": []any{
		map[string]any{"statement": "s", "reason": "r", "attributed": 1}}}})
	q := map[string]any{"question": "How long is the refund window?", "noncommittal": 0}
	srv.On(llmtest.Schema("eval_answer_relevancy"), llmtest.Reply{JSON: map[string]any{"questions": []any{q, q, q}}})
}

// Regression: the runner used to put 16 questions in flight behind a
// client that makes 4 calls at a time, so every question crawled forward
// together and a run stopped after 80 paid calls had saved 0 of 51. With
// the runner bounded to the client's cap, questions finish, and are saved,
// at the pace of their own calls.
func TestCancelledLLMRunHasSavedTheQuestionsItPaidFor(t *testing.T) {
	t.Parallel()
	const (
		questions    = 12
		callsPerQ    = 4 // answer, faithfulness, context recall, answer relevancy
		cancelAfter  = 5 * callsPerQ
		maxCalls     = 2
		wantAtLeast  = 3 // 5 questions' worth of calls, less the ones cut off in flight
		replyLatency = 5 * time.Millisecond
	)
	srv := llmtest.New(t)
	srv.Latency = replyLatency
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	srv.On(llmtest.Prompt(func(llmtest.Request) bool { // counts every call, answers none
		if calls.Add(1) == cancelAfter {
			cancel()
		}
		return false
	}))
	scriptEvalReplies(srv)
	s := llmSession(t, srv, maxCalls, questions)

	p, err := Prepare(ctx, s, "inflight", Options{Engine: engine.LLM}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	run, err := p.Runner.Start(ctx, p.Run, p.Questions, nil)
	if !errors.Is(err, context.Canceled) || run.Status != eval.StatusCancelled {
		t.Fatalf("run: %v, status %s; want it cancelled", err, run.Status)
	}
	res, err := p.Store.Results(context.Background(), run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) < wantAtLeast {
		t.Fatalf("%d of %d questions saved after %d calls; want at least %d: in-flight work was lost", len(res), questions, calls.Load(), wantAtLeast)
	}
	for _, r := range res {
		if r.Error != "" {
			t.Fatalf("%s saved with error %q; a question cut off by the cancel must be left for resume", r.QuestionID, r.Error)
		}
	}
}
