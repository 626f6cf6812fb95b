package uselite

import "testing"

func TestReduceOps(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	cube := f32(sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8)
	keep := map[string]attr{"keep_dims": attrB(true)}
	runOpCases(t, []opCase{
		{name: "sum last", op: "Sum", in: []*Tensor{x, i32(nil, 1)}, want: f32(sh(2), 6, 15)},
		{name: "sum first", op: "Sum", in: []*Tensor{x, i32(nil, 0)}, want: f32(sh(3), 5, 7, 9)},
		{name: "sum middle keep dims", op: "Sum", attrs: keep, in: []*Tensor{cube, i32(sh(1), 1)}, want: f32(sh(2, 1, 2), 4, 6, 12, 14)},
		{name: "sum all axes", op: "Sum", in: []*Tensor{x, i32(sh(2), 0, -1)}, want: f32(nil, 21)},
		{name: "sum int", op: "Sum", in: []*Tensor{i32(sh(2, 2), 1, 0, 1, 1), i32(nil, 1)}, want: i32(sh(2), 1, 2)},
		{name: "mean last keep dims", op: "Mean", attrs: keep, in: []*Tensor{x, i32(sh(1), -1)}, want: f32(sh(2, 1), 2, 5)},
		{name: "mean first", op: "Mean", in: []*Tensor{x, i32(sh(1), 0)}, want: f32(sh(3), 2.5, 3.5, 4.5)},
		{name: "prod", op: "Prod", in: []*Tensor{i32(sh(2), 16, 9), i32(sh(1), 0)}, want: i32(nil, 144)},
		{name: "prod of nothing", op: "Prod", in: []*Tensor{i32(sh(0)), i32(sh(1), 0)}, want: i32(nil, 1)},
		{name: "max int columns", op: "Max", in: []*Tensor{i32(sh(3, 2), 0, 5, 1, 2, 0, 9), i32(nil, 0)}, want: i32(sh(2), 1, 9)},
		{name: "max float last", op: "Max", in: []*Tensor{f32(sh(2, 2), -1, -3, 2, 0), i32(nil, 1)}, want: f32(sh(2), -1, 2)},
		{name: "axis out of range", op: "Sum", in: []*Tensor{x, i32(nil, 2)}, wantErr: ErrGraph},
	})
}
