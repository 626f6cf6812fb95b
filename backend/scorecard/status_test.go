package scorecard

import (
	"math"
	"testing"

	"continuity/backend/eval"
)

func TestJudge(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name             string
		value, threshold *float64
		want             Status
	}{
		{"above the threshold passes", ptr(0.95), ptr(0.9), StatusPass},
		{"exactly the threshold passes", ptr(0.9), ptr(0.9), StatusPass},
		{"below the threshold fails", ptr(0.89), ptr(0.9), StatusFail},
		{"zero against a zero threshold passes", ptr(0), ptr(0), StatusPass},
		{"measured without a threshold is not gated", ptr(0.2), nil, StatusNotGated},
		{"no value is not measured, threshold or not", nil, ptr(0.9), StatusNotMeasured},
		{"no value and no threshold is not measured", nil, nil, StatusNotMeasured},
		{"NaN is not measured, never a fail", ptr(math.NaN()), ptr(0.9), StatusNotMeasured},
		{"infinity is not measured, never a pass", ptr(math.Inf(1)), ptr(0.9), StatusNotMeasured},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Judge(c.value, c.threshold); got != c.want {
				t.Fatalf("Judge = %q, want %q", got, c.want)
			}
			s := MetricSummary{Mean: c.value, Threshold: c.threshold}
			if got := s.Status(); got != c.want {
				t.Fatalf("MetricSummary.Status = %q, want %q", got, c.want)
			}
			if c.want.Gated() != (c.want == StatusPass || c.want == StatusFail) {
				t.Fatalf("Gated(%q) = %v", c.want, c.want.Gated())
			}
		})
	}
}

// Build's Pass field, the gate and the per-question Below list must agree
// with Status for every metric.
func TestBuildAgreesWithStatus(t *testing.T) {
	t.Parallel()
	card := Build(eval.Run{ID: "r1", Questions: 3}, sampleResults(), nil)
	for name, s := range card.Metrics {
		st := s.Status()
		if (s.Pass != nil) != st.Gated() || (s.Pass != nil && *s.Pass != (st == StatusPass)) {
			t.Errorf("%s: pass %v but status %q", name, s.Pass, st)
		}
	}
	if got := card.Metrics["faithfulness"].Status(); got != StatusFail {
		t.Errorf("faithfulness 0.8 against 0.9 = %q, want fail", got)
	}
	if got := card.Metrics["answer_relevancy"].Status(); got != StatusNotMeasured {
		t.Errorf("answer_relevancy = %q, want not measured", got)
	}
	if got := card.Metrics["refusal_correctness"].Status(); got != StatusNotGated {
		t.Errorf("refusal_correctness = %q, want not gated", got)
	}
}

func TestQuestionStatus(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		row  QuestionRow
		want QuestionStatus
	}{
		{"all scores met", QuestionRow{Scores: map[string]float64{"faithfulness": 1}}, QuestionPass},
		{"a score below its threshold", QuestionRow{Scores: map[string]float64{"faithfulness": 0.5}, Below: []string{"faithfulness"}}, QuestionFail},
		{"answered a question it should refuse", QuestionRow{Scores: map[string]float64{"refusal_correctness": 0}}, QuestionFail},
		{"refused as it should", QuestionRow{Scores: map[string]float64{"refusal_correctness": 1}}, QuestionPass},
		{"an error outranks everything", QuestionRow{Error: "judge reply is not JSON", Below: []string{"faithfulness"}}, QuestionError},
		{"nothing measured and no error", QuestionRow{}, QuestionPass},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := c.row.Status(); got != c.want {
				t.Fatalf("Status = %q, want %q", got, c.want)
			}
		})
	}
}

func TestStatusLabel(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   Status
		want string
	}{
		{"pass", StatusPass, "PASS"},
		{"fail", StatusFail, "FAIL"},
		{"not gated", StatusNotGated, "no threshold"},
		{"not measured", StatusNotMeasured, "not measured"},
	}
	for _, c := range cases {
		if got := c.in.Label(); got != c.want {
			t.Errorf("%s: Label = %q, want %q", c.name, got, c.want)
		}
	}
}
