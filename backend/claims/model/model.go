// Package model is the learned verdict decision of the offline claims
// engine: a multinomial logistic regression over the claim features that
// backend/claims computes, trained by cmd/trainverdict. The weights are a
// small versioned JSON file embedded in the binary together with the
// manifest of what they were trained on, so every report can name the
// exact model that decided it.
package model

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
)

// Classes are the model's outputs, in the order of Weights.W rows.
var Classes = []string{"supported", "contradicted", "not_covered"}

// Weights is one trained model.
type Weights struct {
	// Name is the file's model name, e.g. "verdict-v1".
	Name string `json:"name"`
	// FeatureVersion must equal the engine's feature list version: a
	// model trained on other features is refused rather than misread.
	FeatureVersion string   `json:"feature_version"`
	Features       []string `json:"features"`
	Classes        []string `json:"classes"`
	// Mean and Scale standardise each feature before the dot product.
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// W has one row per class: a weight per feature, then the intercept.
	W [][]float64 `json:"weights"`
	// Conflict is the model of the claims on which a conflict cue fired:
	// trained on those alone, its contradicted probability is what a
	// contradicted verdict needs (the main model also learns from
	// contradictions no cue can see, which dilutes it).
	Conflict *Weights `json:"conflict,omitempty"`
	Manifest Manifest `json:"manifest"`
}

// Manifest records what a model was trained on and how.
type Manifest struct {
	Trained string     `json:"trained"` // date, YYYY-MM-DD
	Sets    []SetCount `json:"sets"`
	L2      float64    `json:"l2"`
	Notes   []string   `json:"notes,omitempty"`
	// Contradicted is the probability a contradicted verdict needs (chosen
	// by cross-validation on the training sets); below it the engine
	// abstains to the better of the other two classes.
	Contradicted float64 `json:"contradicted_threshold"`
}

// SetCount is one training set's size by gold label.
type SetCount struct {
	Name         string  `json:"name"`
	Examples     int     `json:"examples"`
	Supported    int     `json:"supported"`
	Contradicted int     `json:"contradicted"`
	NotCovered   int     `json:"not_covered"`
	Weight       float64 `json:"weight"` // sample weight of each example
	Note         string  `json:"note,omitempty"`
}

// ErrInvalid means a weights file is malformed or does not fit the
// engine's features.
var ErrInvalid = errors.New("model: invalid weights")

// Parse reads and validates a weights file.
func Parse(b []byte) (*Weights, error) {
	var w Weights
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if err := w.validate(); err != nil {
		return nil, err
	}
	return &w, nil
}

func (w *Weights) validate() error {
	n := len(w.Features)
	if n == 0 || len(w.Mean) != n || len(w.Scale) != n || len(w.W) != len(Classes) {
		return fmt.Errorf("%w: %d features, %d means, %d scales, %d classes", ErrInvalid, n, len(w.Mean), len(w.Scale), len(w.W))
	}
	for i, c := range Classes {
		if i >= len(w.Classes) || w.Classes[i] != c {
			return fmt.Errorf("%w: classes %v, want %v", ErrInvalid, w.Classes, Classes)
		}
		if len(w.W[i]) != n+1 {
			return fmt.Errorf("%w: class %s has %d weights, want %d", ErrInvalid, c, len(w.W[i]), n+1)
		}
	}
	for _, s := range w.Scale {
		if !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("%w: scale %v", ErrInvalid, s)
		}
	}
	if w.Conflict != nil {
		if err := w.Conflict.validate(); err != nil {
			return fmt.Errorf("conflict model: %w", err)
		}
		if len(w.Conflict.Features) != n {
			return fmt.Errorf("%w: conflict model has %d features, want %d", ErrInvalid, len(w.Conflict.Features), n)
		}
	}
	return nil
}

// Predict returns the class probabilities for one feature vector, in the
// order of Classes.
func (w *Weights) Predict(x []float64) []float64 {
	return w.predict(x, make([]float64, len(Classes)))
}

func (w *Weights) predict(x, out []float64) []float64 {
	best := math.Inf(-1)
	for c, row := range w.W {
		z := row[len(row)-1]
		for j, v := range x[:len(w.Features)] {
			z += row[j] * (v - w.Mean[j]) / w.Scale[j]
		}
		out[c] = z
		best = math.Max(best, z)
	}
	sum := 0.0
	for c := range out {
		out[c] = math.Exp(out[c] - best)
		sum += out[c]
	}
	for c := range out {
		out[c] /= sum
	}
	return out
}

// ContradictedProb is the probability that a claim on which a conflict
// cue fired is contradicted: the conflict model's, else the main one's.
func (w *Weights) ContradictedProb(x []float64) float64 {
	if w.Conflict != nil {
		return w.Conflict.Predict(x)[1]
	}
	return w.Predict(x)[1]
}

// Marshal renders the weights file, indented so a diff of two trainings
// reads line by line.
func (w *Weights) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("model: marshal: %w", err)
	}
	return append(b, '\n'), nil
}

// Hash is the first 12 hex digits of the file's sha256: the id reports
// carry.
func Hash(file []byte) string {
	s := sha256.Sum256(file)
	return hex.EncodeToString(s[:])[:12]
}

//go:embed verdict-v2.json
var shipped []byte

var def struct {
	once sync.Once
	w    *Weights
	err  error
}

// Default is the shipped model and its hash.
func Default() (*Weights, string, error) {
	def.once.Do(func() { def.w, def.err = Parse(shipped) })
	return def.w, Hash(shipped), def.err
}
