// Package calibration maps the offline engine's verdict probabilities to
// the confidence a writer sees: for each verdict, a monotone map fitted on
// development data (isotonic regression of "the verdict was right" on the
// probability), so that "80 %" is right about four times in five. The
// verdict itself is decided on the raw probabilities; only the shown
// confidence changes. The fitted map is a small JSON file embedded in the
// binary; its hash goes into the model name a report carries.
package calibration

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"continuity/backend/claims/model"
)

// Map is one fitted calibration: per verdict, knots (raw, calibrated) in
// increasing raw order; between knots the map is linear, outside them flat.
type Map struct {
	Version  int                     `json:"version"`
	FittedOn []string                `json:"fitted_on"` // the development sets read
	Engine   string                  `json:"engine"`    // the engine and model whose probabilities were fitted
	Samples  map[string]int          `json:"samples"`   // verdicts per label
	Knots    map[string][][2]float64 `json:"knots"`
}

// Apply is p's calibrated confidence for verdict v; p unchanged when the
// map has no knots for v.
func (m *Map) Apply(v string, p float64) float64 {
	if m == nil || math.IsNaN(p) {
		return p
	}
	k := m.Knots[v]
	if len(k) == 0 {
		return p
	}
	if p <= k[0][0] {
		return k[0][1]
	}
	for i := 1; i < len(k); i++ {
		if p <= k[i][0] {
			a, b := k[i-1], k[i]
			if b[0] == a[0] {
				return b[1]
			}
			return a[1] + (p-a[0])/(b[0]-a[0])*(b[1]-a[1])
		}
	}
	return k[len(k)-1][1]
}

// Sample is one verdict of a development set: its raw probability and
// whether it was right.
type Sample struct {
	P      float64
	Right  bool
	Weight float64 // how much the verdict counts; 0 counts as 1
}

// minBlock is the fewest verdicts one knot stands for: the isotonic fit's
// blocks are merged up to it, so that a knot is not one claim's accident.
const minBlock = 10

// Fit fits the map on samples per verdict: pool-adjacent-violators on the
// samples sorted by probability, blocks merged to at least minBlock
// verdicts, each block a knot (its mean probability, its share right).
func Fit(samples map[string][]Sample) map[string][][2]float64 {
	out := map[string][][2]float64{}
	for v, ss := range samples {
		ss = slices.Clone(ss)
		ss = slices.DeleteFunc(ss, func(s Sample) bool { return math.IsNaN(s.P) })
		if len(ss) < minBlock {
			continue
		}
		sort.SliceStable(ss, func(i, j int) bool { return ss[i].P < ss[j].P })
		out[v] = knots(pav(ss))
	}
	return out
}

type block struct {
	n              int     // verdicts
	w, right, sumP float64 // weighted: all, right, probability
}

func (b block) rate() float64 { return b.right / b.w }

func (b block) with(o block) block {
	return block{b.n + o.n, b.w + o.w, b.right + o.right, b.sumP + o.sumP}
}

// pav is pool-adjacent-violators over runs of minBlock samples (a short
// last run joins the one before), so every block holds at least minBlock.
func pav(ss []Sample) []block {
	var runs []block
	for i, s := range ss {
		if i%minBlock == 0 {
			runs = append(runs, block{})
		}
		b := &runs[len(runs)-1]
		w := s.Weight
		if w <= 0 {
			w = 1
		}
		b.n++
		b.w += w
		b.sumP += w * s.P
		if s.Right {
			b.right += w
		}
	}
	if n := len(runs); n > 1 && runs[n-1].n < minBlock {
		runs = append(runs[:n-2], runs[n-2].with(runs[n-1]))
	}
	var bs []block
	for _, r := range runs {
		bs = append(bs, r)
		for len(bs) > 1 && bs[len(bs)-2].rate() > bs[len(bs)-1].rate() {
			bs = append(bs[:len(bs)-2], bs[len(bs)-2].with(bs[len(bs)-1]))
		}
	}
	return bs
}

// knots are the blocks' mean probabilities and shares right, kept off 0
// and 1: no development set is large enough to promise either.
func knots(bs []block) [][2]float64 {
	var out [][2]float64
	for _, b := range bs {
		k := [2]float64{round4(b.sumP / b.w), round4(min(0.98, max(0.02, b.rate())))}
		// a knot between two of the same height adds nothing to the map
		if n := len(out); n >= 2 && out[n-1][1] == k[1] && out[n-2][1] == k[1] {
			out[n-1] = k
			continue
		}
		out = append(out, k)
	}
	return out
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// Parse reads a map file, rejecting unknown keys and knots out of order.
func Parse(b []byte) (*Map, error) {
	var m Map
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("calibration: %w", err)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("calibration: version %d, want 1", m.Version)
	}
	for v, k := range m.Knots {
		for i, x := range k {
			if x[1] < 0 || x[1] > 1 || (i > 0 && (x[0] < k[i-1][0] || x[1] < k[i-1][1])) {
				return nil, fmt.Errorf("calibration: %s knot %d (%v) is out of order or range", v, i, x)
			}
		}
	}
	return &m, nil
}

// Marshal writes the map as its file.
func (m *Map) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	return append(b, '\n'), err
}

//go:embed calibration.json
var shipped []byte

var def struct {
	once sync.Once
	m    *Map
	err  error
}

// ErrNone is returned by Default when the binary ships no map.
var ErrNone = errors.New("calibration: none shipped")

// Default is the shipped map and its hash.
func Default() (*Map, string, error) {
	def.once.Do(func() {
		if len(shipped) == 0 {
			def.err = ErrNone
			return
		}
		def.m, def.err = Parse(shipped)
	})
	return def.m, model.Hash(shipped), def.err
}
