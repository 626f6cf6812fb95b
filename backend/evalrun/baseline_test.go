package evalrun

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/engine"
	"continuity/backend/eval"
)

// BuildCard must say which run a baseline resolved to: "last" passes over
// runs that cannot be compared and names them, a named run that measured
// differently is used as asked but with a caution.
func TestBuildCardSaysWhichBaselineWasChosen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := thresholdDB(t)
	st, err := eval.OpenStore(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	put := func(id string, e engine.Engine, started string, failed bool) {
		t.Helper()
		r := eval.Run{ID: id, GoldenSet: "billing", Status: eval.StatusDone, StartedAt: started, Engine: e, Questions: 1,
			AnswerModel: "offline-extractive", JudgeModel: "offline-claims"}
		if err := st.PutRun(ctx, r); err != nil {
			t.Fatal(err)
		}
		res := eval.QuestionResult{RunID: id, QuestionID: "Q1", Category: eval.Routine,
			Scores: map[eval.Metric]eval.Score{eval.IDContextRecall: {Value: 1, Method: "ids"}}}
		if failed {
			res.Error, res.Scores = "retrieve: index is locked", nil
		}
		if err := st.SaveResult(ctx, res); err != nil {
			t.Fatal(err)
		}
	}
	put("good", engine.Offline, "2026-03-01T10:00:00Z", false)
	put("errored", engine.Offline, "2026-03-02T10:00:00Z", true)
	put("llm", engine.LLM, "2026-03-03T10:00:00Z", false)
	put("current", engine.Offline, "2026-03-04T10:00:00Z", false)

	cases := []struct {
		name, baseline, wantRun string
		wantSkipped             []string
		wantNote                []string
	}{
		{"last skips the errored and the other engine's run", BaselineLast, "good", []string{"llm", "errored"},
			[]string{"baseline last: run good (started 2026-03-01T10:00:00Z)", "skipped 2 newer run(s)", "llm (engine llm, this run offline)", "errored (1 of 1 questions failed with an error)"}},
		{"a named run of another engine is used, with a caution", "llm", "llm", nil,
			[]string{"baseline llm: run llm", "caution: engine llm, this run offline"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			card, err := BuildCard(ctx, db, st, "current", c.baseline)
			if err != nil {
				t.Fatal(err)
			}
			ch := card.Baseline
			if ch == nil || ch.RunID != c.wantRun || card.Scorecard.Baseline == nil || card.Scorecard.Baseline.BaselineRunID != c.wantRun {
				t.Fatalf("choice %+v, diff %+v; want run %s", ch, card.Scorecard.Baseline, c.wantRun)
			}
			if len(ch.Skipped) != len(c.wantSkipped) {
				t.Fatalf("skipped %+v, want %v", ch.Skipped, c.wantSkipped)
			}
			for i, id := range c.wantSkipped {
				if ch.Skipped[i].RunID != id {
					t.Errorf("skipped[%d] = %+v, want %s", i, ch.Skipped[i], id)
				}
			}
			for _, w := range c.wantNote {
				if !strings.Contains(ch.Note, w) {
					t.Errorf("note %q lacks %q", ch.Note, w)
				}
			}
		})
	}

	// With only earlier runs that cannot stand as a baseline, there is no
	// diff and the choice says so instead of comparing against them.
	card, err := BuildCard(ctx, db, st, "llm", BaselineLast)
	if err != nil {
		t.Fatal(err)
	}
	ch := card.Baseline
	if card.Scorecard.Baseline != nil || ch == nil || ch.RunID != "" || !strings.Contains(ch.Note, "no earlier run qualifies") ||
		len(ch.Skipped) != 2 || ch.Skipped[0].RunID != "errored" || ch.Skipped[1].RunID != "good" {
		t.Fatalf("choice %+v, diff %+v; want none, said so, both earlier runs skipped", ch, card.Scorecard.Baseline)
	}
	// The first run has nothing before it.
	if card, err = BuildCard(ctx, db, st, "good", BaselineLast); err != nil || card.Baseline.RunID != "" || len(card.Baseline.Skipped) != 0 {
		t.Fatalf("first run: %+v, %v", card.Baseline, err)
	}
}
