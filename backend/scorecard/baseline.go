package scorecard

import (
	"math"
	"sort"

	"continuity/backend/engine"
	"continuity/backend/eval"
)

// DefaultTolerance is the smallest per-question change reported as a
// regression or an improvement; smaller moves are judge noise.
const DefaultTolerance = 0.05

// Change is one question's metric moving between runs.
type Change struct {
	QuestionID string  `json:"question_id"`
	Metric     string  `json:"metric"`
	Baseline   float64 `json:"baseline"`
	Current    float64 `json:"current"`
	Delta      float64 `json:"delta"`
}

// MetricDelta is a metric's mean in both runs and how it moved.
type MetricDelta struct {
	Metric   string   `json:"metric"`
	Baseline *float64 `json:"baseline"`
	Current  *float64 `json:"current"`
	Delta    *float64 `json:"delta"`
	Movement Movement `json:"movement"`
}

// Diff compares a run with a baseline run of the same golden set.
type Diff struct {
	BaselineRunID string           `json:"baseline_run_id"`
	Metrics       []MetricDelta    `json:"metrics"`
	Questions     []QuestionChange `json:"questions"`    // every current question, in run order
	Regressions   []Change         `json:"regressions"`  // worst first
	Improvements  []Change         `json:"improvements"` // best first
	NewErrors     []string         `json:"new_errors"`   // questions that error now but did not before
	FixedErrors   []string         `json:"fixed_errors"`
	Added         []string         `json:"added"`   // questions only in the current run
	Removed       []string         `json:"removed"` // questions only in the baseline
	Summary       DiffSummary      `json:"summary"`
}

// Compare diffs cur against base. A metric measured in only one of the two
// runs is not a change: "not measured" is not zero.
func Compare(base, cur *Scorecard, tolerance float64) Diff {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	d := Diff{BaselineRunID: base.Run.ID, Questions: []QuestionChange{}, Regressions: []Change{}, Improvements: []Change{},
		NewErrors: []string{}, FixedErrors: []string{}, Added: []string{}, Removed: []string{}}
	for _, name := range metricNames() {
		md := MetricDelta{Metric: name, Baseline: base.Metrics[name].Mean, Current: cur.Metrics[name].Mean}
		if md.Movement = Classify(md.Baseline, md.Current, tolerance); md.Movement != MoveNew && md.Movement != MoveNotMeasured {
			v := *md.Current - *md.Baseline
			md.Delta = &v
		}
		d.Metrics = append(d.Metrics, md)
	}
	old := map[string]QuestionRow{}
	for _, q := range base.Questions {
		old[q.ID] = q
	}
	seen := map[string]bool{}
	for _, q := range cur.Questions {
		seen[q.ID] = true
		qc := QuestionChange{QuestionID: q.ID}
		b, ok := old[q.ID]
		switch {
		case !ok:
			d.Added = append(d.Added, q.ID)
			qc.Movement = MoveNew
		case q.Error != "" && b.Error == "":
			d.NewErrors = append(d.NewErrors, q.ID)
			qc.Movement, qc.WorstDelta = MoveRegressed, -1
		case q.Error == "" && b.Error != "":
			d.FixedErrors = append(d.FixedErrors, q.ID)
			qc.Movement = MoveImproved
		case q.Error != "": // errored in both: nothing to compare
			qc.Movement = MoveNotMeasured
		default:
			qc = d.compareScores(b, q, tolerance)
			qc.AnswerChanged = eval.AnswerChanged(b.Answer, q.Answer)
			approvedMoved(&qc, b, q)
		}
		d.Questions = append(d.Questions, qc)
	}
	for _, q := range base.Questions {
		if !seen[q.ID] {
			d.Removed = append(d.Removed, q.ID)
		}
	}
	order := func(cs []Change, worstFirst bool) {
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].Delta != cs[j].Delta {
				return (cs[i].Delta < cs[j].Delta) == worstFirst
			}
			if cs[i].QuestionID != cs[j].QuestionID {
				return cs[i].QuestionID < cs[j].QuestionID
			}
			return cs[i].Metric < cs[j].Metric
		})
	}
	order(d.Regressions, true)
	order(d.Improvements, false)
	d.summarise()
	return d
}

// compareScores classifies each metric scored in both runs, records the
// moves beyond the tolerance and rolls them up into the question's movement.
func (d *Diff) compareScores(b, q QuestionRow, tolerance float64) QuestionChange {
	qc := QuestionChange{QuestionID: q.ID}
	var moves []Movement
	for _, m := range metricNames() {
		v, ok := q.Scores[m]
		if !ok {
			continue
		}
		bv, ok := b.Scores[m]
		if !ok {
			continue // new for this question: not a change
		}
		mv := Classify(&bv, &v, tolerance)
		moves = append(moves, mv)
		c := Change{QuestionID: q.ID, Metric: m, Baseline: bv, Current: v, Delta: v - bv}
		switch mv {
		case MoveRegressed:
			d.Regressions = append(d.Regressions, c)
			qc.WorstDelta = min(qc.WorstDelta, c.Delta)
		case MoveImproved:
			d.Improvements = append(d.Improvements, c)
		}
	}
	qc.Movement = rollUp(moves)
	return qc
}

// approvedMoved counts the corpus turning against a question's approved
// answer as a regression, and the corpus agreeing with it again as an
// improvement (unless a metric dropped): a corrected page must read as
// the questions it fixed, not as the answers that changed back.
func approvedMoved(qc *QuestionChange, b, q QuestionRow) {
	now, was := q.ApprovedContradicted, b.ApprovedContradicted
	switch {
	case now != nil && was == nil:
		qc.Movement, qc.ApprovedContradicted = MoveRegressed, true
		qc.Confidence = now.Confidence
	case now != nil:
		qc.ApprovedContradicted = true // still: the gate fails on it, but it is not new
		qc.Confidence = now.Confidence
	case was != nil && qc.Movement != MoveRegressed:
		qc.Movement = MoveImproved
	}
}

// TrendPoint is one run on the trend chart.
type TrendPoint struct {
	RunID     string              `json:"run_id"`
	StartedAt string              `json:"started_at"`
	Engine    engine.Engine       `json:"engine"`
	Means     map[string]*float64 `json:"means"`
	GatePass  bool                `json:"gate_pass"`
	Errors    int                 `json:"errors"`
}

// Trend lists scorecards' means in the order given (oldest first).
func Trend(cards []*Scorecard) []TrendPoint {
	out := make([]TrendPoint, 0, len(cards))
	for _, c := range cards {
		p := TrendPoint{RunID: c.Run.ID, StartedAt: c.Run.StartedAt, Engine: c.Run.Engine, Means: map[string]*float64{},
			GatePass: c.Gate.Pass, Errors: c.Errors}
		for name, s := range c.Metrics {
			if s.Mean != nil && !math.IsNaN(*s.Mean) {
				p.Means[name] = s.Mean
			}
		}
		out = append(out, p)
	}
	return out
}
