package uselite

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
)

func f32(shape []int, v ...float32) *Tensor { return newFloat(shape, v) }
func i32(shape []int, v ...int32) *Tensor   { return newInt(shape, v) }
func bools(shape []int, v ...bool) *Tensor  { return newBool(shape, v) }
func sh(d ...int) []int                     { return d }

func attrI(v int) attr  { return attr{I: json.RawMessage(fmt.Sprintf("%q", fmt.Sprint(v)))} }
func attrB(v bool) attr { return attr{B: &v} }
func attrT(tfType int) attr {
	return attr{Type: json.RawMessage(fmt.Sprint(tfType))}
}
func attrS(s string) attr {
	raw, _ := json.Marshal([]byte(s)) // base64, as most converters write it
	return attr{S: raw}
}
func attrList(v ...int) attr {
	a := attr{List: &struct {
		I []json.RawMessage `json:"i"`
	}{}}
	for _, x := range v {
		a.List.I = append(a.List.I, json.RawMessage(fmt.Sprintf("%q", fmt.Sprint(x))))
	}
	return a
}

// runOp builds op with attrs and runs it once on in.
func runOp(op string, attrs map[string]attr, in ...*Tensor) ([]*Tensor, error) {
	b, ok := builders[op]
	if !ok {
		return nil, fmt.Errorf("no builder for %s", op)
	}
	k, err := b(&nodeDef{Name: "test/" + op, Op: op, Attr: attrs})
	if err != nil {
		return nil, err
	}
	return k(&arena{}, in)
}

// sameTensor reports how got differs from want, or "" when they match
// (floats to within 1e-6 relative).
func sameTensor(got, want *Tensor) string {
	if got == nil {
		return "got nil"
	}
	if got.dt != want.dt || !slices.Equal(got.shape, want.shape) {
		return fmt.Sprintf("got %s %v, want %s %v", got.dt, got.shape, want.dt, want.shape)
	}
	switch want.dt {
	case dtFloat:
		for k := range want.f {
			if d := math.Abs(float64(got.f[k] - want.f[k])); d > 1e-6*max(1, math.Abs(float64(want.f[k]))) {
				return fmt.Sprintf("got %v, want %v", got.f, want.f)
			}
		}
	case dtInt:
		if !slices.Equal(got.i[:len(want.i)], want.i) || len(got.i) != len(want.i) {
			return fmt.Sprintf("got %v, want %v", got.i, want.i)
		}
	case dtBool:
		if !slices.Equal(got.b, want.b) {
			return fmt.Sprintf("got %v, want %v", got.b, want.b)
		}
	}
	return ""
}

// opCase is one table row for an op: inputs, attributes, expected output
// (the first one) or an error.
type opCase struct {
	name    string
	op      string
	attrs   map[string]attr
	in      []*Tensor
	want    *Tensor
	wantErr error
}

func runOpCases(t *testing.T, cases []opCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runOp(c.op, c.attrs, c.in...)
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if msg := sameTensor(out[0], c.want); msg != "" {
				t.Error(msg)
			}
		})
	}
}
