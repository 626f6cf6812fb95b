package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/store"
)

func openTestStore(t *testing.T) *Store { return openTestStoreB(t) }

func openTestStoreB(t testing.TB) *Store {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "eval.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	st, err := OpenStore(context.Background(), db, "ws-test")
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// scriptedJudge answers each prompt with JSON text and decodes it into out
// as the llm client does, so a broken reply fails the same way.
type scriptedJudge struct {
	mu    sync.Mutex
	reply func(req llm.Request, n int) string
	n     map[string]int
}

func (j *scriptedJudge) CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error) {
	j.mu.Lock()
	if j.n == nil {
		j.n = map[string]int{}
	}
	j.n[req.Prompt]++
	n := j.n[req.Prompt]
	j.mu.Unlock()
	resp := llm.Response{Model: "judge-test", Usage: llm.Usage{InputTokens: 100, OutputTokens: 10}, Latency: time.Millisecond}
	if err := ctx.Err(); err != nil {
		return resp, err
	}
	text := j.reply(req, n)
	resp.Content = text
	if err := json.Unmarshal([]byte(text), out); err != nil {
		return resp, fmt.Errorf("reply is not valid JSON for %s: %w", req.Schema.Name, err)
	}
	return resp, nil
}

func goodReplies(req llm.Request, n int) string {
	switch req.Prompt {
	case "eval.faithfulness":
		return `{"statements":[{"statement":"a","reason":"r","verdict":1},{"statement":"b","reason":"r","verdict":0}]}`
	case "eval.context_recall":
		return `{"classifications":[{"statement":"a","reason":"r","attributed":1}]}`
	case "eval.context_recall_precision":
		passages := make([]string, strings.Count(req.Messages[1].Content, "\n["))
		for i := range passages {
			passages[i] = fmt.Sprintf(`{"passage":%d,"reason":"r","useful":1}`, i+1)
		}
		return `{"classifications":[{"statement":"a","reason":"r","attributed":1}],"passages":[` + strings.Join(passages, ",") + `]}`
	case "eval.answer_relevancy":
		q := `{"question":"How many invoices can I export?","noncommittal":0}`
		return `{"questions":[` + q + "," + q + "," + q + `]}`
	}
	return `{}`
}

func TestOfflineRunScoresAndPersists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	corpus, qs := newFakeCorpus(18, 1)
	st := openTestStore(t)
	r, err := NewRunner(st, Deps{Retriever: corpus, Answerer: NewOfflineAnswerer(), Verifier: containsVerifier{}, Embedder: hashEmbedder{}}, Config{K: 4})
	if err != nil {
		t.Fatal(err)
	}
	var events atomic.Int64
	run, err := r.Start(ctx, Run{GoldenSet: "sample", GoldenVersion: "v3", CorpusFingerprint: "abc", AnswerModel: "offline-extractive",
		Settings: map[string]string{"fusion": "rrf"}}, qs, func(progress.Event) { events.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	if run.Status != StatusDone || run.Engine != engine.Offline || run.GoldenVersion != "v3" || run.K != 4 {
		t.Fatalf("run = %+v", run)
	}
	got, err := st.Results(ctx, run.ID)
	if err != nil || len(got) != len(qs) {
		t.Fatalf("results = %d, %v; want %d", len(got), err, len(qs))
	}
	if events.Load() < int64(len(qs)) {
		t.Errorf("progress events = %d, want one per question", events.Load())
	}
	for _, res := range got {
		if res.Error != "" {
			t.Fatalf("%s: %s", res.QuestionID, res.Error)
		}
		for m, s := range res.Scores {
			if s.Value != s.Value {
				t.Fatalf("%s %s is NaN", res.QuestionID, m)
			}
		}
		if res.Category == Refuse {
			if _, ok := res.Scores[RefusalCorrectness]; !ok {
				t.Fatalf("%s: refuse question without refusal_correctness", res.QuestionID)
			}
			if _, ok := res.NotMeasured[AnswerRelevancy]; !ok {
				t.Fatalf("%s: refuse question relevancy should be not measured", res.QuestionID)
			}
			continue
		}
		if res.Scores[IDContextRecall].Value != 1 || res.Scores[SupportingLineRecall].Value != 1 {
			t.Errorf("%s: id recall %v, line recall %v; retrieval should find the generated line", res.QuestionID,
				res.Scores[IDContextRecall].Value, res.Scores[SupportingLineRecall].Value)
		}
		if len(res.Retrieved) == 0 || res.Answer == "" || res.Reference == "" {
			t.Fatalf("%s: test log incomplete: %+v", res.QuestionID, res)
		}
	}
}

func TestJudgeParseFailureIsQuestionError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	corpus, qs := newFakeCorpus(6, 2)
	cases := []struct {
		name  string
		reply func(llm.Request, int) string
		want  string
	}{
		{"unparsable reply", func(req llm.Request, n int) string {
			if req.Prompt == "eval.faithfulness" && n == 2 {
				return `{"statements": [ {"statement": "a", "verdict": 1`
			}
			return goodReplies(req, n)
		}, "not valid JSON"},
		{"verdict outside 0/1", func(req llm.Request, n int) string {
			if req.Prompt == "eval.context_recall_precision" && n == 1 {
				return strings.Replace(goodReplies(req, n), `"attributed":1`, `"attributed":7`, 1)
			}
			return goodReplies(req, n)
		}, "want 0 or 1"},
		{"question count mismatch", func(req llm.Request, n int) string {
			if req.Prompt == "eval.answer_relevancy" && n == 1 {
				return `{"questions":[{"question":"q","noncommittal":0}]}`
			}
			return goodReplies(req, n)
		}, "answer relevancy: 1 questions, want 3"},
		{"passage verdicts out of order", func(req llm.Request, n int) string {
			if req.Prompt == "eval.context_recall_precision" && n == 1 {
				return `{"classifications":[{"statement":"a","reason":"r","attributed":1}],"passages":[{"passage":2,"reason":"r","useful":1},{"passage":1,"reason":"r","useful":1},{"passage":3,"reason":"r","useful":1}]}`
			}
			return goodReplies(req, n)
		}, "want them in order"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st := openTestStore(t)
			r, err := NewRunner(st, Deps{Retriever: corpus, Answerer: NewOfflineAnswerer(), Embedder: hashEmbedder{},
				Judge: &scriptedJudge{reply: c.reply}}, Config{Engine: engine.LLM, K: 3, Concurrency: 1, LLMContextPrecision: true})
			if err != nil {
				t.Fatal(err)
			}
			run, err := r.Start(ctx, Run{GoldenSet: "s"}, qs[:3], nil)
			if err != nil {
				t.Fatal(err)
			}
			res, _ := st.Results(ctx, run.ID)
			failed := 0
			for _, q := range res {
				if q.Error != "" {
					failed++
					if !strings.Contains(q.Error, c.want) {
						t.Errorf("error %q, want it to mention %q", q.Error, c.want)
					}
					if len(q.Scores) != 0 {
						t.Errorf("failed question kept scores %v", q.Scores)
					}
				}
			}
			if failed != 1 {
				t.Fatalf("failed questions = %d, want exactly 1", failed)
			}
		})
	}
}

func TestLLMRepeatMarksFlaky(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	corpus, qs := newFakeCorpus(3, 3)
	flip := func(req llm.Request, n int) string {
		if req.Prompt == "eval.context_recall_precision" {
			return strings.Replace(goodReplies(req, n), `"attributed":1`, fmt.Sprintf(`"attributed":%d`, n%2), 1)
		}
		return goodReplies(req, n)
	}
	st := openTestStore(t)
	r, err := NewRunner(st, Deps{Retriever: corpus, Answerer: NewOfflineAnswerer(), Embedder: hashEmbedder{}, Judge: &scriptedJudge{reply: flip}},
		Config{Engine: engine.LLM, K: 3, Concurrency: 1, Repeat: 3, LLMContextPrecision: true})
	if err != nil {
		t.Fatal(err)
	}
	run, err := r.Start(ctx, Run{GoldenSet: "s"}, qs[:1], nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := st.Results(ctx, run.ID)
	cr := res[0].Scores[ContextRecall]
	if !cr.Flaky || cr.Spread != 1 || len(cr.Runs) != 3 || !near(cr.Value, 2.0/3) {
		t.Fatalf("context recall = %+v, want flaky mean 2/3 over 3 runs", cr)
	}
	if f := res[0].Scores[Faithfulness]; f.Flaky || f.Value != 0.5 {
		t.Fatalf("faithfulness = %+v, want stable 0.5", f)
	}
	if p := res[0].Scores[ContextPrecision]; p.Method != "llm" || p.Value != 1 {
		t.Fatalf("context precision = %+v, want llm 1", p)
	}
	// 3 repeats × (faithfulness + recall with precision + relevancy) judge calls
	if n := len(res[0].Calls); n != 9 {
		t.Fatalf("judge calls logged = %d, want 9", n)
	}
	if res[0].JudgeModel != "judge-test" || res[0].PromptVersions["eval.context_recall_precision"] != "v1" || res[0].Tokens.InputTokens == 0 {
		t.Fatalf("test log lacks model, prompt versions or tokens: %+v", res[0])
	}
}

// cancellingRetriever cancels the run after a number of searches.
type cancellingRetriever struct {
	*fakeCorpus
	after  int64
	cancel context.CancelFunc
	n      atomic.Int64
}

func (c *cancellingRetriever) Search(ctx context.Context, q string, k int) ([]Passage, error) {
	if c.n.Add(1) == c.after {
		c.cancel()
	}
	return c.fakeCorpus.Search(ctx, q, k)
}

func TestCancelThenResume(t *testing.T) {
	t.Parallel()
	corpus, qs := newFakeCorpus(27, 4)
	st := openTestStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	deps := Deps{Retriever: &cancellingRetriever{fakeCorpus: corpus, after: 10, cancel: cancel}, Answerer: NewOfflineAnswerer()}
	r, _ := NewRunner(st, deps, Config{Concurrency: 2})
	run, err := r.Start(ctx, Run{GoldenSet: "s"}, qs, nil)
	if !errors.Is(err, context.Canceled) || run.Status != StatusCancelled {
		t.Fatalf("err = %v, status = %s; want cancelled", err, run.Status)
	}
	partial, _ := st.Results(context.Background(), run.ID)
	if len(partial) == 0 || len(partial) >= len(qs) {
		t.Fatalf("saved %d of %d before cancel; want some, not all", len(partial), len(qs))
	}
	counting := &cancellingRetriever{fakeCorpus: corpus, after: -1, cancel: func() {}}
	r2, _ := NewRunner(st, Deps{Retriever: counting, Answerer: NewOfflineAnswerer()}, Config{Concurrency: 2})
	run, err = r2.Resume(context.Background(), run.ID, "", qs, nil)
	if err != nil || run.Status != StatusDone {
		t.Fatalf("resume: %v, %s", err, run.Status)
	}
	all, _ := st.Results(context.Background(), run.ID)
	if len(all) != len(qs) {
		t.Fatalf("after resume %d results, want %d", len(all), len(qs))
	}
	if got := counting.n.Load(); got != int64(len(qs)-len(partial)) {
		t.Fatalf("resume searched %d questions, want only the %d unfinished", got, len(qs)-len(partial))
	}
	if _, err := r2.Resume(context.Background(), run.ID, "", qs[1:], nil); err == nil {
		t.Fatal("resume with a changed golden set must fail")
	}
}

func TestValidateQuestionsLocatesError(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		qs   []Question
		want string
	}{
		{"duplicate", []Question{{ID: "a", Category: Routine, Question: "x"}, {ID: "a", Category: Routine, Question: "y"}}, `question 2 (id "a"): duplicate id, first used by question 1`},
		{"bad category", []Question{{ID: "a", Category: "weird", Question: "x"}}, `question 1 (id "a"): category "weird"`},
		{"empty text", []Question{{ID: "a", Category: Refuse}}, "empty question text"},
		{"empty id", []Question{{Category: Refuse, Question: "x"}}, "question 1: empty id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if err := ValidateQuestions(c.qs); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}
