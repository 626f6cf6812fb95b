package eval

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"continuity/backend/engine"
)

// tableTarget answers from a fixed table keyed by question ID.
type tableTarget struct {
	replies map[string]Response
	fail    map[string]error
	calls   atomic.Int64
}

func (t *tableTarget) Respond(ctx context.Context, q Question) (Response, error) {
	t.calls.Add(1)
	if err := t.fail[q.ID]; err != nil {
		return Response{Model: "fake"}, err
	}
	return t.replies[q.ID], ctx.Err()
}

// countingEmbedder counts calls: --judge none must make none.
type countingEmbedder struct{ calls atomic.Int64 }

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.calls.Add(1)
	return hashEmbedder{}.Embed(ctx, texts)
}

func ctxs(ids ...string) []Passage {
	out := make([]Passage, len(ids))
	for i, id := range ids {
		out[i] = Passage{DocID: id, ChunkID: "context-" + id, Text: "Text of " + id + ". You can get a full refund within 30 days."}
	}
	return out
}

func TestJudgeNoneScoresATargetDeterministically(t *testing.T) {
	t.Parallel()
	qs := []Question{
		{ID: "Q1", Category: Routine, Question: "Refund window?", ApprovedAnswer: "30 days.", ReferenceDocIDs: []string{"help-refund", "help-billing"},
			SupportingLine: "full  REFUND within 30 days"},
		{ID: "Q2", Category: Routine, Question: "Trial?", ApprovedAnswer: "14 days.", ReferenceDocIDs: []string{"help-trial"}, SupportingLine: "free trial"},
		{ID: "Q3", Category: Refuse, Question: "Moon?", ApprovedAnswer: NotCoveredText},
		{ID: "Q4", Category: Routine, Question: "Timeout?", ReferenceDocIDs: []string{"x"}},
		{ID: "Q5", Category: Tricky, Question: "No ids?", ReferenceDocIDs: []string{"help-trial"}},
	}
	tgt := &tableTarget{replies: map[string]Response{
		"Q1": {Answer: "30 days.", Contexts: ctxs("help-refund", "blog-7", "help-refund"), HasContexts: true, HasIDs: true, RefusalKnown: true},
		"Q2": {Answer: "", Contexts: []Passage{}, HasContexts: true, HasIDs: true, RefusalKnown: true},
		"Q3": {Answer: "Sorry, not covered.", Contexts: []Passage{}, HasContexts: true, HasIDs: true, Refused: true, RefusalKnown: true},
		"Q5": {Answer: "Maybe.", Contexts: []Passage{{Text: "free trial of 14 days"}}, HasContexts: true},
	}, fail: map[string]error{"Q4": errors.New("POST http://h/ask: timed out after 1s (1 attempt)")}}
	judge := &scriptedJudge{reply: goodReplies}
	emb := &countingEmbedder{}
	st := openTestStore(t)
	r, err := NewRunner(st, Deps{Target: tgt, Judge: judge, Embedder: emb, Verifier: containsVerifier{}}, Config{Engine: engine.LLM, Judge: JudgeNone})
	if err != nil {
		t.Fatal(err)
	}
	run, err := r.Start(context.Background(), Run{GoldenSet: "s", Target: &Target{Kind: TargetHTTP, URL: "http://h/ask"}}, qs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Judge != "none" || len(judge.n) != 0 || emb.calls.Load() != 0 || tgt.calls.Load() != 5 {
		t.Fatalf("judge %q, judge calls %v, embedder calls %d, target calls %d", run.Judge, judge.n, emb.calls.Load(), tgt.calls.Load())
	}
	got, err := st.Results(context.Background(), run.ID)
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]QuestionResult{}
	for _, res := range got {
		by[res.QuestionID] = res
	}
	score := func(id string, m Metric) string {
		if s, ok := by[id].Scores[m]; ok {
			return strconv.FormatFloat(s.Value, 'f', -1, 64)
		}
		return "nm:" + by[id].NotMeasured[m].Reason
	}
	cases := []struct {
		name, id string
		m        Metric
		want     string
	}{
		{"recall: 1 of 2 reference ids returned", "Q1", IDContextRecall, "0.5"},
		{"precision: 1 of 2 distinct returned ids is a reference", "Q1", IDContextPrecision, "0.5"},
		{"supporting line, whitespace and case folded", "Q1", SupportingLineRecall, "1"},
		{"a complete reply passes the schema", "Q1", SchemaValidity, "1"},
		{"faithfulness is not judged", "Q1", Faithfulness, "nm:not judged: the run uses --judge none (deterministic metrics only)"},
		{"context precision is not judged", "Q1", ContextPrecision, "nm:not judged: the run uses --judge none (deterministic metrics only)"},
		{"empty sources: recall 0", "Q2", IDContextRecall, "0"},
		{"empty sources: precision has nothing to rank", "Q2", IDContextPrecision, "nm:nothing was retrieved"},
		{"an empty answer with no sources fails the schema", "Q2", SchemaValidity, "0"},
		{"a refusal", "Q3", RefusalCorrectness, "1"},
		{"a refusal needs no sources", "Q3", SchemaValidity, "1"},
		{"no context ids: not measured, never 0", "Q5", IDContextRecall, "nm:the target reports no context ids (set context_ids in the target file, or a retrieved_context_ids column)"},
		{"no refusal pattern: not measured", "Q5", RefusalCorrectness, "nm:not a refuse question"},
	}
	for _, c := range cases {
		if got := score(c.id, c.m); got != c.want {
			t.Errorf("%s: %s %s = %q, want %q", c.name, c.id, c.m, got, c.want)
		}
	}
	if q2 := by["Q2"]; !strings.Contains(q2.Evidence[SchemaValidity], "the answer is empty; no contexts were returned; no context ids were returned") {
		t.Errorf("Q2 schema evidence = %q", q2.Evidence[SchemaValidity])
	}
	if q4 := by["Q4"]; q4.Error != "target: POST http://h/ask: timed out after 1s (1 attempt)" || len(q4.Scores) != 0 {
		t.Errorf("Q4 = error %q, scores %v: a timeout is an error, never a score", q4.Error, q4.Scores)
	}
}

func TestRefusalWithoutPatternAndBuiltinSchema(t *testing.T) {
	t.Parallel()
	q := Question{ID: "Q", Category: Refuse, Question: "x"}
	if o := refusalCorrectness(q, Answer{Refused: true}, Response{}); o.measured {
		t.Fatalf("a target without a refusal pattern measured refusal: %+v", o)
	}
	cases := []struct {
		name  string
		shape Response
		ps    []Passage
		a     Answer
		q     Question
		want  float64
		why   string
	}{
		{"ids without texts reported", Response{HasIDs: true}, []Passage{{DocID: "a"}}, Answer{Text: "x"}, Question{Category: Routine}, 1, ""},
		{"a context without an id", Response{HasIDs: true, HasContexts: true}, []Passage{{DocID: "a", Text: "t"}, {Text: "u"}}, Answer{Text: "x"}, Question{Category: Routine}, 0, "1 of 2 contexts have no id"},
		{"blank answer", Response{}, nil, Answer{Text: "  "}, Question{Category: Refuse}, 0, "the answer is empty"},
	}
	for _, c := range cases {
		o, why := schemaCheck(c.q, c.a, c.ps, c.shape)
		if !o.measured || o.value != c.want || !strings.Contains(why, c.why) {
			t.Errorf("%s: %+v %q, want %v %q", c.name, o, why, c.want, c.why)
		}
	}
}
