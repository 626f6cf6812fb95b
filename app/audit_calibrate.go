package app

import (
	"context"
	"fmt"
	"sort"
	"time"

	"continuity/backend/calibrate"
	"continuity/backend/calibrate/stored"
	"continuity/backend/progress"
)

// CalibrationMetricsDTO is the verifier on a set of pairs at one
// threshold; Recall and Precision are null when undefined.
type CalibrationMetricsDTO struct {
	Old        int      `json:"old"`
	Caught     int      `json:"caught"`
	Current    int      `json:"current"`
	FalseFlags int      `json:"false_flags"`
	Recall     *float64 `json:"recall"`
	Precision  *float64 `json:"precision"`
	F1         float64  `json:"f1"`
}

// CalibrationKindDTO is one kind of change, before and after.
type CalibrationKindDTO struct {
	Kind    string                `json:"kind"` // value, polarity, name; "all" for the total
	Changes int                   `json:"changes"`
	Before  CalibrationMetricsDTO `json:"before"`
	After   CalibrationMetricsDTO `json:"after"`
}

// SavedThresholdDTO is a workspace's calibrated threshold.
type SavedThresholdDTO struct {
	Threshold        float64 `json:"threshold"`
	DefaultThreshold float64 `json:"default_threshold"`
	Model            string  `json:"model"`
	Changes          int     `json:"changes"`
	Pairs            int     `json:"pairs"`
	Date             string  `json:"date"` // YYYY-MM-DD
	Describe         string  `json:"describe"`
}

// CalibrationDTO is one calibration on the workspace's history.
type CalibrationDTO struct {
	Model            string               `json:"model"`
	DefaultThreshold float64              `json:"default_threshold"`
	Threshold        float64              `json:"threshold"`
	Fitted           bool                 `json:"fitted"`
	Changes          int                  `json:"changes"`
	Pairs            int                  `json:"pairs"`
	Documents        int                  `json:"documents"`
	Skipped          []string             `json:"skipped"` // "3 removed: …"
	Kinds            []CalibrationKindDTO `json:"kinds"`   // value, polarity, name, then all
	Saved            bool                 `json:"saved"`
	Decision         string               `json:"decision"`
	Notice           string               `json:"notice"` // why the git history was not read
	Seconds          float64              `json:"seconds"`
}

// StartCalibration calibrates the offline verifier on the workspace's own
// fact changes as a cancellable job ("calibrate"); the CalibrationDTO
// arrives on job:done. dryRun reports without saving.
func (s *AuditService) StartCalibration(dryRun bool) string {
	s.c.ready()
	return s.c.jobs.start("calibrate", func(ctx context.Context, report progress.Func) (any, error) {
		res, err := calibrate.Run(ctx, s.c.sess, calibrate.Options{DryRun: dryRun}, report)
		if err != nil {
			return nil, fmt.Errorf("calibrate: %w", err)
		}
		return calibrationDTO(res), nil
	})
}

// SavedThreshold is the workspace's calibrated threshold; null when it
// has none.
func (s *AuditService) SavedThreshold() (*SavedThresholdDTO, error) {
	s.c.ready()
	t, ok, err := calibrate.Saved(s.c.ctx, s.c.sess)
	if err != nil || !ok {
		return nil, err
	}
	return savedThresholdDTO(t), nil
}

// ResetCalibration removes the workspace's calibrated threshold; false
// when it had none.
func (s *AuditService) ResetCalibration() (bool, error) {
	s.c.ready()
	return calibrate.Reset(s.c.ctx, s.c.sess)
}

func savedThresholdDTO(t stored.Threshold) *SavedThresholdDTO {
	return &SavedThresholdDTO{Threshold: t.Threshold, DefaultThreshold: t.DefaultThreshold, Model: t.Model, Changes: t.Changes,
		Pairs: t.Pairs, Date: t.CreatedAt.Format(time.DateOnly), Describe: t.Describe()}
}

func calibrationDTO(r calibrate.Result) CalibrationDTO {
	d := CalibrationDTO{Model: r.Model, DefaultThreshold: r.DefaultThreshold, Threshold: r.Threshold, Fitted: r.Fitted,
		Changes: r.Changes, Pairs: r.Pairs, Documents: r.Documents, Skipped: []string{}, Saved: r.Saved,
		Decision: r.Decision, Notice: r.History.Skipped, Seconds: r.Elapsed.Seconds()}
	for reason, n := range r.Skipped {
		d.Skipped = append(d.Skipped, fmt.Sprintf("%d %s", n, reason))
	}
	sort.Strings(d.Skipped)
	all := r.All
	all.Kind = "all"
	for _, k := range append(r.Kinds, all) {
		d.Kinds = append(d.Kinds, CalibrationKindDTO{Kind: string(k.Kind), Changes: k.Changes, Before: metricsDTO(k.Before), After: metricsDTO(k.After)})
	}
	return d
}

func metricsDTO(m calibrate.Metrics) CalibrationMetricsDTO {
	return CalibrationMetricsDTO{Old: m.Old, Caught: m.Caught, Current: m.Current, FalseFlags: m.FalseFlags,
		Recall: m.Recall, Precision: m.Precision, F1: m.F1}
}
