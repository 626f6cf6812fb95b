package scoreview

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// Gate is a set's gate metric by metric; a metric without a threshold is
// advisory (reported, not gated).
func Gate(g evalrun.SetGate) []MetricThresholdDTO {
	out := make([]MetricThresholdDTO, 0, len(eval.AllMetrics))
	for _, m := range eval.AllMetrics {
		t := MetricThresholdDTO{Metric: string(m), Meaning: scorecard.Meanings[string(m)], Custom: g.Custom[m]}
		if v, ok := g.Thresholds[m]; ok {
			t.Threshold = v
		} else {
			t.Advisory = true
		}
		out = append(out, t)
	}
	return out
}

// Defaults are the release gate a set starts with.
func Defaults() []MetricThresholdDTO {
	var out []MetricThresholdDTO
	th := scorecard.DefaultThresholds()
	for _, m := range eval.AllMetrics {
		if t, ok := th[m]; ok {
			out = append(out, MetricThresholdDTO{Metric: string(m), Threshold: t, Meaning: scorecard.Meanings[string(m)]})
		}
	}
	return out
}

// Runs lists a set's runs ("" = every set), newest first, each marked when
// it is its set's pinned baseline.
func Runs(ctx context.Context, db *store.DB, st *eval.Store, set string) ([]EvalRunDTO, error) {
	runs, err := st.Runs(ctx, set)
	if err != nil {
		return nil, err
	}
	pinned := map[string]string{}
	out := make([]EvalRunDTO, 0, len(runs))
	for i := len(runs) - 1; i >= 0; i-- {
		r := runs[i]
		p, ok := pinned[r.GoldenSet]
		if !ok {
			if p, err = evalrun.PinnedBaseline(ctx, db, st.Workspace(), r.GoldenSet); err != nil {
				return nil, err
			}
			pinned[r.GoldenSet] = p
		}
		d := Run(r)
		d.Pinned = p == r.ID
		out = append(out, d)
	}
	return out, nil
}

// ErrBadRunID: a run or baseline ID that cannot be one.
var ErrBadRunID = errors.New("invalid run ID")

// CheckRunID refuses what cannot be a run's ID before it reaches a query.
func CheckRunID(id string) error {
	if id == "" || len(id) > 64 || strings.ContainsAny(id, "/\\\x00") {
		return fmt.Errorf("%w %q", ErrBadRunID, id)
	}
	return nil
}

// Load builds a run's scorecard. baseline is a run ID, "last", "pinned"
// (the set's pinned baseline, else the last) or "" for none. The card is
// returned too, for the exports.
func Load(ctx context.Context, db *store.DB, st *eval.Store, runID, baseline string) (ScorecardDTO, *evalrun.Card, error) {
	if err := CheckRunID(runID); err != nil {
		return ScorecardDTO{}, nil, err
	}
	if baseline != evalrun.BaselineNone && baseline != evalrun.BaselineLast && baseline != evalrun.BaselinePinned {
		if err := CheckRunID(baseline); err != nil {
			return ScorecardDTO{}, nil, err
		}
	}
	c, err := evalrun.BuildCard(ctx, db, st, runID, baseline)
	if err != nil {
		return ScorecardDTO{}, nil, err
	}
	results, err := st.Results(ctx, runID)
	if err != nil {
		return ScorecardDTO{}, nil, err
	}
	var base []eval.QuestionResult
	var baseRun *eval.Run
	if d := c.Scorecard.Baseline; d != nil {
		if base, err = st.Results(ctx, d.BaselineRunID); err != nil {
			return ScorecardDTO{}, nil, err
		}
		r, err := st.Run(ctx, d.BaselineRunID)
		if err != nil {
			return ScorecardDTO{}, nil, err
		}
		baseRun = &r
	}
	out := scorecardDTO(c, results, base, baseRun)
	out.Run.Target, out.Run.Judge = target(c.Scorecard.Run), c.Scorecard.Run.JudgeOf()
	return out, c, nil
}
