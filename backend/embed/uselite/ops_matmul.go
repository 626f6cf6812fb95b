package uselite

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

func trans(t bool) blas.Transpose {
	if t {
		return blas.Trans
	}
	return blas.NoTrans
}

// gemm sets c = op(a)·op(b) for row-major a, b, c; m, n, k are the
// dimensions after the transposes. With AVX2/FMA, b is packed into ar's
// scratch buffer first: for the attention products, a few thousand floats.
func gemm(ar *arena, ta, tb bool, m, n, k int, a, b, c []float32) {
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		clear(c[:m*n])
		return
	}
	if haveFMA && !ta {
		pb := packInto(ar.pack, b, k, n, tb)
		ar.pack = pb.data
		gemmPacked(m, a, k, pb, c, n)
		return
	}
	ga := blas32.General{Rows: m, Cols: k, Stride: k, Data: a}
	if ta {
		ga = blas32.General{Rows: k, Cols: m, Stride: m, Data: a}
	}
	gb := blas32.General{Rows: k, Cols: n, Stride: n, Data: b}
	if tb {
		gb = blas32.General{Rows: n, Cols: k, Stride: k, Data: b}
	}
	blas32.Gemm(trans(ta), trans(tb), 1, ga, gb, 0, blas32.General{Rows: m, Cols: n, Stride: n, Data: c})
}

// matDims returns the rows and columns of the last two dimensions of t,
// swapped when t is used transposed.
func matDims(t *Tensor, transposed bool) (int, int) {
	r, c := t.shape[t.rank()-2], t.shape[t.rank()-1]
	if transposed {
		return c, r
	}
	return r, c
}

func buildMatMul(n *nodeDef) (kernel, error) {
	ta, tb := n.attrBool("transpose_a"), n.attrBool("transpose_b")
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x, y := in[0], in[1]
		if x.dt != dtFloat || y.dt != dtFloat || x.rank() != 2 || y.rank() != 2 {
			return nil, fmt.Errorf("%w: MatMul of %s %v and %s %v", ErrGraph, x.dt, x.shape, y.dt, y.shape)
		}
		m, k := matDims(x, ta)
		k2, nn := matDims(y, tb)
		if k != k2 {
			return nil, fmt.Errorf("%w: MatMul %v by %v", ErrGraph, x.shape, y.shape)
		}
		out := a.float([]int{m, nn})
		gemm(a, ta, tb, m, nn, k, x.f, y.f, out.f)
		return []*Tensor{out}, nil
	}, nil
}

func buildBatchMatMul(n *nodeDef) (kernel, error) {
	ta, tb := n.attrBool("adj_x"), n.attrBool("adj_y")
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x, y := in[0], in[1]
		if x.dt != dtFloat || y.dt != dtFloat || x.rank() < 2 || x.rank() != y.rank() ||
			!slices.Equal(x.shape[:x.rank()-2], y.shape[:y.rank()-2]) {
			return nil, fmt.Errorf("%w: BatchMatMul of %s %v and %s %v", ErrGraph, x.dt, x.shape, y.dt, y.shape)
		}
		m, k := matDims(x, ta)
		k2, nn := matDims(y, tb)
		if k != k2 {
			return nil, fmt.Errorf("%w: BatchMatMul %v by %v", ErrGraph, x.shape, y.shape)
		}
		batch := slices.Clone(x.shape[:x.rank()-2])
		out := a.float(append(batch, m, nn))
		for b := range numElements(batch) {
			gemm(a, ta, tb, m, nn, k, x.f[b*m*k:(b+1)*m*k], y.f[b*k*nn:(b+1)*k*nn], out.f[b*m*nn:(b+1)*m*nn])
		}
		return []*Tensor{out}, nil
	}, nil
}

// buildConv2D supports the 1×1, stride-1 NHWC convolutions the encoder uses
// as dense layers: a matrix product over the channel dimension. With such
// kernels SAME and VALID padding give the same result, so padding is not read.
func buildConv2D(n *nodeDef) (kernel, error) {
	if f, err := n.attrString("data_format"); err != nil {
		return nil, err
	} else if f != "" && f != "NHWC" {
		return nil, fmt.Errorf("%w: Conv2D data_format %s", ErrUnsupported, f)
	}
	for _, name := range []string{"strides", "dilations"} {
		v, err := n.attrInts(name)
		if err != nil {
			return nil, err
		}
		for _, s := range v {
			if s != 1 {
				return nil, fmt.Errorf("%w: Conv2D %s %v", ErrUnsupported, name, v)
			}
		}
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x, w := in[0], in[1]
		if x.dt != dtFloat || w.dt != dtFloat || x.rank() != 4 || w.rank() != 4 {
			return nil, fmt.Errorf("%w: Conv2D of %s %v with %s %v", ErrGraph, x.dt, x.shape, w.dt, w.shape)
		}
		if w.shape[0] != 1 || w.shape[1] != 1 {
			return nil, fmt.Errorf("%w: Conv2D kernel %v (only 1×1)", ErrUnsupported, w.shape)
		}
		c, o := w.shape[2], w.shape[3]
		if x.shape[3] != c {
			return nil, fmt.Errorf("%w: Conv2D input %v, kernel %v", ErrGraph, x.shape, w.shape)
		}
		rows := x.shape[0] * x.shape[1] * x.shape[2]
		out := a.float([]int{x.shape[0], x.shape[1], x.shape[2], o})
		gemm(a, false, false, rows, o, c, x.f, w.f, out.f)
		return []*Tensor{out}, nil
	}, nil
}

// Gonum runs a product serially when it spans fewer than four 64×64 blocks
// and splits k into 64-long pieces otherwise; on one core the serial
// A·Bᵀ loop, a full-length dot product per output, is about twice as fast.
// So weight products are cut into panels that stay on the serial path.
const (
	panelRows = 64
	panelCols = 192
)

// gemmSparse sets c = a·b for row-major a [m,k], b [k,n], c [m,n] where a
// is mostly zeros: gonum's A·B loop skips the zero elements of a, so only
// the non-zero products cost anything.
func gemmSparse(m, n, k int, a, b, c []float32) {
	for i := 0; i < m; i += panelRows {
		mi := min(panelRows, m-i)
		for j := 0; j < n; j += panelCols {
			nj := min(panelCols, n-j)
			blas32.Gemm(blas.NoTrans, blas.NoTrans, 1,
				blas32.General{Rows: mi, Cols: k, Stride: k, Data: a[i*k:]},
				blas32.General{Rows: k, Cols: nj, Stride: n, Data: b[j:]}, 0,
				blas32.General{Rows: mi, Cols: nj, Stride: n, Data: c[i*n+j:]})
		}
	}
}

// gemmBT sets c = a·btᵀ for row-major a [m,k], bt [n,k], c [m,n].
func gemmBT(m, n, k int, a, bt, c []float32) {
	for i := 0; i < m; i += panelRows {
		mi := min(panelRows, m-i)
		for j := 0; j < n; j += panelCols {
			nj := min(panelCols, n-j)
			blas32.Gemm(blas.NoTrans, blas.Trans, 1,
				blas32.General{Rows: mi, Cols: k, Stride: k, Data: a[i*k:]},
				blas32.General{Rows: nj, Cols: k, Stride: k, Data: bt[j*k:]}, 0,
				blas32.General{Rows: mi, Cols: nj, Stride: n, Data: c[i*n+j:]})
		}
	}
}

// weightKernels build kernels for products whose right operand is a
// constant, laid out once at load for the product loop that suits the left
// operand: sparse when it comes from a Relu (over 90% zeros here). A nil
// product means the node keeps its generic kernel.
var weightKernels = map[string]func(n *nodeDef, w *Tensor, sparse bool) (*product, error){
	"MatMul": func(n *nodeDef, w *Tensor, sparse bool) (*product, error) {
		if n.attrBool("transpose_a") || w.rank() != 2 || w.dt != dtFloat {
			return nil, nil
		}
		k, cols := w.shape[0], w.shape[1]
		if n.attrBool("transpose_b") {
			k, cols = cols, k
			w = transpose2(w.f, cols, k)
		}
		return newProduct(w.f, k, cols, false, sparse), nil
	},
	"Conv2D": func(n *nodeDef, w *Tensor, sparse bool) (*product, error) {
		if w.rank() != 4 || w.shape[0] != 1 || w.shape[1] != 1 || w.dt != dtFloat {
			return nil, nil
		}
		return newProduct(w.f, w.shape[2], w.shape[3], true, sparse), nil
	},
}

// transpose2 returns the [c,r] transpose of the row-major [r,c] matrix f.
func transpose2(f []float32, r, c int) *Tensor {
	out := make([]float32, len(f))
	for i := range r {
		for j := range c {
			out[j*r+i] = f[i*c+j]
		}
	}
	return newFloat([]int{c, r}, out)
}
