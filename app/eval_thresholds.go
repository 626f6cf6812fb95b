package app

import (
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/scorecard"
	"continuity/backend/scoreview"
)

// GetThresholds returns every metric's gate for a golden set, in reporting
// order; Advisory metrics are reported but never gated.
func (s *EvalService) GetThresholds(set string) ([]MetricThresholdDTO, error) {
	if err := golden.ValidateName(set); err != nil {
		return nil, err
	}
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.gate(s.c, set)
	}
	s.c.ready()
	ws, err := s.c.sess.WorkspaceID(s.c.ctx)
	if err != nil {
		return nil, err
	}
	g, err := evalrun.Thresholds(s.c.ctx, s.c.sess.DB, ws, set)
	if err != nil {
		return nil, err
	}
	return scoreview.Gate(g), nil
}

// SetThresholds changes the listed metrics' gates for a golden set (others
// keep theirs) and returns the new gate. Each entry is a threshold between
// 0 and 1, or Advisory with threshold 0. Runs already made keep the
// thresholds they were gated with.
func (s *EvalService) SetThresholds(set string, thresholds []MetricThresholdDTO) ([]MetricThresholdDTO, error) {
	if err := golden.ValidateName(set); err != nil {
		return nil, err
	}
	if len(thresholds) == 0 || len(thresholds) > len(eval.AllMetrics) {
		return nil, fmt.Errorf("%w: give between 1 and %d metrics, got %d", scorecard.ErrInvalidThreshold, len(eval.AllMetrics), len(thresholds))
	}
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.setGate(s.c, set, thresholds)
	}
	edits := make([]scorecard.ThresholdEdit, 0, len(thresholds))
	for _, t := range thresholds {
		m, err := scorecard.ParseMetric(t.Metric)
		if err != nil {
			return nil, err
		}
		e := scorecard.ThresholdEdit{Metric: m}
		switch {
		case t.Advisory && t.Threshold != 0:
			return nil, fmt.Errorf("%w: %s has no threshold (advisory) but was also given %v", scorecard.ErrInvalidThreshold, m, t.Threshold)
		case !t.Advisory:
			v := t.Threshold
			e.Threshold = &v
		}
		if err := e.Validate(); err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	s.c.ready()
	ws, err := s.c.sess.WorkspaceID(s.c.ctx)
	if err != nil {
		return nil, err
	}
	g, err := evalrun.SaveThresholds(s.c.ctx, s.c.sess.DB, ws, set, edits)
	if err != nil {
		return nil, err
	}
	return scoreview.Gate(g), nil
}
