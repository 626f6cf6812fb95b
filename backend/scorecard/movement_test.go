package scorecard

import (
	"math"
	"strings"
	"testing"

	"continuity/backend/eval"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		base, cur *float64
		tolerance float64
		want      Movement
	}{
		{"a drop beyond the tolerance regressed", ptr(0.9), ptr(0.8), 0.05, MoveRegressed},
		{"a drop of exactly the tolerance regressed", ptr(0.5), ptr(0.25), 0.25, MoveRegressed},
		{"a rise beyond the tolerance improved", ptr(0.5), ptr(1), 0.05, MoveImproved},
		{"a small move is noise", ptr(0.9), ptr(0.92), 0.05, MoveUnchanged},
		{"the same value is unchanged", ptr(1), ptr(1), 0.05, MoveUnchanged},
		{"zero tolerance means the default", ptr(0.9), ptr(0.87), 0, MoveUnchanged},
		{"nothing in the baseline is new", nil, ptr(0.7), 0.05, MoveNew},
		{"NaN in the baseline is new", ptr(math.NaN()), ptr(0.7), 0.05, MoveNew},
		{"nothing now is not measured", ptr(0.9), nil, 0.05, MoveNotMeasured},
		{"nothing in either is not measured", nil, nil, 0.05, MoveNotMeasured},
		{"NaN now is not measured, never a regression", ptr(0.9), ptr(math.NaN()), 0.05, MoveNotMeasured},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Classify(c.base, c.cur, c.tolerance); got != c.want {
				t.Fatalf("Classify = %q, want %q", got, c.want)
			}
		})
	}
}

func TestCompareClassifiesEveryQuestionAndMean(t *testing.T) {
	t.Parallel()
	score := func(v float64) map[eval.Metric]eval.Score {
		return map[eval.Metric]eval.Score{eval.Faithfulness: sc(v)}
	}
	base := Build(eval.Run{ID: "base", Questions: 6}, []eval.QuestionResult{
		{QuestionID: "down", Scores: score(1)},
		{QuestionID: "up", Scores: score(0.4)},
		{QuestionID: "noise", Scores: score(0.9)},
		{QuestionID: "breaks", Scores: score(1)},
		{QuestionID: "fixed", Error: "timeout"},
		{QuestionID: "broken", Error: "timeout"},
		{QuestionID: "other-metric", Scores: map[eval.Metric]eval.Score{eval.ContextRecall: sc(1)}},
	}, nil)
	cur := Build(eval.Run{ID: "cur", Questions: 8}, []eval.QuestionResult{
		{QuestionID: "down", Scores: score(0.5)},
		{QuestionID: "up", Scores: score(0.9)},
		{QuestionID: "noise", Scores: score(0.92)},
		{QuestionID: "breaks", Error: "judge reply is not JSON"},
		{QuestionID: "fixed", Scores: score(1)},
		{QuestionID: "broken", Error: "timeout"},
		{QuestionID: "other-metric", Scores: score(1)},
		{QuestionID: "added", Scores: score(1)},
	}, nil)
	d := Compare(base, cur, 0)
	cases := []struct {
		name, id string
		want     Movement
		worst    float64
	}{
		{"a score dropped", "down", MoveRegressed, -0.5},
		{"a score rose", "up", MoveImproved, 0},
		{"a small move", "noise", MoveUnchanged, 0},
		{"a new error", "breaks", MoveRegressed, -1},
		{"a fixed error", "fixed", MoveImproved, 0},
		{"an error in both runs", "broken", MoveNotMeasured, 0},
		{"no metric in common", "other-metric", MoveNotMeasured, 0},
		{"not in the baseline", "added", MoveNew, 0},
	}
	by := d.ByQuestion()
	if len(by) != len(cases) || len(d.Questions) != len(cases) {
		t.Fatalf("question changes = %+v", d.Questions)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := by[c.id]
			if got.Movement != c.want || math.Abs(got.WorstDelta-c.worst) > 1e-9 {
				t.Fatalf("%s = %+v, want %s worst %v", c.id, got, c.want, c.worst)
			}
		})
	}
	for _, md := range d.Metrics {
		if want := Classify(md.Baseline, md.Current, DefaultTolerance); md.Movement != want {
			t.Errorf("%s mean movement %q, want %q", md.Metric, md.Movement, want)
		}
		if (md.Delta != nil) != (md.Baseline != nil && md.Current != nil) {
			t.Errorf("%s delta %v with baseline %v and current %v", md.Metric, md.Delta, md.Baseline, md.Current)
		}
	}
}

func TestRollUp(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		moves []Movement
		want  Movement
	}{
		{"nothing compared", nil, MoveNotMeasured},
		{"all unchanged", []Movement{MoveUnchanged, MoveUnchanged}, MoveUnchanged},
		{"one up, rest the same", []Movement{MoveUnchanged, MoveImproved}, MoveImproved},
		{"any regression wins", []Movement{MoveImproved, MoveRegressed, MoveUnchanged}, MoveRegressed},
	}
	for _, c := range cases {
		if got := rollUp(c.moves); got != c.want {
			t.Errorf("%s: rollUp = %q, want %q", c.name, got, c.want)
		}
	}
}

// The HTML export words Status and Movement; it decides neither.
func TestHTMLShowsStatusesAndMovements(t *testing.T) {
	t.Parallel()
	base := Build(eval.Run{ID: "r0", Questions: 3}, sampleResults()[:1], nil)
	card := Build(eval.Run{ID: "r1", Questions: 3}, sampleResults(), nil)
	d := Compare(base, card, 0)
	card.Baseline = &d
	var buf strings.Builder
	if err := WriteHTML(&buf, card, nil); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		`<div class="tile fail"><div>faithfulness · <span class="s">FAIL</span>`,
		`<div class="tile none"><div>answer_relevancy · <span class="s">not measured</span>`,
		`<div class="tile info"><div>refusal_correctness · <span class="s">no threshold</span>`,
		`<tr class="below"><td>faithfulness</td><td>1.000</td><td>0.800</td><td>-0.200</td><td>regressed</td></tr>`,
		`<tr><td>refusal_correctness</td><td>not measured</td><td>1.000</td><td>–</td><td>new</td></tr>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %s", want)
		}
	}
}
