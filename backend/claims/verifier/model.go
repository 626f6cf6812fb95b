package verifier

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// Classes are the model's outputs, in order.
var Classes = []string{"supported", "contradicted", "not_covered"}

// Weights are a trained verifier: the layers of forward.go, the pair
// features' standardisation, the decision thresholds and the manifest.
type Weights struct {
	Name      string    `json:"name"`
	Emb       int       `json:"emb"`    // word vector length (GloVe's)
	Hidden    int       `json:"hidden"` // H
	MLP       int       `json:"mlp"`
	PairNames []string  `json:"pair_names"`
	Special   []float32 `json:"special"` // 2×Emb: the unknown word, a number
	ConvW     []float32 `json:"conv_w"`  // H×(Emb+NumFlags)×3, as torch's Conv1d
	ConvB     []float32 `json:"conv_b"`
	CmpW      []float32 `json:"cmp_w"` // H×4H
	CmpB      []float32 `json:"cmp_b"`
	MLP1W     []float32 `json:"mlp1_w"` // MLP×(4H+P)
	MLP1B     []float32 `json:"mlp1_b"`
	OutW      []float32 `json:"out_w"` // 3×MLP
	OutB      []float32 `json:"out_b"`
	PairMean  []float32 `json:"pair_mean"`
	PairStd   []float32 `json:"pair_std"`
	// Temperature divides the logits: chosen on development data so that
	// a verdict's probability is calibrated.
	Temperature float64 `json:"temperature"`
	Thresholds  struct {
		Contradicted float64 `json:"contradicted"`
		// ContradictedCue is the threshold on a unit where a rule cue
		// named the conflicting slot (a figure, a name, a negation):
		// at most Contradicted; 0 in older files means Contradicted.
		ContradictedCue float64 `json:"contradicted_cue"`
		Supported       float64 `json:"supported"`
	} `json:"thresholds"`
	WordTable string          `json:"word_table"` // sha256 of the GloVe table it was trained with
	Manifest  json.RawMessage `json:"manifest"`
	hash      string
}

// ErrWeights is returned for a weights file whose layers do not fit.
var ErrWeights = errors.New("verifier: malformed weights")

func (w *Weights) check() error {
	in := w.Emb + NumFlags
	p := len(w.PairNames)
	want := []struct {
		name string
		got  []float32
		n    int
	}{
		{"special", w.Special, 2 * w.Emb},
		{"conv_w", w.ConvW, w.Hidden * in * 3}, {"conv_b", w.ConvB, w.Hidden},
		{"cmp_w", w.CmpW, w.Hidden * 4 * w.Hidden}, {"cmp_b", w.CmpB, w.Hidden},
		{"mlp1_w", w.MLP1W, w.MLP * (4*w.Hidden + p)}, {"mlp1_b", w.MLP1B, w.MLP},
		{"out_w", w.OutW, 3 * w.MLP}, {"out_b", w.OutB, 3},
		{"pair_mean", w.PairMean, p}, {"pair_std", w.PairStd, p},
	}
	if w.Emb <= 0 || w.Hidden <= 0 || w.MLP <= 0 || w.Temperature <= 0 {
		return fmt.Errorf("%w: sizes emb=%d hidden=%d mlp=%d temperature=%g", ErrWeights, w.Emb, w.Hidden, w.MLP, w.Temperature)
	}
	for _, c := range want {
		if len(c.got) != c.n {
			return fmt.Errorf("%w: %s has %d values, want %d", ErrWeights, c.name, len(c.got), c.n)
		}
	}
	return nil
}

// Parse reads weights from their JSON file.
func Parse(b []byte) (*Weights, error) {
	var w Weights
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrWeights, err)
	}
	if err := w.check(); err != nil {
		return nil, err
	}
	w.hash = Hash(b)
	return &w, nil
}

// Hash is the first 12 hex digits of the sha256 of b.
func Hash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])[:12]
}

//go:embed verifier-v2.json
var shipped []byte

var (
	defaultOnce sync.Once
	defaultW    *Weights
	defaultErr  error
)

// Default is the shipped model and its hash.
func Default() (*Weights, string, error) {
	defaultOnce.Do(func() { defaultW, defaultErr = Parse(shipped) })
	return defaultW, Hash(shipped), defaultErr
}

// Hash is the first 12 hex digits of the sha256 of the weights as
// written by the trainer; weights parsed from another file hash that file.
func (w *Weights) Hash() string { return w.hash }
