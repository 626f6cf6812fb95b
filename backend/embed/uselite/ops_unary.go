package uselite

import (
	"fmt"
	"math"
)

// floatUnary builds a kernel applying f to every element of a float tensor;
// float64 math keeps results correctly rounded to float32.
func floatUnary(f func(float64) float64) builder {
	return func(*nodeDef) (kernel, error) {
		return func(a *arena, in []*Tensor) ([]*Tensor, error) {
			x := in[0]
			if x.dt != dtFloat {
				return nil, fmt.Errorf("%w: want float32, got %s", ErrGraph, x.dt)
			}
			out := a.float(x.shape)
			for k, v := range x.f {
				out.f[k] = float32(f(float64(v)))
			}
			return []*Tensor{out}, nil
		}, nil
	}
}

func rsqrt(v float64) float64 { return 1 / math.Sqrt(v) }

// floatMap builds a kernel applying a float32 function that needs no
// float64 detour to stay exact.
func floatMap(f func(dst, src []float32)) builder {
	return func(*nodeDef) (kernel, error) {
		return func(a *arena, in []*Tensor) ([]*Tensor, error) {
			x := in[0]
			if x.dt != dtFloat {
				return nil, fmt.Errorf("%w: want float32, got %s", ErrGraph, x.dt)
			}
			out := a.float(x.shape)
			f(out.f, x.f)
			return []*Tensor{out}, nil
		}, nil
	}
}

func relu(dst, src []float32) {
	for k, v := range src {
		dst[k] = max(v, 0)
	}
}

func square(dst, src []float32) {
	for k, v := range src {
		dst[k] = v * v
	}
}

func buildLogicalNot(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x := in[0]
		if x.dt != dtBool {
			return nil, fmt.Errorf("%w: want bool, got %s", ErrGraph, x.dt)
		}
		out := zeros(dtBool, x.shape)
		for k, v := range x.b {
			out.b[k] = !v
		}
		return []*Tensor{out}, nil
	}, nil
}

func buildCast(n *nodeDef) (kernel, error) {
	to, err := n.attrType("DstT")
	if err != nil {
		return nil, err
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		return []*Tensor{cast(a, in[0], to)}, nil
	}, nil
}

// cast converts like TF: float to int truncates toward zero, anything
// non-zero becomes true.
func cast(a *arena, x *Tensor, to dtype) *Tensor {
	out := a.alloc(to, x.shape)
	for k := range x.size() {
		var v float64
		switch x.dt {
		case dtFloat:
			v = float64(x.f[k])
		case dtInt:
			v = float64(x.i[k])
		case dtBool:
			if x.b[k] {
				v = 1
			}
		}
		switch to {
		case dtFloat:
			out.f[k] = float32(v)
		case dtInt:
			out.i[k] = int32(v)
		case dtBool:
			out.b[k] = v != 0
		}
	}
	return out
}

// buildSoftmax normalises over the last axis, subtracting the row maximum
// first so the -1e9 padding bias underflows to an exact zero.
func buildSoftmax(*nodeDef) (kernel, error) {
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x := in[0]
		if x.dt != dtFloat || x.rank() == 0 {
			return nil, fmt.Errorf("%w: softmax of %s %v", ErrGraph, x.dt, x.shape)
		}
		out := a.float(x.shape)
		n := x.shape[x.rank()-1]
		for off := 0; off+n <= len(x.f) && n > 0; off += n {
			row, dst := x.f[off:off+n], out.f[off:off+n]
			m := row[0]
			for _, v := range row {
				m = max(m, v)
			}
			var sum float64
			for k, v := range row {
				e := math.Exp(float64(v - m))
				dst[k] = float32(e)
				sum += e
			}
			inv := 1 / sum
			for k := range dst {
				dst[k] = float32(float64(dst[k]) * inv)
			}
		}
		return []*Tensor{out}, nil
	}, nil
}

func buildBiasAdd(n *nodeDef) (kernel, error) {
	if f, err := n.attrString("data_format"); err != nil {
		return nil, err
	} else if f != "" && f != "NHWC" {
		return nil, fmt.Errorf("%w: BiasAdd data_format %s", ErrUnsupported, f)
	}
	return func(a *arena, in []*Tensor) ([]*Tensor, error) {
		x, b := in[0], in[1]
		if x.dt != dtFloat || b.dt != dtFloat || b.rank() != 1 || x.rank() == 0 || x.shape[x.rank()-1] != b.shape[0] {
			return nil, fmt.Errorf("%w: bias %v for value %v", ErrGraph, b.shape, x.shape)
		}
		out := a.float(x.shape)
		biasRows(out.f, x.f, b.f)
		return []*Tensor{out}, nil
	}, nil
}

// biasRows writes x plus bias, repeated along every row, into dst.
func biasRows(dst, x, bias []float32) {
	n := len(bias)
	for off := 0; off+n <= len(x); off += n {
		d, s := dst[off:off+n], x[off:off+n]
		for k, v := range bias {
			d[k] = s[k] + v
		}
	}
}
