package uselite

import (
	"fmt"
	"slices"
)

// dtype is the element type of a tensor. TF's int64 is carried as int32, as
// TF.js does: every index in this graph fits.
type dtype uint8

const (
	dtFloat dtype = iota + 1
	dtInt
	dtBool
)

func (d dtype) String() string {
	switch d {
	case dtFloat:
		return "float32"
	case dtInt:
		return "int32"
	case dtBool:
		return "bool"
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// Tensor is a dense row-major array; exactly one of f, i, b holds the data.
// Tensors are treated as immutable once an op has returned them, so views
// (Reshape, ExpandDims, Squeeze) may share the data slice.
type Tensor struct {
	dt    dtype
	shape []int
	f     []float32
	i     []int32
	b     []bool
	// pooled marks data an arena handed out and may take back.
	pooled bool
}

func newFloat(shape []int, data []float32) *Tensor {
	return &Tensor{dt: dtFloat, shape: shape, f: data}
}

func newInt(shape []int, data []int32) *Tensor {
	return &Tensor{dt: dtInt, shape: shape, i: data}
}

func newBool(shape []int, data []bool) *Tensor {
	return &Tensor{dt: dtBool, shape: shape, b: data}
}

// zeros allocates a tensor of dt and shape with every element zero.
func zeros(dt dtype, shape []int) *Tensor {
	n := numElements(shape)
	t := &Tensor{dt: dt, shape: shape}
	switch dt {
	case dtFloat:
		t.f = make([]float32, n)
	case dtInt:
		t.i = make([]int32, n)
	case dtBool:
		t.b = make([]bool, n)
	}
	return t
}

func numElements(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

func (t *Tensor) size() int { return numElements(t.shape) }

func (t *Tensor) rank() int { return len(t.shape) }

// view returns a tensor sharing t's data under another shape of equal size.
func (t *Tensor) view(shape []int) *Tensor {
	return &Tensor{dt: t.dt, shape: shape, f: t.f, i: t.i, b: t.b}
}

// ints reads an int tensor of any rank as a flat list, for shape and axis
// operands.
func (t *Tensor) ints() ([]int, error) {
	if t.dt != dtInt {
		return nil, fmt.Errorf("%w: want int32 operand, got %s", ErrGraph, t.dt)
	}
	out := make([]int, len(t.i))
	for k, v := range t.i {
		out[k] = int(v)
	}
	return out, nil
}

// scalarInt reads a one-element int tensor.
func (t *Tensor) scalarInt() (int, error) {
	v, err := t.ints()
	if err != nil {
		return 0, err
	}
	if len(v) != 1 {
		return 0, fmt.Errorf("%w: want a scalar, got shape %v", ErrGraph, t.shape)
	}
	return v[0], nil
}

// strides returns row-major element strides for shape.
func strides(shape []int) []int {
	s := make([]int, len(shape))
	acc := 1
	for k := len(shape) - 1; k >= 0; k-- {
		s[k] = acc
		acc *= shape[k]
	}
	return s
}

// normAxis maps a possibly negative axis into [0, rank).
func normAxis(axis, rank int) (int, error) {
	if axis < 0 {
		axis += rank
	}
	if axis < 0 || axis >= rank {
		return 0, fmt.Errorf("%w: axis %d out of range for rank %d", ErrGraph, axis, rank)
	}
	return axis, nil
}

// copyRange copies n elements from src[from:] to dst[to:], both of the same dtype.
func copyRange(dst *Tensor, to int, src *Tensor, from, n int) {
	switch src.dt {
	case dtFloat:
		copy(dst.f[to:to+n], src.f[from:from+n])
	case dtInt:
		copy(dst.i[to:to+n], src.i[from:from+n])
	case dtBool:
		copy(dst.b[to:to+n], src.b[from:from+n])
	}
}

func sameShape(a, b []int) bool { return slices.Equal(a, b) }
