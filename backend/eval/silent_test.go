package eval

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/engine"
	"continuity/backend/llm"
)

// mapEmbedder embeds each text as the vector it is mapped to.
type mapEmbedder map[string][]float32

func (m mapEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v, ok := m[t]
		if !ok {
			return nil, fmt.Errorf("no vector for %q", t)
		}
		out[i] = v
	}
	return out, nil
}

// Cosine lies in [-1, 1] and float rounding can put it a hair past 1;
// answer relevancy must stay a [0,1] score either way.
func TestLLMAnswerRelevancyIsClampedToZeroOne(t *testing.T) {
	t.Parallel()
	const asked = "How long is the refund window?"
	up, down := []float32{1, 0, 0}, []float32{-1, 0, 0}
	// v and 3v whose float cosine is 1.0000000000000002
	v, v3 := []float32{1.8330001, 0.7, 0.31}, []float32{5.499, 2.1, 0.93}
	cases := []struct {
		name      string
		askedVec  []float32
		generated [3][]float32
		want      float64
	}{
		{"every generated question points away", up, [3][]float32{down, down, down}, 0},
		{"one points away, two match", up, [3][]float32{down, up, up}, 2.0 / 3},
		{"rounding past 1", v, [3][]float32{v3, v3, v3}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			emb := mapEmbedder{asked: c.askedVec}
			for i, g := range c.generated {
				emb[fmt.Sprintf("generated %d", i+1)] = g
			}
			j := &scriptedJudge{reply: func(req llm.Request, n int) string {
				return `{"questions":[{"question":"generated 1","noncommittal":0},{"question":"generated 2","noncommittal":0},{"question":"generated 3","noncommittal":0}]}`
			}}
			g := &judging{j: j}
			o, err := g.answerRelevancy(context.Background(), emb, Question{ID: "Q1", Category: Routine, Question: asked},
				Answer{Text: "Refunds are possible within 30 days."})
			if err != nil || !o.measured {
				t.Fatalf("answerRelevancy = %+v, %v", o, err)
			}
			if o.value < 0 || o.value > 1 || !near(o.value, c.want) {
				t.Fatalf("relevancy %v, want %v within [0,1]", o.value, c.want)
			}
		})
	}
}

// A resume on a changed corpus scores the rest against the new corpus:
// the run must keep both fingerprints and say so, per question too.
func TestResumeOnAChangedCorpusRecordsBothFingerprints(t *testing.T) {
	t.Parallel()
	corpus, qs := newFakeCorpus(18, 8)
	st := openTestStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	r, _ := NewRunner(st, Deps{Retriever: &cancellingRetriever{fakeCorpus: corpus, after: 6, cancel: cancel}, Answerer: NewOfflineAnswerer()}, Config{Concurrency: 1})
	run, err := r.Start(ctx, Run{GoldenSet: "s", CorpusFingerprint: "fp-old"}, qs, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("start: %v, want cancelled", err)
	}
	before, _ := st.Results(context.Background(), run.ID)
	if len(before) == 0 || len(before) == len(qs) {
		t.Fatalf("saved %d of %d before the cancel", len(before), len(qs))
	}

	r2, _ := NewRunner(st, Deps{Retriever: corpus, Answerer: NewOfflineAnswerer()}, Config{Concurrency: 1})
	run, err = r2.Resume(context.Background(), run.ID, "fp-new", qs, nil)
	if err != nil || run.Status != StatusDone {
		t.Fatalf("resume: %v, %s", err, run.Status)
	}
	stored, err := st.Run(context.Background(), run.ID)
	if err != nil {
		t.Fatal(err)
	}
	remaining := len(qs) - len(before)
	if stored.CorpusFingerprint != "fp-old" || len(stored.CorpusChanges) != 1 || stored.CorpusChanges[0].Fingerprint != "fp-new" ||
		stored.CorpusChanges[0].Remaining != remaining || stored.Corpus() != "fp-new" {
		t.Fatalf("stored run: started on %q, changes %+v; want fp-old then fp-new for %d questions", stored.CorpusFingerprint, stored.CorpusChanges, remaining)
	}
	w := stored.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "fp-new") || !strings.Contains(w[0], "fp-old") || !strings.Contains(w[0], fmt.Sprintf("%d of %d", remaining, len(qs))) {
		t.Fatalf("warnings = %q", w)
	}
	all, _ := st.Results(context.Background(), run.ID)
	byCorpus := map[string]int{}
	for _, q := range all {
		byCorpus[q.CorpusFingerprint]++
	}
	if byCorpus["fp-old"] != len(before) || byCorpus["fp-new"] != remaining {
		t.Fatalf("questions per corpus %v, want %d on fp-old and %d on fp-new", byCorpus, len(before), remaining)
	}

	// Resuming again on the same corpus is not another change.
	if run, err = r2.Resume(context.Background(), run.ID, "fp-new", qs, nil); err != nil || len(run.CorpusChanges) != 1 {
		t.Fatalf("second resume: %v, changes %+v", err, run.CorpusChanges)
	}
}

func TestLastBaselineSkipsRunsThatCannotBeCompared(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type stored struct {
		run    Run
		failed int // of 2 questions
		saved  int
	}
	mk := func(id string, e engine.Engine, judge, status string) Run {
		return Run{ID: id, GoldenSet: "s", Status: status, StartedAt: "2026-01-01T00:00:0" + id[len(id)-1:] + "Z",
			Engine: e, AnswerModel: "answer-a", JudgeModel: judge, Questions: 2}
	}
	cur := mk("run-9", engine.Offline, "judge-a", StatusDone)
	cases := []struct {
		name        string
		runs        []stored
		want        string
		wantSkipped []string // "id: reason fragment", newest first
	}{
		{"newest comparable run, newer ones skipped with reasons", []stored{
			{mk("run-1", engine.Offline, "judge-a", StatusDone), 0, 2},
			{mk("run-2", engine.Offline, "judge-a", StatusDone), 1, 2},
			{mk("run-3", engine.LLM, "judge-a", StatusDone), 0, 2},
			{mk("run-4", engine.Offline, "judge-a", StatusCancelled), 0, 1},
			{mk("run-5", engine.Offline, "judge-b", StatusDone), 0, 2},
			{mk("run-6", engine.Offline, "judge-a", StatusDone), 0, 1},
		}, "run-1", []string{"run-6: incomplete: 1 of 2", "run-5: judge model judge-b, this run judge-a", "run-4: status cancelled",
			"run-3: engine llm, this run offline", "run-2: 1 of 2 questions failed with an error"}},
		{"every question errored", []stored{{mk("run-1", engine.Offline, "judge-a", StatusDone), 2, 2}}, "",
			[]string{"run-1: 2 of 2 questions failed"}},
		{"only another engine's run", []stored{{mk("run-1", engine.LLM, "judge-a", StatusDone), 0, 2}}, "",
			[]string{"run-1: engine llm"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st := openTestStore(t)
			for _, s := range append(c.runs, stored{cur, 0, 2}) {
				if err := st.PutRun(ctx, s.run); err != nil {
					t.Fatal(err)
				}
				for q := range s.saved {
					res := QuestionResult{RunID: s.run.ID, QuestionID: fmt.Sprintf("Q%d", q+1), Category: Routine}
					if q < s.failed {
						res.Error = "judge reply is not JSON"
					}
					if err := st.SaveResult(ctx, res); err != nil {
						t.Fatal(err)
					}
				}
			}
			got, skipped, err := st.LastBaseline(ctx, cur)
			if c.want == "" {
				if !errors.Is(err, ErrRunNotFound) {
					t.Fatalf("got %s, %v; want ErrRunNotFound", got.ID, err)
				}
			} else if err != nil || got.ID != c.want {
				t.Fatalf("baseline %q, %v; want %s", got.ID, err, c.want)
			}
			if len(skipped) != len(c.wantSkipped) {
				t.Fatalf("skipped %+v, want %v", skipped, c.wantSkipped)
			}
			for i, w := range c.wantSkipped {
				id, reason, _ := strings.Cut(w, ": ")
				if skipped[i].RunID != id || !strings.Contains(skipped[i].Reason, reason) {
					t.Errorf("skipped[%d] = %+v, want %s with %q", i, skipped[i], id, reason)
				}
			}
		})
	}
}
