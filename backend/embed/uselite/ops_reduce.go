package uselite

import (
	"fmt"
	"math"
)

type reduceOp uint8

const (
	redSum reduceOp = iota
	redMean
	redProd
	redMax
)

func reduceBuilder(op reduceOp) builder {
	return func(n *nodeDef) (kernel, error) {
		keep := n.attrBool("keep_dims")
		return func(a *arena, in []*Tensor) ([]*Tensor, error) {
			axes, err := in[1].ints()
			if err != nil {
				return nil, err
			}
			return one(reduce(a, op, in[0], axes, keep))
		}, nil
	}
}

// reduce folds x over axes, accumulating in float64 so long float sums do
// not drift. A max over nothing is the type's lowest value, as in TF.
func reduce(a *arena, op reduceOp, x *Tensor, axes []int, keep bool) (*Tensor, error) {
	if x.dt == dtBool {
		return nil, fmt.Errorf("%w: reduce over bool", ErrGraph)
	}
	r := x.rank()
	drop := make([]bool, r)
	for _, ax := range axes {
		ax, err := normAxis(ax, r)
		if err != nil {
			return nil, err
		}
		drop[ax] = true
	}
	var shape []int
	for k, d := range x.shape {
		switch {
		case !drop[k]:
			shape = append(shape, d)
		case keep:
			shape = append(shape, 1)
		}
	}
	if x.dt == dtFloat && op != redProd && isSuffix(drop) {
		return reduceRows(a, op, x, shape), nil
	}
	// ostep[k]: how far the output offset moves per step along x's dim k.
	full := make([]int, r)
	for k, d := range x.shape {
		full[k] = d
		if drop[k] {
			full[k] = 1
		}
	}
	fs := strides(full)
	ostep := make([]int, r)
	for k := range x.shape {
		if !drop[k] {
			ostep[k] = fs[k]
		}
	}
	outN := numElements(full)
	acc := make([]float64, outN)
	var init float64
	switch op {
	case redProd:
		init = 1
	case redMax:
		init = math.Inf(-1)
	}
	for k := range acc {
		acc[k] = init
	}
	idx := make([]int, r)
	o := 0
	for k := range x.size() {
		v := 0.0
		if x.dt == dtFloat {
			v = float64(x.f[k])
		} else {
			v = float64(x.i[k])
		}
		switch op {
		case redSum, redMean:
			acc[o] += v
		case redProd:
			acc[o] *= v
		case redMax:
			acc[o] = max(acc[o], v)
		}
		for d := r - 1; d >= 0; d-- {
			idx[d]++
			o += ostep[d]
			if idx[d] < x.shape[d] {
				break
			}
			o -= ostep[d] * x.shape[d]
			idx[d] = 0
		}
	}
	if op == redMean {
		count := 1
		for k, d := range x.shape {
			if drop[k] {
				count *= d
			}
		}
		for k := range acc {
			acc[k] /= float64(count)
		}
	}
	out := a.alloc(x.dt, shape)
	for k, v := range acc {
		if x.dt == dtFloat {
			out.f[k] = float32(v)
			continue
		}
		if math.IsInf(v, -1) {
			v = math.MinInt32
		}
		out.i[k] = int32(v)
	}
	return out, nil
}

// isSuffix tells whether the reduced dimensions are the trailing ones, so
// every output element folds one contiguous run of x.
func isSuffix(drop []bool) bool {
	seen := false
	for _, d := range drop {
		if seen && !d {
			return false
		}
		seen = seen || d
	}
	return seen
}

// reduceRows is reduce for trailing axes of a float tensor: the layer
// norms' means and the final L2 norm.
func reduceRows(a *arena, op reduceOp, x *Tensor, shape []int) *Tensor {
	out := a.float(shape)
	n := len(out.f)
	if n == 0 {
		return out
	}
	run := len(x.f) / n
	for r := range out.f {
		row := x.f[r*run : (r+1)*run]
		if op == redMax {
			m := math.Inf(-1)
			for _, v := range row {
				m = max(m, float64(v))
			}
			out.f[r] = float32(m)
			continue
		}
		var s float64
		for _, v := range row {
			s += float64(v)
		}
		if op == redMean {
			s /= float64(run)
		}
		out.f[r] = float32(s)
	}
	return out
}
