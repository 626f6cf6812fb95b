package claims

import "continuity/backend/claims/calibration"

// calibrationMap is the map the shown confidence goes through; nil when
// the engine shows raw probabilities or the binary ships no map.
func (e *OfflineEngine) calibrationMap() (*calibration.Map, string) {
	if e.Uncalibrated || e.Weights != nil {
		// a verdict model other than the shipped one was not fitted
		return nil, ""
	}
	m, hash, err := calibration.Default()
	if err != nil {
		return nil, ""
	}
	return m, hash
}

// calibrationName is the model-name suffix of the calibration in use.
func (e *OfflineEngine) calibrationName() string {
	if _, hash := e.calibrationMap(); hash != "" {
		return "+cal-" + hash
	}
	return ""
}

// shownConfidence is the confidence a writer sees for verdict v decided
// with probability p: calibrated on development data, so that it says how
// often such verdicts were right.
func (e *OfflineEngine) shownConfidence(v Verdict, p float64) float64 {
	m, _ := e.calibrationMap()
	return m.Apply(string(v), p)
}
