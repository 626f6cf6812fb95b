package verifier

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestManifestNeverTrainsOnHeldOutSets: the shipped weights name the sets
// they were trained and tuned on, and none is a split kept for reporting.
func TestManifestNeverTrainsOnHeldOutSets(t *testing.T) {
	w, _, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		TrainSets     []string `json:"train_sets"`
		ThresholdSets []string `json:"threshold_sets"`
		HeldOutSets   []string `json:"held_out_sets"`
		Trained       string   `json:"trained"`
	}
	if err := json.Unmarshal(w.Manifest, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.TrainSets) == 0 || len(m.ThresholdSets) == 0 || m.Trained == "" {
		t.Fatalf("manifest lacks its training record: %+v", m)
	}
	forbidden := []string{"scifact-test", "vitaminc-test", "pairs-test", "pairs-report", "nli-test"}
	for _, s := range append(m.TrainSets, m.ThresholdSets...) {
		if slices.Contains(forbidden, s) {
			t.Errorf("the weights were trained or tuned on held-out set %s", s)
		}
	}
	for _, s := range forbidden {
		if !slices.Contains(m.HeldOutSets, s) {
			t.Errorf("held-out set %s is not listed as held out", s)
		}
	}
}

// TestShippedWeightsFitTheCode: sizes, thresholds and temperature of the
// shipped file are usable.
func TestShippedWeightsFitTheCode(t *testing.T) {
	w, hash, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(hash) != 12 || w.Name == "" {
		t.Errorf("name %q hash %q", w.Name, hash)
	}
	for name, v := range map[string]float64{"contradicted": w.Thresholds.Contradicted, "supported": w.Thresholds.Supported} {
		if v <= 0 || v >= 1 {
			t.Errorf("%s threshold %v is not a probability", name, v)
		}
	}
	if len(shipped) > 8<<20 {
		t.Errorf("weights are %d bytes, over the 8 MB budget", len(shipped))
	}
}
