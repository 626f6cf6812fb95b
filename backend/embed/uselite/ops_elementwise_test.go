package uselite

import (
	"math"
	"testing"
)

func TestBinaryOps(t *testing.T) {
	runOpCases(t, []opCase{
		{name: "add same shape", op: "Add", in: []*Tensor{f32(sh(2), 1, 2), f32(sh(2), 10, 20)}, want: f32(sh(2), 11, 22)},
		{name: "add row broadcast", op: "Add", in: []*Tensor{f32(sh(2, 3), 1, 2, 3, 4, 5, 6), f32(sh(3), 10, 20, 30)},
			want: f32(sh(2, 3), 11, 22, 33, 14, 25, 36)},
		{name: "add scalar int", op: "Add", in: []*Tensor{i32(sh(2), 1, 2), i32(nil, 5)}, want: i32(sh(2), 6, 7)},
		{name: "sub scalar first", op: "Sub", in: []*Tensor{f32(nil, 1), f32(sh(3), 1, 2, 3)}, want: f32(sh(3), 0, -1, -2)},
		{name: "mul outer broadcast", op: "Mul", in: []*Tensor{f32(sh(2, 1), 1, 2), f32(sh(1, 3), 1, 10, 100)},
			want: f32(sh(2, 3), 1, 10, 100, 2, 20, 200)},
		{name: "mul middle broadcast", op: "Mul", in: []*Tensor{f32(sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), f32(sh(2, 1, 2), 1, 10, 100, 1000)},
			want: f32(sh(2, 2, 2), 1, 20, 3, 40, 500, 6000, 700, 8000)},
		{name: "realdiv", op: "RealDiv", in: []*Tensor{f32(sh(2, 2), 1, 2, 3, 4), f32(sh(2, 1), 2, 4)}, want: f32(sh(2, 2), 0.5, 1, 0.75, 1)},
		{name: "maximum int", op: "Maximum", in: []*Tensor{i32(sh(3), -1, 5, 2), i32(nil, 1)}, want: i32(sh(3), 1, 5, 2)},
		{name: "maximum float", op: "Maximum", in: []*Tensor{f32(sh(2), 1e-13, 4), f32(nil, 1e-12)}, want: f32(sh(2), 1e-12, 4)},
		{name: "less int", op: "Less", in: []*Tensor{i32(sh(3), 0, 127, 128), i32(nil, 128)}, want: bools(sh(3), true, true, false)},
		{name: "less broadcast", op: "Less", in: []*Tensor{i32(sh(3), 0, 1, 2), i32(sh(2, 1), 1, 3)},
			want: bools(sh(2, 3), true, false, false, true, true, true)},
		{name: "greater float", op: "Greater", in: []*Tensor{f32(sh(2), 0, 1), f32(nil, 0)}, want: bools(sh(2), false, true)},
		{name: "shapes that do not broadcast", op: "Add", in: []*Tensor{f32(sh(2), 1, 2), f32(sh(3), 1, 2, 3)}, wantErr: ErrGraph},
		{name: "mixed types", op: "Add", in: []*Tensor{f32(sh(1), 1), i32(sh(1), 1)}, wantErr: ErrGraph},
		{name: "int division refused", op: "RealDiv", in: []*Tensor{i32(sh(1), 1), i32(sh(1), 1)}, wantErr: ErrGraph},
	})
}

func TestUnaryOps(t *testing.T) {
	x := f32(sh(2, 2), -1, 0, 0.5, 4)
	runOpCases(t, []opCase{
		{name: "relu", op: "Relu", in: []*Tensor{x}, want: f32(sh(2, 2), 0, 0, 0.5, 4)},
		{name: "square", op: "Square", in: []*Tensor{x}, want: f32(sh(2, 2), 1, 0, 0.25, 16)},
		{name: "tanh", op: "Tanh", in: []*Tensor{f32(sh(2), 0, 1)}, want: f32(sh(2), 0, float32(math.Tanh(1)))},
		{name: "rsqrt", op: "Rsqrt", in: []*Tensor{f32(sh(2), 4, 0.25)}, want: f32(sh(2), 0.5, 2)},
		{name: "sin", op: "Sin", in: []*Tensor{f32(sh(2), 0, math.Pi/2)}, want: f32(sh(2), 0, 1)},
		{name: "cos", op: "Cos", in: []*Tensor{f32(sh(2), 0, math.Pi)}, want: f32(sh(2), 1, -1)},
		{name: "logical not", op: "LogicalNot", in: []*Tensor{bools(sh(3), true, false, true)}, want: bools(sh(3), false, true, false)},
		{name: "relu of int refused", op: "Relu", in: []*Tensor{i32(sh(1), 1)}, wantErr: ErrGraph},
		{name: "cast bool to float", op: "Cast", attrs: map[string]attr{"DstT": attrT(1)}, in: []*Tensor{bools(sh(2), true, false)}, want: f32(sh(2), 1, 0)},
		{name: "cast bool to int", op: "Cast", attrs: map[string]attr{"DstT": attrT(3)}, in: []*Tensor{bools(sh(2), false, true)}, want: i32(sh(2), 0, 1)},
		{name: "cast int64 to int32", op: "Cast", attrs: map[string]attr{"DstT": attrT(3)}, in: []*Tensor{i32(sh(2), 7, -3)}, want: i32(sh(2), 7, -3)},
		{name: "cast int to float", op: "Cast", attrs: map[string]attr{"DstT": attrT(1)}, in: []*Tensor{i32(sh(2), 3, -2)}, want: f32(sh(2), 3, -2)},
		{name: "cast float to int truncates", op: "Cast", attrs: map[string]attr{"DstT": attrT(3)}, in: []*Tensor{f32(sh(2), 2.7, -2.7)}, want: i32(sh(2), 2, -2)},
	})
}

func TestCastRefusesUnknownType(t *testing.T) {
	_, err := runOp("Cast", map[string]attr{"DstT": attrT(7)}, i32(sh(1), 1)) // DT_STRING
	if err == nil {
		t.Fatal("Cast to DT_STRING built")
	}
}

func TestSoftmax(t *testing.T) {
	e := float32(math.E)
	runOpCases(t, []opCase{
		{name: "rows", op: "Softmax", in: []*Tensor{f32(sh(2, 2), 0, 0, 1, 0)},
			want: f32(sh(2, 2), 0.5, 0.5, e/(e+1), 1/(e+1))},
		{name: "padding bias gives exact zero", op: "Softmax", in: []*Tensor{f32(sh(1, 3), 2, 2, -1e9)},
			want: f32(sh(1, 3), 0.5, 0.5, 0)},
		{name: "large values stay finite", op: "Softmax", in: []*Tensor{f32(sh(2), 1000, 1000)}, want: f32(sh(2), 0.5, 0.5)},
	})
}

func TestBiasAdd(t *testing.T) {
	runOpCases(t, []opCase{
		{name: "last dim", op: "BiasAdd", in: []*Tensor{f32(sh(2, 1, 2), 1, 2, 3, 4), f32(sh(2), 10, 20)},
			want: f32(sh(2, 1, 2), 11, 22, 13, 24)},
		{name: "explicit NHWC", op: "BiasAdd", attrs: map[string]attr{"data_format": attrS("NHWC")},
			in: []*Tensor{f32(sh(1, 2), 1, 2), f32(sh(2), 1, 1)}, want: f32(sh(1, 2), 2, 3)},
		{name: "bias length mismatch", op: "BiasAdd", in: []*Tensor{f32(sh(1, 2), 1, 2), f32(sh(3), 1, 1, 1)}, wantErr: ErrGraph},
		{name: "NCHW unsupported", op: "BiasAdd", attrs: map[string]attr{"data_format": attrS("NCHW")},
			in: []*Tensor{f32(sh(1, 2), 1, 2), f32(sh(2), 1, 1)}, wantErr: ErrUnsupported},
	})
}
