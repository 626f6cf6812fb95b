package embed

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"gonum.org/v1/gonum/mat"
)

// LSAOptions configure TrainLSA. Zero values take the defaults, which were
// chosen on SciFact train (docs/benchmarks.md).
type LSAOptions struct {
	Dim        int     // latent dimensions; default 128
	Oversample int     // extra random directions for the range finder; default 10
	PowerIters int     // subspace iterations; default 1
	MaxTerms   int     // vocabulary cap, most frequent first; default 20,000
	ScalePower float64 // dimension j is scaled by σ_j^-ScalePower; default 0.5, negative for none
}

func (o LSAOptions) withDefaults() LSAOptions {
	if o.Dim <= 0 {
		o.Dim = 128
	}
	if o.Oversample <= 0 {
		o.Oversample = 10
	}
	if o.PowerIters <= 0 {
		o.PowerIters = 1
	}
	if o.MaxTerms <= 0 {
		o.MaxTerms = 20_000
	}
	switch {
	case o.ScalePower == 0:
		o.ScalePower = 0.5
	case o.ScalePower < 0:
		o.ScalePower = 0
	}
	return o
}

// ErrNoTrainingText means TrainLSA found no word to learn from.
var ErrNoTrainingText = errors.New("lsa: no indexable words in the training texts")

// TrainLSA fits an LSA embedder to texts with a randomized truncated SVD
// (Halko, Martinsson and Tropp) of their tf-idf matrix. It is
// deterministic: the same texts give the same model and model name.
func TrainLSA(ctx context.Context, texts []string, opts LSAOptions) (*LSA, error) {
	opts = opts.withDefaults()
	terms := make([][]string, len(texts))
	df := map[string]int{}
	for i, t := range texts {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		terms[i] = Terms(t)
		seen := map[string]bool{}
		for _, w := range terms[i] {
			if !seen[w] {
				seen[w] = true
				df[w]++
			}
		}
	}
	vocab, idf := chooseVocab(df, len(texts), opts.MaxTerms)
	if len(vocab) == 0 {
		return nil, ErrNoTrainingText
	}
	rows := make([][]termWeight, len(texts))
	for i := range terms {
		rows[i] = weights(terms[i], vocab, idf)
	}
	basis, sigma, err := truncatedSVD(ctx, rows, len(vocab), opts)
	if err != nil {
		return nil, err
	}
	k := len(sigma)
	m := lsaModel{Version: lsaVersion, Dim: k, Terms: make([]string, len(vocab)), IDF: idf,
		Basis: basis, Scale: make([]float32, k), Texts: len(texts)}
	for t, id := range vocab {
		m.Terms[id] = t
	}
	for j, s := range sigma {
		m.Scale[j] = float32(math.Pow(max(s, 1e-12), -opts.ScalePower))
	}
	return newLSA(m)
}

// chooseVocab keeps words met in two or more texts (any word when the
// corpus is tiny), the most frequent first up to maxTerms, numbered in
// word order.
func chooseVocab(df map[string]int, n, maxTerms int) (map[string]int32, []float32) {
	minDF := 2
	if n < 50 {
		minDF = 1
	}
	type wc struct {
		w string
		c int
	}
	var keep []wc
	for w, c := range df {
		if c >= minDF {
			keep = append(keep, wc{w, c})
		}
	}
	slices.SortFunc(keep, func(a, b wc) int { return cmp.Or(b.c-a.c, cmp.Compare(a.w, b.w)) })
	keep = keep[:min(len(keep), maxTerms)]
	slices.SortFunc(keep, func(a, b wc) int { return cmp.Compare(a.w, b.w) })
	vocab := make(map[string]int32, len(keep))
	idf := make([]float32, len(keep))
	for i, k := range keep {
		vocab[k.w] = int32(i)
		idf[i] = float32(math.Log((float64(n) + 1) / (float64(k.c) + 0.5)))
	}
	return vocab, idf
}

// truncatedSVD returns the top right singular vectors of the sparse
// n×m matrix rows (as an m×k row-major float32 basis) and their singular
// values, largest first.
func truncatedSVD(ctx context.Context, rows [][]termWeight, m int, opts LSAOptions) ([]float32, []float64, error) {
	n := len(rows)
	k := min(opts.Dim, n, m)
	l := min(k+opts.Oversample, n, m)
	rng := rand.New(rand.NewPCG(0x15a, uint64(n)))
	omega := mat.NewDense(m, l, nil)
	raw := omega.RawMatrix().Data
	for i := range raw {
		raw[i] = rng.NormFloat64()
	}
	y := mulA(rows, omega, l) // n×l: the range of A, sampled
	cols := transpose(rows, m)
	for it := 0; it < opts.PowerIters; it++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		// Only the document side (n×l) is re-orthonormalised between steps:
		// the term side (m×l, m up to MaxTerms) would cost more than the
		// rest of the fit, and with so few steps float64 keeps the
		// directions apart (measured: same ranking quality).
		z, err := orthonormal(y, 1)
		if err != nil {
			return nil, nil, err
		}
		y = mulA(rows, mulA(cols, z, l), l)
	}
	q, err := orthonormal(y, 2)
	if err != nil {
		return nil, nil, err
	}
	bt := mulA(cols, q, l) // m×l = Aᵀ Q, so A ≈ Q Btᵀ
	gram := gramOf(bt)     // l×l = B·Bᵀ with B = Btᵀ: the small side
	var eig mat.EigenSym
	if !eig.Factorize(gram, true) {
		return nil, nil, errors.New("lsa: eigen decomposition did not converge")
	}
	vals := eig.Values(nil)
	var w mat.Dense
	eig.VectorsTo(&w)
	var v mat.Dense
	v.Mul(bt, &w) // m×l; column j = σ_j · right singular vector j
	basis := make([]float32, m*k)
	sigma := make([]float64, 0, k)
	for j := 0; j < k; j++ {
		src := l - 1 - j // eigenvalues come in ascending order
		s := math.Sqrt(max(vals[src], 0))
		if s < 1e-9 {
			break // rank-deficient: fewer real directions than asked
		}
		sigma = append(sigma, s)
	}
	k = len(sigma)
	if k == 0 {
		return nil, nil, ErrNoTrainingText
	}
	basis = basis[:m*k]
	for i := 0; i < m; i++ {
		for j := 0; j < k; j++ {
			basis[i*k+j] = float32(v.At(i, l-1-j) / sigma[j])
		}
	}
	return basis, sigma, nil
}

// orthonormal returns an orthonormal basis of y's columns by passes of
// Cholesky QR (Q = Y·R⁻¹ with R from the Cholesky factor of YᵀY; two
// passes are CholeskyQR2, orthonormal to working precision).
func orthonormal(y *mat.Dense, passes int) (*mat.Dense, error) {
	for pass := 0; pass < passes; pass++ {
		_, c := y.Dims()
		g := gramOf(y)
		for i := 0; i < c; i++ {
			g.SetSym(i, i, g.At(i, i)*(1+1e-10)+1e-12) // keeps a rank-deficient Y factorable
		}
		var ch mat.Cholesky
		if !ch.Factorize(g) {
			return nil, fmt.Errorf("lsa: orthonormalisation failed (pass %d)", pass+1)
		}
		var r, ri mat.TriDense
		ch.UTo(&r)
		if err := ri.InverseTri(&r); err != nil {
			return nil, fmt.Errorf("lsa: orthonormalisation: %w", err)
		}
		var q mat.Dense
		q.Mul(y, &ri)
		y = &q
	}
	return y, nil
}

// gramOf is YᵀY. A general product rather than SymOuterK: gonum runs
// it on every core (each element still summed by one goroutine in one
// order, so the result is reproducible).
func gramOf(y *mat.Dense) *mat.SymDense {
	_, c := y.Dims()
	var g mat.Dense
	g.Mul(y.T(), y)
	return mat.NewSymDense(c, g.RawMatrix().Data)
}

// columnsInParallel runs fn over disjoint column ranges of [0,l), one per
// core: every output element is written by one goroutine, in row order,
// so results do not depend on scheduling.
func columnsInParallel(l int, fn func(j0, j1 int)) {
	workers := min(runtime.GOMAXPROCS(0), max(1, l/32))
	var wg sync.WaitGroup
	for w := range workers {
		j0, j1 := w*l/workers, (w+1)*l/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(j0, j1)
		}()
	}
	wg.Wait()
}

// mulA is A·X for a sparse A given by its rows and a dense X.
func mulA(rows [][]termWeight, x *mat.Dense, l int) *mat.Dense {
	out := mat.NewDense(len(rows), l, nil)
	columnsInParallel(l, func(j0, j1 int) {
		for i, r := range rows {
			o := out.RawRowView(i)[j0:j1]
			for _, e := range r {
				xr := x.RawRowView(int(e.id))[j0:j1]
				for j := range o {
					o[j] += e.w * xr[j]
				}
			}
		}
	})
	return out
}

// transpose turns the rows of the n×m A into the rows of Aᵀ (one per
// term, documents in order), so Aᵀ·X streams through memory like A·X and
// sums in the same order as a pass over A would.
func transpose(rows [][]termWeight, m int) [][]termWeight {
	counts := make([]int, m)
	nnz := 0
	for _, r := range rows {
		nnz += len(r)
		for _, e := range r {
			counts[e.id]++
		}
	}
	flat := make([]termWeight, 0, nnz)
	out := make([][]termWeight, m)
	for t, c := range counts {
		out[t] = flat[len(flat) : len(flat) : len(flat)+c]
		flat = flat[:len(flat)+c]
	}
	for i, r := range rows {
		for _, e := range r {
			out[e.id] = append(out[e.id], termWeight{int32(i), e.w})
		}
	}
	return out
}
