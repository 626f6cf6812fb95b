package uselite

import "math/bits"

// arena hands out tensor buffers for one evaluation at a time and takes
// back the ones the graph plan marks dead, so a warm evaluation allocates
// almost nothing. It is not safe for concurrent use; the Encoder keeps one
// per evaluation in a sync.Pool.
type arena struct {
	floats [][][]float32 // free buffers by size class (power of two)
	ints   [][][]int32
	// pack is scratch for gemm's packed right operand, reused call to call.
	pack []float32
	// sparse is scratch for the non-zero lists of a Relu output.
	sparse sparseScratch
}

func sizeClass(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// float returns a float tensor of shape whose contents are undefined.
func (a *arena) float(shape []int) *Tensor {
	n := numElements(shape)
	c := sizeClass(n)
	t := &Tensor{dt: dtFloat, shape: shape, pooled: true}
	if c < len(a.floats) && len(a.floats[c]) > 0 {
		last := len(a.floats[c]) - 1
		t.f = a.floats[c][last][:n]
		a.floats[c] = a.floats[c][:last]
		return t
	}
	t.f = make([]float32, n, 1<<c)
	return t
}

// int returns an int tensor of shape whose contents are undefined.
func (a *arena) int(shape []int) *Tensor {
	n := numElements(shape)
	c := sizeClass(n)
	t := &Tensor{dt: dtInt, shape: shape, pooled: true}
	if c < len(a.ints) && len(a.ints[c]) > 0 {
		last := len(a.ints[c]) - 1
		t.i = a.ints[c][last][:n]
		a.ints[c] = a.ints[c][:last]
		return t
	}
	t.i = make([]int32, n, 1<<c)
	return t
}

// alloc returns a tensor of dt and shape with undefined contents; bools are
// small and short-lived here, so they are not pooled.
func (a *arena) alloc(dt dtype, shape []int) *Tensor {
	switch dt {
	case dtFloat:
		return a.float(shape)
	case dtInt:
		return a.int(shape)
	}
	return zeros(dtBool, shape)
}

// release takes back t's buffer if this arena (or another one: all arenas
// hand out buffers of the same classes) allocated it.
func (a *arena) release(t *Tensor) {
	if t == nil || !t.pooled {
		return
	}
	t.pooled = false
	switch t.dt {
	case dtFloat:
		c := sizeClass(cap(t.f))
		for len(a.floats) <= c {
			a.floats = append(a.floats, nil)
		}
		a.floats[c] = append(a.floats[c], t.f[:0])
		t.f = nil
	case dtInt:
		c := sizeClass(cap(t.i))
		for len(a.ints) <= c {
			a.ints = append(a.ints, nil)
		}
		a.ints[c] = append(a.ints[c], t.i[:0])
		t.i = nil
	}
}
