package scorecard

import (
	"errors"
	"strings"
	"testing"

	"continuity/backend/eval"
)

func TestParseThresholdEdit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, arg string
		want      *float64 // threshold when no error
		reset     bool
		wantErr   string
	}{
		{name: "number", arg: "faithfulness=0.95", want: ptr(0.95)},
		{name: "bounds inclusive", arg: "context_recall=1", want: ptr(1)},
		{name: "zero", arg: "id_context_recall=0", want: ptr(0)},
		{name: "spaces tolerated", arg: " answer_relevancy = 0.7 ", want: ptr(0.7)},
		{name: "none is advisory", arg: "faithfulness=none"},
		{name: "advisory word", arg: "refusal_correctness=Advisory"},
		{name: "reset", arg: "faithfulness=default", reset: true},
		{name: "unknown metric", arg: "faithfulnes=0.9", wantErr: `unknown metric "faithfulnes"`},
		{name: "above one", arg: "faithfulness=1.5", wantErr: "between 0 and 1, got 1.5"},
		{name: "negative", arg: "faithfulness=-0.1", wantErr: "between 0 and 1, got -0.1"},
		{name: "NaN", arg: "faithfulness=NaN", wantErr: "between 0 and 1"},
		{name: "infinity", arg: "faithfulness=+Inf", wantErr: "between 0 and 1"},
		{name: "not a number", arg: "faithfulness=high", wantErr: `value "high" is not a number`},
		{name: "no equals", arg: "faithfulness", wantErr: "is not metric=value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, err := ParseThresholdEdit(c.arg)
			if c.wantErr != "" {
				if err == nil || !errors.Is(err, ErrInvalidThreshold) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("ParseThresholdEdit(%q) err = %v, want %q", c.arg, err, c.wantErr)
				}
				return
			}
			if err != nil || e.Reset != c.reset || (e.Threshold == nil) != (c.want == nil) || (c.want != nil && *e.Threshold != *c.want) {
				t.Fatalf("ParseThresholdEdit(%q) = %+v, %v; want threshold %v reset %v", c.arg, e, err, c.want, c.reset)
			}
		})
	}
}

func TestThresholdsApply(t *testing.T) {
	t.Parallel()
	def := DefaultThresholds()
	cases := []struct {
		name  string
		base  Thresholds
		edits []ThresholdEdit
		want  Thresholds
	}{
		{"no edits keeps defaults", def, nil, def},
		{"raise one", def, []ThresholdEdit{{Metric: eval.Faithfulness, Threshold: ptr(0.95)}},
			Thresholds{eval.Faithfulness: 0.95, eval.AnswerRelevancy: 0.8, eval.ContextRecall: 0.8, eval.IDContextRecall: 0.8}},
		{"advisory removes the gate", def, []ThresholdEdit{{Metric: eval.AnswerRelevancy}},
			Thresholds{eval.Faithfulness: 0.9, eval.ContextRecall: 0.8, eval.IDContextRecall: 0.8}},
		{"gate a default-advisory metric", def, []ThresholdEdit{{Metric: eval.ContextPrecision, Threshold: ptr(0.5)}},
			Thresholds{eval.Faithfulness: 0.9, eval.AnswerRelevancy: 0.8, eval.ContextRecall: 0.8, eval.IDContextRecall: 0.8, eval.ContextPrecision: 0.5}},
		{"reset brings the default back", Thresholds{eval.Faithfulness: 0.5}, []ThresholdEdit{{Metric: eval.Faithfulness, Reset: true}, {Metric: eval.ContextPrecision, Reset: true}},
			Thresholds{eval.Faithfulness: 0.9}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := c.base.Apply(c.edits, def)
			if len(got) != len(c.want) {
				t.Fatalf("Apply = %v, want %v", got, c.want)
			}
			for m, v := range c.want {
				if g, ok := got[m]; !ok || g != v {
					t.Fatalf("Apply = %v, want %v", got, c.want)
				}
			}
			if len(def) != 4 || def[eval.Faithfulness] != 0.9 {
				t.Fatalf("Apply changed the defaults: %v", def)
			}
		})
	}
}

func TestBuildGatesWithTheGivenThresholds(t *testing.T) {
	t.Parallel()
	res := []eval.QuestionResult{{QuestionID: "Q1", Category: eval.Routine,
		Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 0.5}, eval.AnswerRelevancy: {Value: 0.9}}}}
	run := eval.Run{ID: "r", Questions: 1}
	cases := []struct {
		name     string
		th       Thresholds
		pass     bool
		faithful *float64 // the faithfulness threshold reported
	}{
		{"defaults fail faithfulness", DefaultThresholds(), false, ptr(0.9)},
		{"lowered threshold passes", Thresholds{eval.Faithfulness: 0.5, eval.AnswerRelevancy: 0.8}, true, ptr(0.5)},
		{"all advisory passes and reports no threshold", Thresholds{}, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sc := Build(run, res, c.th)
			f := sc.Metrics[string(eval.Faithfulness)]
			if sc.Gate.Pass != c.pass || (f.Threshold == nil) != (c.faithful == nil) || (c.faithful != nil && *f.Threshold != *c.faithful) {
				t.Fatalf("gate %+v, faithfulness %+v", sc.Gate, f)
			}
		})
	}
}

func FuzzParseThresholdEdit(f *testing.F) {
	for _, s := range []string{"faithfulness=0.9", "context_recall=none", "x=1", "faithfulness=1e309", "=", "a=b=c", "faithfulness=default"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		e, err := ParseThresholdEdit(arg)
		if err != nil {
			if !errors.Is(err, ErrInvalidThreshold) {
				t.Fatalf("error %v is not ErrInvalidThreshold", err)
			}
			return
		}
		if e.Threshold != nil && (*e.Threshold < 0 || *e.Threshold > 1 || *e.Threshold != *e.Threshold) {
			t.Fatalf("accepted %q as %v", arg, *e.Threshold)
		}
	})
}

func ptr(v float64) *float64 { return &v }
