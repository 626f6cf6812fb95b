package scorecard

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"continuity/backend/eval"
)

// ErrInvalidThreshold marks a threshold edit that names an unknown metric or
// a value outside 0..1; callers show its message as it is.
var ErrInvalidThreshold = errors.New("invalid threshold")

// ThresholdEdit changes one metric's gate for a golden set: a pass mark, no
// threshold at all (Threshold nil: reported, never gated), or Reset back to
// the release default.
type ThresholdEdit struct {
	Metric    eval.Metric
	Threshold *float64
	Reset     bool
}

// ParseMetric accepts only the snake_case names of eval.AllMetrics.
func ParseMetric(name string) (eval.Metric, error) {
	for _, m := range eval.AllMetrics {
		if string(m) == name {
			return m, nil
		}
	}
	return "", fmt.Errorf("%w: unknown metric %q (known: %s)", ErrInvalidThreshold, name, strings.Join(metricNames(), ", "))
}

// CheckThreshold rejects a pass mark that is not a number between 0 and 1.
func CheckThreshold(m eval.Metric, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1 {
		return fmt.Errorf("%w: %s threshold must be a number between 0 and 1, got %v", ErrInvalidThreshold, m, v)
	}
	return nil
}

// Validate checks the metric name and the value.
func (e ThresholdEdit) Validate() error {
	if _, err := ParseMetric(string(e.Metric)); err != nil {
		return err
	}
	if e.Reset && e.Threshold != nil {
		return fmt.Errorf("%w: %s cannot be both reset to its default and set to %v", ErrInvalidThreshold, e.Metric, *e.Threshold)
	}
	if e.Threshold != nil {
		return CheckThreshold(e.Metric, *e.Threshold)
	}
	return nil
}

// ParseThresholdEdit reads a command-line edit: metric=0.85, metric=none
// (no threshold) or metric=default.
func ParseThresholdEdit(arg string) (ThresholdEdit, error) {
	name, val, ok := strings.Cut(arg, "=")
	if !ok {
		return ThresholdEdit{}, fmt.Errorf("%w: %q is not metric=value (value 0..1, none or default)", ErrInvalidThreshold, arg)
	}
	m, err := ParseMetric(strings.TrimSpace(name))
	if err != nil {
		return ThresholdEdit{}, err
	}
	e := ThresholdEdit{Metric: m}
	switch v := strings.TrimSpace(val); strings.ToLower(v) {
	case "none", "advisory":
	case "default":
		e.Reset = true
	default:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return ThresholdEdit{}, fmt.Errorf("%w: %s value %q is not a number between 0 and 1, none or default", ErrInvalidThreshold, m, v)
		}
		e.Threshold = &f
	}
	return e, e.Validate()
}

// Apply returns a copy of th with the edits applied; defaults supply the
// value of a Reset metric.
func (th Thresholds) Apply(edits []ThresholdEdit, defaults Thresholds) Thresholds {
	out := Thresholds{}
	for m, v := range th {
		out[m] = v
	}
	for _, e := range edits {
		switch {
		case e.Reset:
			delete(out, e.Metric)
			if d, ok := defaults[e.Metric]; ok {
				out[e.Metric] = d
			}
		case e.Threshold == nil:
			delete(out, e.Metric)
		default:
			out[e.Metric] = *e.Threshold
		}
	}
	return out
}
