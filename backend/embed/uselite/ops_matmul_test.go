package uselite

import (
	"math/rand/v2"
	"testing"
)

func TestMatMulOps(t *testing.T) {
	a := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	b := f32(sh(3, 2), 1, 0, 0, 1, 1, 1)
	ab := f32(sh(2, 2), 4, 5, 10, 11)
	tr := func(ta, tb bool) map[string]attr {
		return map[string]attr{"transpose_a": attrB(ta), "transpose_b": attrB(tb)}
	}
	adj := func(ax, ay bool) map[string]attr {
		return map[string]attr{"adj_x": attrB(ax), "adj_y": attrB(ay)}
	}
	runOpCases(t, []opCase{
		{name: "matmul", op: "MatMul", attrs: tr(false, false), in: []*Tensor{a, b}, want: ab},
		{name: "matmul transpose b", op: "MatMul", attrs: tr(false, true), in: []*Tensor{a, f32(sh(2, 3), 1, 0, 1, 0, 1, 1)}, want: ab},
		{name: "matmul transpose a", op: "MatMul", attrs: tr(true, false), in: []*Tensor{f32(sh(3, 2), 1, 4, 2, 5, 3, 6), b}, want: ab},
		{name: "matmul inner mismatch", op: "MatMul", in: []*Tensor{a, a}, wantErr: ErrGraph},
		{name: "batch matmul", op: "BatchMatMul", attrs: adj(false, false),
			in:   []*Tensor{f32(sh(2, 1, 2), 1, 2, 3, 4), f32(sh(2, 2, 1), 1, 1, 1, -1)},
			want: f32(sh(2, 1, 1), 3, -1)},
		{name: "batch matmul adj y (q·kᵀ)", op: "BatchMatMul", attrs: adj(false, true),
			in:   []*Tensor{f32(sh(1, 1, 2, 2), 1, 0, 0, 1), f32(sh(1, 1, 3, 2), 1, 2, 3, 4, 5, 6)},
			want: f32(sh(1, 1, 2, 3), 1, 3, 5, 2, 4, 6)},
		{name: "batch matmul adj x", op: "BatchMatMul", attrs: adj(true, false),
			in:   []*Tensor{f32(sh(1, 2, 1), 1, 2), f32(sh(1, 2, 1), 3, 4)},
			want: f32(sh(1, 1, 1), 11)},
		{name: "batch matmul batch mismatch", op: "BatchMatMul",
			in: []*Tensor{f32(sh(2, 1, 1), 1, 2), f32(sh(3, 1, 1), 1, 2, 3)}, wantErr: ErrGraph},
		{name: "conv2d 1x1", op: "Conv2D",
			in:   []*Tensor{f32(sh(1, 2, 1, 2), 1, 2, 3, 4), f32(sh(1, 1, 2, 3), 1, 0, 1, 0, 1, 1)},
			want: f32(sh(1, 2, 1, 3), 1, 2, 3, 3, 4, 7)},
		{name: "conv2d 3x3 unsupported", op: "Conv2D",
			in: []*Tensor{f32(sh(1, 1, 1, 1), 1), zeros(dtFloat, sh(3, 3, 1, 1))}, wantErr: ErrUnsupported},
		{name: "conv2d stride 2 unsupported", op: "Conv2D", attrs: map[string]attr{"strides": attrList(1, 2, 2, 1)},
			in: []*Tensor{f32(sh(1, 1, 1, 1), 1), f32(sh(1, 1, 1, 1), 1)}, wantErr: ErrUnsupported},
		{name: "conv2d NCHW unsupported", op: "Conv2D", attrs: map[string]attr{"data_format": attrS("NCHW")},
			in: []*Tensor{f32(sh(1, 1, 1, 1), 1), f32(sh(1, 1, 1, 1), 1)}, wantErr: ErrUnsupported},
	})
}

func randTensor(r *rand.Rand, shape []int, zeroFrac float64) *Tensor {
	t := zeros(dtFloat, shape)
	for k := range t.f {
		if r.Float64() >= zeroFrac {
			t.f[k] = r.Float32()*2 - 1
		}
	}
	return t
}

func naiveMatMul(x, w *Tensor) *Tensor {
	m, k, n := x.size()/w.shape[0], w.shape[0], w.shape[1]
	out := zeros(dtFloat, []int{m, n})
	for i := range m {
		for j := range n {
			var s float32
			for l := range k {
				s += x.f[i*k+l] * w.f[l*n+j]
			}
			out.f[i*n+j] = s
		}
	}
	return out
}

// TestWeightKernels checks the load-time kernels (transposed weight, dense
// dot products; or sparse zero-skipping) against a naive product, on sizes
// that straddle the panel edges.
func TestWeightKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name       string
		m, k, n    int
		transposeB bool
		sparse     bool
		conv       bool
	}{
		{"dense small", 3, 4, 5, false, false, false},
		{"dense across panels", 70, 33, 200, false, false, false},
		{"dense stored transposed", 5, 8, 7, true, false, false},
		{"sparse across panels", 130, 40, 390, false, true, false},
		{"conv dense", 9, 16, 12, false, false, true},
		{"conv sparse", 9, 16, 12, false, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			zeroFrac := 0.0
			if c.sparse {
				zeroFrac = 0.9 // like the Relu outputs the sparse kernel is for
			}
			x := randTensor(r, []int{c.m, c.k}, zeroFrac)
			w := randTensor(r, []int{c.k, c.n}, 0)
			want := naiveMatMul(x, w)
			var k *product
			var err error
			switch {
			case c.conv:
				k, err = weightKernels["Conv2D"](&nodeDef{}, w.view([]int{1, 1, c.k, c.n}), c.sparse)
				x = x.view([]int{1, c.m, 1, c.k})
				want = want.view([]int{1, c.m, 1, c.n})
			case c.transposeB:
				k, err = weightKernels["MatMul"](&nodeDef{Attr: map[string]attr{"transpose_b": attrB(true)}}, transpose2(w.f, c.k, c.n), c.sparse)
			default:
				k, err = weightKernels["MatMul"](&nodeDef{}, w, c.sparse)
			}
			if err != nil || k == nil {
				t.Fatalf("kernel %v, err %v", k != nil, err)
			}
			out, err := k.run(&arena{}, []*Tensor{x})
			if err != nil {
				t.Fatal(err)
			}
			if msg := sameTensor(out[0], want); msg != "" {
				t.Error(msg)
			}
		})
	}
}
