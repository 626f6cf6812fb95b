package glove

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"
)

// DefaultA is the SIF smoothing weight of Arora et al. (2017).
const DefaultA = 1e-3

// ErrNoText is returned by Fit when no sentence has a word in the table.
var ErrNoText = errors.New("glove: no sentence with a known word to fit")

// SIF embeds a sentence as the average of its word vectors, each weighted
// a/(a+p(w)), less the projection on the first principal component of the
// corpus. Without that removal every sentence shares a large common
// direction (frequent words, syntax) and unrelated sentences score 0.3-0.55.
// Safe for concurrent use; Fit may run while Embed does.
type SIF struct {
	m       *Model
	a       float64
	weights []float32

	mu   sync.RWMutex
	pc   []float32 // unit length; nil until Fit or SetComponent
	pcID string
}

// NewSIF makes an embedder over m; a <= 0 means DefaultA.
func NewSIF(m *Model, a float64) *SIF {
	if a <= 0 {
		a = DefaultA
	}
	// The table keeps frequency ranks, not counts, so p(w) is Zipf's law
	// over the table: p(rank r) = 1 / (r × H_n).
	var h float64
	for r := 1; r <= m.Len(); r++ {
		h += 1 / float64(r)
	}
	w := make([]float32, m.Len())
	for i := range w {
		p := 1 / (float64(i+1) * h)
		w[i] = float32(a / (a + p))
	}
	return &SIF{m: m, a: a, weights: w}
}

// Name names the implementation and the table it reads.
func (s *SIF) Name() string { return "glove-sif-" + s.m.hash[:min(12, len(s.m.hash))] }

// Model names every parameter that changes the vectors, including the
// fitted component: vectors of different Models never mix.
func (s *SIF) Model() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	pc := "none"
	if s.pc != nil {
		pc = s.pcID
	}
	return fmt.Sprintf("glove-6b-%dd-int8@%s/sif-a%g/pc-%s", s.m.dims, s.m.hash, s.a, pc)
}

// Dims is the vector length.
func (s *SIF) Dims() int { return s.m.dims }

// Fit computes the first principal component of the corpus's SIF vectors
// (uncentred, as in the paper) for Embed to remove. The result depends only
// on the sentences and their order.
func (s *SIF) Fit(ctx context.Context, sentences []string) error {
	d := s.m.dims
	cov := make([]float64, d*d)
	v := make([]float32, d)
	var rows []int32
	n := 0
	for i, text := range sentences {
		if i%1024 == 0 && ctx.Err() != nil {
			return fmt.Errorf("glove: fit: %w", ctx.Err())
		}
		rows = s.m.rows(text, rows[:0])
		if !s.average(v, rows) {
			continue
		}
		n++
		for r := range d {
			x := float64(v[r])
			for c := r; c < d; c++ {
				cov[r*d+c] += x * float64(v[c])
			}
		}
	}
	if n == 0 {
		return ErrNoText
	}
	for r := range d {
		for c := r + 1; c < d; c++ {
			cov[c*d+r] = cov[r*d+c]
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(d, cov), true) {
		return errors.New("glove: fit: eigendecomposition did not converge")
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	vals := eig.Values(nil)
	top := 0
	for i, x := range vals {
		if x > vals[top] {
			top = i
		}
	}
	pc := make([]float32, d)
	for i := range pc {
		pc[i] = float32(vecs.At(i, top))
	}
	return s.SetComponent(pc)
}

// Component returns a copy of the fitted component (nil before Fit), to be
// stored beside an index and restored with SetComponent.
func (s *SIF) Component() []float32 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.pc == nil {
		return nil
	}
	return append([]float32(nil), s.pc...)
}

// SetComponent sets the direction Embed removes; nil removes none.
func (s *SIF) SetComponent(pc []float32) error {
	if pc == nil {
		s.mu.Lock()
		s.pc, s.pcID = nil, ""
		s.mu.Unlock()
		return nil
	}
	if len(pc) != s.m.dims {
		return fmt.Errorf("glove: component has %d dims, want %d", len(pc), s.m.dims)
	}
	u := append([]float32(nil), pc...)
	if !normalise(u) {
		return errors.New("glove: component is zero or not finite")
	}
	// An eigenvector's sign is arbitrary; fix it so the ID is stable.
	big := 0
	for i, x := range u {
		if math.Abs(float64(x)) > math.Abs(float64(u[big])) {
			big = i
		}
	}
	if u[big] < 0 {
		for i := range u {
			u[i] = -u[i]
		}
	}
	h := sha256.New()
	for _, x := range u {
		h.Write(binary.LittleEndian.AppendUint32(nil, math.Float32bits(x)))
	}
	s.mu.Lock()
	s.pc, s.pcID = u, hex.EncodeToString(h.Sum(nil))[:12]
	s.mu.Unlock()
	return nil
}

// Embed returns one unit vector per text; a text with no known word gets a
// zero vector.
func (s *SIF) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	s.mu.RLock()
	pc := s.pc
	s.mu.RUnlock()
	out := make([][]float32, len(texts))
	var rows []int32
	for i, text := range texts {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("glove: embed: %w", ctx.Err())
		}
		v := make([]float32, s.m.dims)
		rows = s.m.rows(text, rows[:0])
		if s.average(v, rows) {
			if pc != nil {
				var p float32
				for j, x := range v {
					p += x * pc[j]
				}
				for j := range v {
					v[j] -= p * pc[j]
				}
			}
			if !normalise(v) {
				clear(v)
			}
		}
		out[i] = v
	}
	return out, nil
}

// average sets v to the SIF-weighted mean of rows; false when rows is empty.
func (s *SIF) average(v []float32, rows []int32) bool {
	clear(v)
	if len(rows) == 0 {
		return false
	}
	inv := 1 / float32(len(rows))
	for _, r := range rows {
		s.m.addRow(v, int(r), s.weights[r]*inv)
	}
	return true
}

func normalise(v []float32) bool {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return false
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range v {
		v[i] *= inv
	}
	return true
}
