package uselite

import (
	"fmt"
	"slices"
)

// product multiplies its input's last dimension by a constant weight
// [k,n], laid out at load for the loop that suits the input. conv keeps the
// NHWC shape of a 1×1 Conv2D; otherwise the input must be a matrix, as for
// MatMul.
type product struct {
	k, n         int
	conv, sparse bool
	w            []float32 // sparse: [k,n]; gonum dense path: transposed [n,k]
	pw           packed    // AVX2/FMA dense path
}

func newProduct(w []float32, k, n int, conv, sparse bool) *product {
	p := &product{k: k, n: n, conv: conv, sparse: sparse}
	switch {
	case sparse:
		p.w = w
	case haveFMA:
		p.pw = packInto(nil, w, k, n, false)
	default:
		p.w = transpose2(w, k, n).f
	}
	return p
}

// foldBias makes the product add bias [n] to every row, as the BiasAdd
// that reads it would, where the kernel can do so in its last store; it
// tells whether it did.
func (p *product) foldBias(bias []float32) bool {
	if p.pw.data == nil || len(bias) != p.n {
		return false
	}
	p.pw = p.pw.withBias(bias)
	return true
}

func (p *product) run(a *arena, in []*Tensor) ([]*Tensor, error) {
	x, k, n := in[0], p.k, p.n
	if x.dt != dtFloat || x.rank() == 0 || x.shape[x.rank()-1] != k || (p.conv && x.rank() != 4) || (!p.conv && x.rank() != 2) {
		return nil, fmt.Errorf("%w: product of %s %v with weight [%d,%d]", ErrGraph, x.dt, x.shape, k, n)
	}
	shape := slices.Clone(x.shape)
	shape[len(shape)-1] = n
	out := a.float(shape)
	switch {
	case p.sparse && haveFMA && n%64 == 0:
		gemmSparseFMA(&a.sparse, x.size()/k, n, k, x.f, p.w, out.f)
	case p.sparse:
		gemmSparse(x.size()/k, n, k, x.f, p.w, out.f)
	case p.pw.data != nil:
		gemmPacked(x.size()/k, x.f, k, p.pw, out.f, n)
	default:
		gemmBT(x.size()/k, n, k, x.f, p.w, out.f)
	}
	return []*Tensor{out}, nil
}
