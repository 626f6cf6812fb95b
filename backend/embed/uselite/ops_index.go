package uselite

import (
	"fmt"
	"slices"
)

func buildGatherV2(n *nodeDef) (kernel, error) {
	if bd, err := n.attrInt("batch_dims", 0); err != nil {
		return nil, err
	} else if bd != 0 {
		return nil, fmt.Errorf("%w: GatherV2 batch_dims %d", ErrUnsupported, bd)
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		axis, err := in[2].scalarInt()
		if err != nil {
			return nil, err
		}
		return one(gatherV2(a, in[0], in[1], axis))
	}, nil
}

// gatherV2 picks slices of params along axis; out-of-range indices are an
// error, as on TF's CPU kernels.
func gatherV2(a *arena, params, indices *Tensor, axis int) (*Tensor, error) {
	axis, err := normAxis(axis, params.rank())
	if err != nil {
		return nil, err
	}
	idx, err := indices.ints()
	if err != nil {
		return nil, err
	}
	shape := slices.Concat(params.shape[:axis], indices.shape, params.shape[axis+1:])
	out := a.alloc(params.dt, shape)
	outer := numElements(params.shape[:axis])
	inner := numElements(params.shape[axis+1:])
	dim := params.shape[axis]
	at := 0
	for o := range outer {
		for _, j := range idx {
			if j < 0 || j >= dim {
				return nil, fmt.Errorf("%w: gather index %d out of [0,%d)", ErrGraph, j, dim)
			}
			copyRange(out, at, params, (o*dim+j)*inner, inner)
			at += inner
		}
	}
	return out, nil
}

// ndOffsets turns the rows of an [..., K] index tensor into flat element
// offsets into shape, checking each against its dimension.
func ndOffsets(indices *Tensor, shape []int) ([]int, int, error) {
	if indices.rank() == 0 {
		return nil, 0, fmt.Errorf("%w: scalar index tensor", ErrGraph)
	}
	k := indices.shape[indices.rank()-1]
	if k > len(shape) {
		return nil, 0, fmt.Errorf("%w: %d-d index into %v", ErrGraph, k, shape)
	}
	idx, err := indices.ints()
	if err != nil {
		return nil, 0, err
	}
	st := strides(shape)
	offs := make([]int, numElements(indices.shape[:indices.rank()-1]))
	for r := range offs {
		for d := range k {
			j := idx[r*k+d]
			if j < 0 || j >= shape[d] {
				return nil, 0, fmt.Errorf("%w: index %d out of [0,%d) in dim %d", ErrGraph, j, shape[d], d)
			}
			offs[r] += j * st[d]
		}
	}
	return offs, numElements(shape[k:]), nil
}

func buildGatherNd(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		params, indices := in[0], in[1]
		offs, inner, err := ndOffsets(indices, params.shape)
		if err != nil {
			return nil, err
		}
		k := indices.shape[indices.rank()-1]
		shape := slices.Concat(indices.shape[:indices.rank()-1], params.shape[k:])
		out := a.alloc(params.dt, shape)
		for r, off := range offs {
			copyRange(out, r*inner, params, off, inner)
		}
		return []*Tensor{out}, nil
	}, nil
}

func buildScatterNd(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		indices, updates := in[0], in[1]
		shape, err := in[2].ints()
		if err != nil {
			return nil, err
		}
		offs, inner, err := ndOffsets(indices, shape)
		if err != nil {
			return nil, err
		}
		if updates.size() != len(offs)*inner || updates.dt == dtBool {
			return nil, fmt.Errorf("%w: %d updates of %d for %d indices", ErrGraph, updates.size(), inner, len(offs))
		}
		out := a.alloc(updates.dt, shape)
		// Duplicate indices add up, as in TF.
		if out.dt == dtFloat {
			clear(out.f)
			for r, off := range offs {
				dst, src := out.f[off:off+inner], updates.f[r*inner:(r+1)*inner]
				for k, v := range src {
					dst[k] += v
				}
			}
		} else {
			clear(out.i)
			for r, off := range offs {
				for k := range inner {
					out.i[off+k] += updates.i[r*inner+k]
				}
			}
		}
		return []*Tensor{out}, nil
	}, nil
}

func buildSparseToDense(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		indices, values, def := in[0], in[2], in[3]
		shape, err := in[1].ints()
		if err != nil {
			return nil, err
		}
		if indices.rank() < 2 {
			indices = indices.view([]int{indices.size(), 1})
		}
		if values.dt != def.dt || def.size() != 1 {
			return nil, fmt.Errorf("%w: values %s, default %s %v", ErrGraph, values.dt, def.dt, def.shape)
		}
		offs, inner, err := ndOffsets(indices, shape)
		if err != nil {
			return nil, err
		}
		if inner != 1 || (values.size() != 1 && values.size() != len(offs)) {
			return nil, fmt.Errorf("%w: %d values for %d indices into %v", ErrGraph, values.size(), len(offs), shape)
		}
		out := a.alloc(values.dt, shape)
		n := out.size()
		for k := range n {
			copyRange(out, k, def, 0, 1)
		}
		for r, off := range offs {
			copyRange(out, off, values, min(r, values.size()-1), 1)
		}
		return []*Tensor{out}, nil
	}, nil
}

// buildWhere returns the coordinates of the true elements in row-major order.
func buildWhere(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x := in[0]
		if x.dt != dtBool {
			x = cast(a, x, dtBool)
		}
		r := x.rank()
		st := strides(x.shape)
		var coords []int32
		for k, v := range x.b {
			if !v {
				continue
			}
			for d := range r {
				coords = append(coords, int32(k/st[d]%x.shape[d]))
			}
		}
		count := 0
		if r > 0 {
			count = len(coords) / r
		} else if len(x.b) == 1 && x.b[0] {
			count = 1
		}
		return []*Tensor{newInt([]int{count, r}, coords)}, nil
	}, nil
}
