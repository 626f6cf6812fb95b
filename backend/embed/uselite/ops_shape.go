package uselite

import (
	"fmt"
	"slices"
)

func one(t *Tensor, err error) ([]*Tensor, error) {
	if err != nil {
		return nil, err
	}
	return []*Tensor{t}, nil
}

func buildShape(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		s := make([]int32, in[0].rank())
		for k, d := range in[0].shape {
			s[k] = int32(d)
		}
		return []*Tensor{newInt([]int{len(s)}, s)}, nil
	}, nil
}

func buildReshape(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		want, err := in[1].ints()
		if err != nil {
			return nil, err
		}
		return one(reshape(in[0], want))
	}, nil
}

// reshape resolves one -1 dimension and returns a view.
func reshape(x *Tensor, want []int) (*Tensor, error) {
	shape := slices.Clone(want)
	free, known := -1, 1
	for k, d := range shape {
		switch {
		case d == -1 && free < 0:
			free = k
		case d < 0:
			return nil, fmt.Errorf("%w: reshape to %v", ErrGraph, want)
		default:
			known *= d
		}
	}
	n := x.size()
	if free >= 0 {
		if known == 0 || n%known != 0 {
			return nil, fmt.Errorf("%w: reshape %v to %v", ErrGraph, x.shape, want)
		}
		shape[free] = n / known
	}
	if numElements(shape) != n {
		return nil, fmt.Errorf("%w: reshape %v to %v", ErrGraph, x.shape, want)
	}
	return x.view(shape), nil
}

func buildExpandDims(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		dim, err := in[1].scalarInt()
		if err != nil {
			return nil, err
		}
		x := in[0]
		if dim, err = normAxis(dim, x.rank()+1); err != nil {
			return nil, err
		}
		return []*Tensor{x.view(slices.Insert(slices.Clone(x.shape), dim, 1))}, nil
	}, nil
}

func buildSqueeze(n *nodeDef) (kernel, error) {
	dims, err := n.attrInts("squeeze_dims")
	if err != nil {
		return nil, err
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		return one(squeeze(in[0], dims))
	}, nil
}

// squeeze drops the listed size-1 dimensions, or all of them when none
// are listed.
func squeeze(x *Tensor, dims []int) (*Tensor, error) {
	drop := make([]bool, x.rank())
	for _, d := range dims {
		d, err := normAxis(d, x.rank())
		if err != nil {
			return nil, err
		}
		if x.shape[d] != 1 {
			return nil, fmt.Errorf("%w: squeeze dim %d of %v", ErrGraph, d, x.shape)
		}
		drop[d] = true
	}
	var shape []int
	for k, d := range x.shape {
		if !(drop[k] || len(dims) == 0 && d == 1) {
			shape = append(shape, d)
		}
	}
	return x.view(shape), nil
}

func buildPack(n *nodeDef) (kernel, error) {
	axis, err := n.attrInt("axis", 0)
	if err != nil {
		return nil, err
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		if len(in) == 0 {
			return nil, fmt.Errorf("%w: Pack of nothing", ErrGraph)
		}
		ax, err := normAxis(axis, in[0].rank()+1)
		if err != nil {
			return nil, err
		}
		parts := make([]*Tensor, len(in))
		for k, t := range in {
			parts[k] = t.view(slices.Insert(slices.Clone(t.shape), ax, 1))
		}
		return one(concat(a, parts, ax))
	}, nil
}

func buildConcat(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		if len(in) < 2 {
			return nil, fmt.Errorf("%w: ConcatV2 needs values and an axis", ErrGraph)
		}
		axis, err := in[len(in)-1].scalarInt()
		if err != nil {
			return nil, err
		}
		parts := in[:len(in)-1]
		if axis, err = normAxis(axis, parts[0].rank()); err != nil {
			return nil, err
		}
		return one(concat(a, parts, axis))
	}, nil
}

// concat joins parts along axis; all other dimensions must agree.
func concat(a *arena, parts []*Tensor, axis int) (*Tensor, error) {
	first := parts[0]
	shape := slices.Clone(first.shape)
	shape[axis] = 0
	for _, p := range parts {
		if p.dt != first.dt || p.rank() != first.rank() {
			return nil, fmt.Errorf("%w: concat %s %v with %s %v", ErrGraph, first.dt, first.shape, p.dt, p.shape)
		}
		for k := range shape {
			if k != axis && p.shape[k] != first.shape[k] {
				return nil, fmt.Errorf("%w: concat %v with %v on axis %d", ErrGraph, first.shape, p.shape, axis)
			}
		}
		shape[axis] += p.shape[axis]
	}
	out := a.alloc(first.dt, shape)
	outer := numElements(shape[:axis])
	rowOut := numElements(shape[axis:])
	at := 0
	for _, p := range parts {
		row := numElements(p.shape[axis:])
		for o := range outer {
			copyRange(out, o*rowOut+at, p, o*row, row)
		}
		at += row
	}
	return out, nil
}

func buildTranspose(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		perm, err := in[1].ints()
		if err != nil {
			return nil, err
		}
		return one(transpose(a, in[0], perm))
	}, nil
}

// transpose permutes dimensions, copying innermost runs when the last
// dimension stays in place.
func transpose(a *arena, x *Tensor, perm []int) (*Tensor, error) {
	r := x.rank()
	if len(perm) != r {
		return nil, fmt.Errorf("%w: perm %v for shape %v", ErrGraph, perm, x.shape)
	}
	seen := make([]bool, r)
	shape := make([]int, r)
	for k, p := range perm {
		if p < 0 || p >= r || seen[p] {
			return nil, fmt.Errorf("%w: perm %v", ErrGraph, perm)
		}
		seen[p] = true
		shape[k] = x.shape[p]
	}
	out := a.alloc(x.dt, shape)
	if r == 0 || out.size() == 0 {
		copyRange(out, 0, x, 0, out.size())
		return out, nil
	}
	src := strides(x.shape)
	step := make([]int, r) // source stride of each output dimension
	for k, p := range perm {
		step[k] = src[p]
	}
	run, inner := 1, r
	if perm[r-1] == r-1 {
		run, inner = shape[r-1], r-1
	}
	idx := make([]int, inner)
	from := 0
	for to := 0; to < out.size(); to += run {
		copyRange(out, to, x, from, run)
		for k := inner - 1; k >= 0; k-- {
			idx[k]++
			from += step[k]
			if idx[k] < shape[k] {
				break
			}
			from -= step[k] * shape[k]
			idx[k] = 0
		}
	}
	return out, nil
}

func buildRange(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		var v [3]int
		for k := range v {
			s, err := in[k].scalarInt()
			if err != nil {
				return nil, err
			}
			v[k] = s
		}
		start, limit, delta := v[0], v[1], v[2]
		if delta == 0 {
			return nil, fmt.Errorf("%w: Range with delta 0", ErrGraph)
		}
		var out []int32
		for x := start; (delta > 0 && x < limit) || (delta < 0 && x > limit); x += delta {
			out = append(out, int32(x))
		}
		return []*Tensor{newInt([]int{len(out)}, out)}, nil
	}, nil
}
