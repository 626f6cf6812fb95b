package scorecard

import (
	"math"

	"continuity/backend/eval"
)

// Status is a metric's standing against its gate. It is decided here and
// only here (Judge); every face and export words it its own way.
type Status string

// The statuses a metric can have.
const (
	StatusPass        Status = "pass"         // the mean meets the threshold
	StatusFail        Status = "fail"         // the mean is below the threshold
	StatusNotGated    Status = "not_gated"    // measured, but the set gates nothing on it
	StatusNotMeasured Status = "not_measured" // no value: never a zero, never a pass
)

// Judge is the one pass/fail decision: a value against a pass mark. A
// missing or non-finite value is not measured, whatever the threshold.
func Judge(value, threshold *float64) Status {
	switch {
	case value == nil || math.IsNaN(*value) || math.IsInf(*value, 0):
		return StatusNotMeasured
	case threshold == nil:
		return StatusNotGated
	case *value >= *threshold:
		return StatusPass
	}
	return StatusFail
}

// Status is the metric's standing: its mean judged against its threshold.
func (s MetricSummary) Status() Status { return Judge(s.Mean, s.Threshold) }

// Gated says the status is a verdict of the gate (pass or fail).
func (s Status) Gated() bool { return s == StatusPass || s == StatusFail }

// Label is how the exports (HTML, xlsx) print a status.
func (s Status) Label() string {
	switch s {
	case StatusPass:
		return "PASS"
	case StatusFail:
		return "FAIL"
	case StatusNotGated:
		return "no threshold"
	}
	return "not measured"
}

// QuestionStatus is one question's standing in a run.
type QuestionStatus string

// The statuses a question can have.
const (
	QuestionPass  QuestionStatus = "pass"
	QuestionFail  QuestionStatus = "fail"  // a score below its threshold, an answer where a refusal was due, or an approved answer the corpus contradicts
	QuestionError QuestionStatus = "error" // the question was not measured at all
)

// Status is the question's standing: an error, a failure when any score
// is below its threshold or it answered what the corpus does not cover,
// else a pass.
func (q QuestionRow) Status() QuestionStatus {
	switch {
	case q.Error != "":
		return QuestionError
	case len(q.Below) > 0 || q.answeredUncovered() || q.ApprovedContradicted != nil:
		return QuestionFail
	}
	return QuestionPass
}

// answeredUncovered says the question should have been refused and was not.
func (q QuestionRow) answeredUncovered() bool {
	v, ok := q.Scores[string(eval.RefusalCorrectness)]
	return ok && v < 1
}

// thresholdOf is th's pass mark for m, nil when m is not gated.
func thresholdOf(th Thresholds, m eval.Metric) *float64 {
	if t, ok := th[m]; ok {
		return &t
	}
	return nil
}
