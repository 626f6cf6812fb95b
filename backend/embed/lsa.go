package embed

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
)

// ErrUntrained is returned by an LSA embedder that has no model yet.
var ErrUntrained = errors.New("lsa embedder is not trained")

// LSA is the corpus-trained offline embedder: sublinear tf-idf over stemmed
// words projected onto the top singular vectors of the corpus's term
// matrix (latent semantic analysis). It needs no downloaded weights; its
// model is fitted to the published corpus by TrainLSA and stored with the
// index, and its name carries the model's content hash so vectors of two
// trainings never mix.
type LSA struct {
	m     lsaModel
	vocab map[string]int32
	name  string
}

// lsaModel is the persisted part of an LSA embedder.
type lsaModel struct {
	Version int
	Dim     int
	Terms   []string  // vocabulary, row order of Basis
	IDF     []float32 // per term
	Basis   []float32 // len(Terms) × Dim, row-major: term → latent direction
	Scale   []float32 // per dimension, applied after projection
	Texts   int       // how many texts it was trained on
}

const lsaVersion = 1

func newLSA(m lsaModel) (*LSA, error) {
	if m.Version != lsaVersion {
		return nil, fmt.Errorf("lsa model version %d, want %d", m.Version, lsaVersion)
	}
	if m.Dim <= 0 || len(m.IDF) != len(m.Terms) || len(m.Basis) != len(m.Terms)*m.Dim || len(m.Scale) != m.Dim {
		return nil, fmt.Errorf("lsa model is inconsistent: dim %d, %d terms, %d idf, %d basis, %d scale",
			m.Dim, len(m.Terms), len(m.IDF), len(m.Basis), len(m.Scale))
	}
	l := &LSA{m: m, vocab: make(map[string]int32, len(m.Terms))}
	for i, t := range m.Terms {
		l.vocab[t] = int32(i)
	}
	b, err := l.MarshalBinary()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	l.name = fmt.Sprintf("lsa-v%d-d%d-%s", m.Version, m.Dim, hex.EncodeToString(sum[:6]))
	return l, nil
}

// UnmarshalLSA restores an embedder saved with MarshalBinary.
func UnmarshalLSA(b []byte) (*LSA, error) {
	var m lsaModel
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&m); err != nil {
		return nil, fmt.Errorf("decode lsa model: %w", err)
	}
	return newLSA(m)
}

// MarshalBinary encodes the model for storage.
func (l *LSA) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(l.m); err != nil {
		return nil, fmt.Errorf("encode lsa model: %w", err)
	}
	return buf.Bytes(), nil
}

func (l *LSA) Name() string { return "offline-lsa" }

// Model names the trained model: version, dimension and content hash.
func (l *LSA) Model() string { return l.name }

// Dim is the vector dimension.
func (l *LSA) Dim() int { return l.m.Dim }

// TrainedOn is the number of texts the model was fitted to.
func (l *LSA) TrainedOn() int { return l.m.Texts }

// Embed never fails except on cancellation. A text with no word of the
// model's vocabulary gets a zero vector, which matches nothing.
// Large batches are split over the cores; each vector depends on its
// text alone, so the result does not depend on the split.
func (l *LSA) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	embedRange := func(lo, hi int) error {
		acc := make([]float64, l.m.Dim)
		for i := lo; i < hi; i++ {
			if i%64 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			out[i] = l.vector(texts[i], acc)
		}
		return nil
	}
	workers := min(runtime.GOMAXPROCS(0), max(1, len(texts)/64))
	if workers == 1 {
		// A query or a small batch: no goroutines on the search path.
		if err := embedRange(0, len(texts)); err != nil {
			return nil, err
		}
		return out, nil
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = embedRange(w*len(texts)/workers, (w+1)*len(texts)/workers)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

func (l *LSA) vector(text string, acc []float64) []float32 {
	clear(acc)
	dim := l.m.Dim
	var ids []int32
	eachTerm(text, func(t string) {
		if id, ok := l.vocab[t]; ok {
			ids = append(ids, id)
		}
	})
	for _, tw := range weightsOf(ids, l.m.IDF) {
		row := l.m.Basis[int(tw.id)*dim : (int(tw.id)+1)*dim]
		a := acc[:len(row)] // one length: no bounds checks in the loop
		for j, b := range row {
			a[j] += tw.w * float64(b)
		}
	}
	v := make([]float32, dim)
	for j := range v {
		v[j] = float32(acc[j] * float64(l.m.Scale[j]))
	}
	if !Normalize(v) {
		clear(v)
	}
	return v
}

type termWeight struct {
	id int32
	w  float64
}

// weights is the unit-length sublinear tf-idf vector of terms over vocab,
// in term order so sums are reproducible bit for bit; training and
// embedding share it.
func weights(terms []string, vocab map[string]int32, idf []float32) []termWeight {
	ids := make([]int32, 0, len(terms))
	for _, t := range terms {
		if id, ok := vocab[t]; ok {
			ids = append(ids, id)
		}
	}
	return weightsOf(ids, idf)
}

// weightsOf is weights for the vocabulary IDs of a text's terms (sorted in
// place).
func weightsOf(ids []int32, idf []float32) []termWeight {
	slices.Sort(ids)
	out := make([]termWeight, 0, len(ids))
	var norm float64
	for i := 0; i < len(ids); {
		j := i
		for j < len(ids) && ids[j] == ids[i] {
			j++
		}
		x := (1 + math.Log(float64(j-i))) * float64(idf[ids[i]])
		out = append(out, termWeight{ids[i], x})
		norm += x * x
		i = j
	}
	if norm > 0 {
		inv := 1 / math.Sqrt(norm)
		for i := range out {
			out[i].w *= inv
		}
	}
	return out
}
