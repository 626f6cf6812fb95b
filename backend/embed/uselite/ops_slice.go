package uselite

import (
	"fmt"
	"slices"
)

// dimSel selects start, start+step, ... (count elements) along one dimension.
type dimSel struct{ start, step, count int }

// selectBox gathers the elements of x picked by one dimSel per dimension.
func selectBox(a *arena, x *Tensor, sel []dimSel, shape []int) *Tensor {
	full := make([]int, len(sel))
	for k, s := range sel {
		full[k] = s.count
	}
	src := strides(x.shape)
	idx := make([]int, 0, numElements(full))
	var walk func(k, off int)
	walk = func(k, off int) {
		if k == len(sel) {
			idx = append(idx, off)
			return
		}
		s := sel[k]
		for c := range s.count {
			walk(k+1, off+(s.start+c*s.step)*src[k])
		}
	}
	if numElements(full) > 0 {
		walk(0, 0)
	}
	out := a.alloc(x.dt, shape)
	for k, j := range idx {
		copyRange(out, k, x, j, 1)
	}
	return out
}

func buildSlice(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x := in[0]
		begin, err := in[1].ints()
		if err != nil {
			return nil, err
		}
		size, err := in[2].ints()
		if err != nil {
			return nil, err
		}
		if len(begin) != x.rank() || len(size) != x.rank() {
			return nil, fmt.Errorf("%w: slice %v/%v of %v", ErrGraph, begin, size, x.shape)
		}
		sel := make([]dimSel, x.rank())
		for k, d := range x.shape {
			n := size[k]
			if n == -1 {
				n = d - begin[k]
			}
			if begin[k] < 0 || n < 0 || begin[k]+n > d {
				return nil, fmt.Errorf("%w: slice %v/%v of %v", ErrGraph, begin, size, x.shape)
			}
			sel[k] = dimSel{begin[k], 1, n}
		}
		shape := make([]int, len(sel))
		for k, s := range sel {
			shape[k] = s.count
		}
		return []*Tensor{selectBox(a, x, sel, shape)}, nil
	}, nil
}

type sliceMasks struct{ begin, end, shrink int }

func buildStridedSlice(n *nodeDef) (kernel, error) {
	var m sliceMasks
	var err error
	for _, f := range []struct {
		name string
		dst  *int
	}{{"begin_mask", &m.begin}, {"end_mask", &m.end}, {"shrink_axis_mask", &m.shrink}} {
		if *f.dst, err = n.attrInt(f.name, 0); err != nil {
			return nil, err
		}
	}
	for _, name := range []string{"ellipsis_mask", "new_axis_mask"} {
		if v, err := n.attrInt(name, 0); err != nil {
			return nil, err
		} else if v != 0 {
			return nil, fmt.Errorf("%w: StridedSlice %s", ErrUnsupported, name)
		}
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		var spec [3][]int
		for k := range spec {
			v, err := in[k+1].ints()
			if err != nil {
				return nil, err
			}
			spec[k] = v
		}
		return one(stridedSlice(a, in[0], spec[0], spec[1], spec[2], m))
	}, nil
}

// stridedSlice follows TF's StridedSlice without ellipsis or new axes:
// negative indices count from the end and out-of-range ends are clamped.
func stridedSlice(a *arena, x *Tensor, begin, end, stride []int, m sliceMasks) (*Tensor, error) {
	if len(begin) != len(end) || len(begin) != len(stride) || len(begin) > x.rank() {
		return nil, fmt.Errorf("%w: strided slice %v:%v:%v of %v", ErrGraph, begin, end, stride, x.shape)
	}
	sel := make([]dimSel, x.rank())
	var shape []int
	for k, d := range x.shape {
		if k >= len(begin) {
			sel[k] = dimSel{0, 1, d}
			shape = append(shape, d)
			continue
		}
		bit := 1 << k
		s := stride[k]
		if s == 0 {
			return nil, fmt.Errorf("%w: stride 0", ErrGraph)
		}
		if m.shrink&bit != 0 {
			b := begin[k]
			if b < 0 {
				b += d
			}
			if b < 0 || b >= d {
				return nil, fmt.Errorf("%w: index %d out of range for dim %d", ErrGraph, begin[k], d)
			}
			sel[k] = dimSel{b, 1, 1}
			continue
		}
		lo, hi := 0, d // clamp range for a positive stride
		if s < 0 {
			lo, hi = -1, d-1
		}
		b, e := begin[k], end[k]
		first, last := lo, hi // where an unbounded slice starts and stops
		if s < 0 {
			first, last = hi, lo
		}
		if m.begin&bit != 0 {
			b = first
		} else {
			if b < 0 {
				b += d
			}
			b = min(max(b, lo), hi)
		}
		if m.end&bit != 0 {
			e = last
		} else {
			if e < 0 {
				e += d
			}
			e = min(max(e, lo), hi)
		}
		count := 0
		if s > 0 && e > b {
			count = (e - b + s - 1) / s
		} else if s < 0 && b > e {
			count = (b - e - s - 1) / -s
		}
		sel[k] = dimSel{b, s, count}
		shape = append(shape, count)
	}
	return selectBox(a, x, sel, slices.Clip(shape)), nil
}

func buildSplitV(n *nodeDef) (kernel, error) {
	num, err := n.attrInt("num_split", 0)
	if err != nil {
		return nil, err
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x := in[0]
		sizes, err := in[1].ints()
		if err != nil {
			return nil, err
		}
		axis, err := in[2].scalarInt()
		if err != nil {
			return nil, err
		}
		if axis, err = normAxis(axis, x.rank()); err != nil {
			return nil, err
		}
		if num != 0 && len(sizes) != num {
			return nil, fmt.Errorf("%w: %d sizes for num_split %d", ErrGraph, len(sizes), num)
		}
		return splitV(a, x, sizes, axis)
	}, nil
}

// splitV cuts x along axis into pieces of the given sizes; one size may
// be -1, meaning whatever is left.
func splitV(a *arena, x *Tensor, sizes []int, axis int) ([]*Tensor, error) {
	sizes = slices.Clone(sizes)
	free, total := -1, 0
	for k, s := range sizes {
		if s == -1 && free < 0 {
			free = k
		} else if s < 0 {
			return nil, fmt.Errorf("%w: split sizes %v", ErrGraph, sizes)
		} else {
			total += s
		}
	}
	if free >= 0 {
		sizes[free] = x.shape[axis] - total
		total = x.shape[axis]
	}
	if total != x.shape[axis] || (free >= 0 && sizes[free] < 0) {
		return nil, fmt.Errorf("%w: split sizes %v for dim %d", ErrGraph, sizes, x.shape[axis])
	}
	outer := numElements(x.shape[:axis])
	inner := numElements(x.shape[axis+1:])
	outs := make([]*Tensor, len(sizes))
	at := 0
	for k, s := range sizes {
		shape := slices.Clone(x.shape)
		shape[axis] = s
		t := a.alloc(x.dt, shape)
		for o := range outer {
			copyRange(t, o*s*inner, x, (o*x.shape[axis]+at)*inner, s*inner)
		}
		at += s
		outs[k] = t
	}
	return outs, nil
}
