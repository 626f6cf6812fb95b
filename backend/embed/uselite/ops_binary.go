package uselite

import "fmt"

type binOp uint8

const (
	opAdd binOp = iota
	opSub
	opMul
	opDiv
	opMax
	opLess
	opGreater
)

func binaryBuilder(op binOp) builder {
	return func(*nodeDef) (kernel, error) {
		return func(a *arena, in []*Tensor) ([]*Tensor, error) {
			if len(in) != 2 {
				return nil, fmt.Errorf("%w: want 2 inputs, got %d", ErrGraph, len(in))
			}
			t, err := binaryOp(a, op, in[0], in[1])
			return []*Tensor{t}, err
		}, nil
	}
}

// broadcastShape applies NumPy broadcasting to two shapes.
func broadcastShape(a, b []int) ([]int, error) {
	r := max(len(a), len(b))
	out := make([]int, r)
	for k := range r {
		da, db := 1, 1
		if j := k - (r - len(a)); j >= 0 {
			da = a[j]
		}
		if j := k - (r - len(b)); j >= 0 {
			db = b[j]
		}
		switch {
		case da == db, db == 1:
			out[k] = da
		case da == 1:
			out[k] = db
		default:
			return nil, fmt.Errorf("%w: shapes %v and %v do not broadcast", ErrGraph, a, b)
		}
	}
	return out, nil
}

// bstrides gives shape's element strides aligned to out, 0 along
// broadcast dimensions.
func bstrides(shape, out []int) []int {
	s := make([]int, len(out))
	own := strides(shape)
	off := len(out) - len(shape)
	for k := range shape {
		if shape[k] != 1 {
			s[k+off] = own[k]
		}
	}
	return s
}

// eachRow walks every innermost row of out, giving the flat offsets of the
// row in out, a and b; along the row a and b advance by sa[last], sb[last].
func eachRow(out, sa, sb []int, fn func(oi, ai, bi int)) {
	r := len(out)
	if r == 0 {
		fn(0, 0, 0)
		return
	}
	if numElements(out) == 0 {
		return
	}
	idx := make([]int, r-1)
	oi, ai, bi := 0, 0, 0
	inner := out[r-1]
	for {
		fn(oi, ai, bi)
		oi += inner
		k := r - 2
		for ; k >= 0; k-- {
			idx[k]++
			ai += sa[k]
			bi += sb[k]
			if idx[k] < out[k] {
				break
			}
			ai -= sa[k] * out[k]
			bi -= sb[k] * out[k]
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}

func binaryOp(a *arena, op binOp, x, y *Tensor) (*Tensor, error) {
	if x.dt != y.dt || x.dt == dtBool {
		return nil, fmt.Errorf("%w: %s and %s operands", ErrGraph, x.dt, y.dt)
	}
	shape, err := broadcastShape(x.shape, y.shape)
	if err != nil {
		return nil, err
	}
	sx, sy := bstrides(x.shape, shape), bstrides(y.shape, shape)
	n := 1
	var stepX, stepY int
	if len(shape) > 0 {
		n = shape[len(shape)-1]
		stepX, stepY = sx[len(shape)-1], sy[len(shape)-1]
	}
	outType := x.dt
	if op == opLess || op == opGreater {
		outType = dtBool
	}
	out := a.alloc(outType, shape)
	switch {
	case outType == dtBool && x.dt == dtFloat:
		eachRow(shape, sx, sy, func(oi, xi, yi int) {
			cmpRow(op, out.b[oi:oi+n], x.f[xi:], y.f[yi:], stepX, stepY)
		})
	case outType == dtBool:
		eachRow(shape, sx, sy, func(oi, xi, yi int) {
			cmpRow(op, out.b[oi:oi+n], x.i[xi:], y.i[yi:], stepX, stepY)
		})
	case x.dt == dtFloat:
		eachRow(shape, sx, sy, func(oi, xi, yi int) {
			arithRow(op, out.f[oi:oi+n], x.f[xi:], y.f[yi:], stepX, stepY)
		})
	default:
		if op == opDiv {
			return nil, fmt.Errorf("%w: RealDiv on int32", ErrGraph)
		}
		eachRow(shape, sx, sy, func(oi, xi, yi int) {
			arithRow(op, out.i[oi:oi+n], x.i[xi:], y.i[yi:], stepX, stepY)
		})
	}
	return out, nil
}

func arithRow[T float32 | int32](op binOp, o, x, y []T, sx, sy int) {
	// The layer norms and residuals are row by row (both steps 1) or row by
	// broadcast scalar (one step 0): loops with unit strides drop the index
	// multiplications and bounds checks of the general case below.
	switch {
	case sx == 1 && sy == 1 && (op == opAdd || op == opSub || op == opMul):
		x, y = x[:len(o)], y[:len(o)]
		switch op {
		case opAdd:
			for k := range o {
				o[k] = x[k] + y[k]
			}
		case opSub:
			for k := range o {
				o[k] = x[k] - y[k]
			}
		default:
			for k := range o {
				o[k] = x[k] * y[k]
			}
		}
		return
	case sx == 1 && sy == 0 && (op == opAdd || op == opSub || op == opMul):
		x, v := x[:len(o)], y[0]
		switch op {
		case opAdd:
			for k := range o {
				o[k] = x[k] + v
			}
		case opSub:
			for k := range o {
				o[k] = x[k] - v
			}
		default:
			for k := range o {
				o[k] = x[k] * v
			}
		}
		return
	case sx == 0 && sy == 1 && (op == opAdd || op == opMul):
		arithRow(op, o, y, x, 1, 0) // both commute
		return
	}
	switch op {
	case opAdd:
		for k := range o {
			o[k] = x[k*sx] + y[k*sy]
		}
	case opSub:
		for k := range o {
			o[k] = x[k*sx] - y[k*sy]
		}
	case opMul:
		for k := range o {
			o[k] = x[k*sx] * y[k*sy]
		}
	case opDiv:
		for k := range o {
			o[k] = x[k*sx] / y[k*sy]
		}
	case opMax:
		for k := range o {
			o[k] = max(x[k*sx], y[k*sy])
		}
	}
}

func cmpRow[T float32 | int32](op binOp, o []bool, x, y []T, sx, sy int) {
	if op == opLess {
		for k := range o {
			o[k] = x[k*sx] < y[k*sy]
		}
		return
	}
	for k := range o {
		o[k] = x[k*sx] > y[k*sy]
	}
}
