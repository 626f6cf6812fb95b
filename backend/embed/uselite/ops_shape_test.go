package uselite

import "testing"

func TestShapeOps(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	runOpCases(t, []opCase{
		{name: "shape", op: "Shape", in: []*Tensor{x}, want: i32(sh(2), 2, 3)},
		{name: "shape of scalar", op: "Shape", in: []*Tensor{f32(nil, 1)}, want: i32(sh(0))},
		{name: "reshape", op: "Reshape", in: []*Tensor{x, i32(sh(2), 3, 2)}, want: f32(sh(3, 2), 1, 2, 3, 4, 5, 6)},
		{name: "reshape infers -1", op: "Reshape", in: []*Tensor{x, i32(sh(1), -1)}, want: f32(sh(6), 1, 2, 3, 4, 5, 6)},
		{name: "reshape wrong size", op: "Reshape", in: []*Tensor{x, i32(sh(2), 4, 2)}, wantErr: ErrGraph},
		{name: "reshape two -1", op: "Reshape", in: []*Tensor{x, i32(sh(2), -1, -1)}, wantErr: ErrGraph},
		{name: "expand dims front", op: "ExpandDims", in: []*Tensor{x, i32(nil, 0)}, want: f32(sh(1, 2, 3), 1, 2, 3, 4, 5, 6)},
		{name: "expand dims -1", op: "ExpandDims", in: []*Tensor{x, i32(nil, -1)}, want: f32(sh(2, 3, 1), 1, 2, 3, 4, 5, 6)},
		{name: "expand dims out of range", op: "ExpandDims", in: []*Tensor{x, i32(nil, 4)}, wantErr: ErrGraph},
		{name: "squeeze listed", op: "Squeeze", attrs: map[string]attr{"squeeze_dims": attrList(2)},
			in: []*Tensor{f32(sh(1, 2, 1), 7, 8)}, want: f32(sh(1, 2), 7, 8)},
		{name: "squeeze all", op: "Squeeze", in: []*Tensor{f32(sh(1, 2, 1), 7, 8)}, want: f32(sh(2), 7, 8)},
		{name: "squeeze non-1 dim", op: "Squeeze", attrs: map[string]attr{"squeeze_dims": attrList(1)},
			in: []*Tensor{f32(sh(1, 2), 7, 8)}, wantErr: ErrGraph},
		{name: "pack scalars", op: "Pack", attrs: map[string]attr{"axis": attrI(0)},
			in: []*Tensor{i32(nil, 16), i32(nil, 9), i32(nil, 8), i32(nil, 32)}, want: i32(sh(4), 16, 9, 8, 32)},
		{name: "pack on axis 1", op: "Pack", attrs: map[string]attr{"axis": attrI(1)},
			in: []*Tensor{f32(sh(2), 1, 2), f32(sh(2), 3, 4)}, want: f32(sh(2, 2), 1, 3, 2, 4)},
		{name: "concat axis 0", op: "ConcatV2", in: []*Tensor{i32(sh(1), 5), i32(sh(2), 6, 7), i32(nil, 0)}, want: i32(sh(3), 5, 6, 7)},
		{name: "concat last axis", op: "ConcatV2", in: []*Tensor{f32(sh(2, 1), 1, 2), f32(sh(2, 2), 3, 4, 5, 6), i32(nil, -1)},
			want: f32(sh(2, 3), 1, 3, 4, 2, 5, 6)},
		{name: "concat mismatched dims", op: "ConcatV2", in: []*Tensor{f32(sh(2, 1), 1, 2), f32(sh(3, 1), 3, 4, 5), i32(nil, 1)}, wantErr: ErrGraph},
		{name: "transpose matrix", op: "Transpose", in: []*Tensor{x, i32(sh(2), 1, 0)}, want: f32(sh(3, 2), 1, 4, 2, 5, 3, 6)},
		{name: "transpose heads", op: "Transpose", in: []*Tensor{f32(sh(1, 2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), i32(sh(4), 0, 2, 1, 3)},
			want: f32(sh(1, 2, 2, 2), 1, 2, 5, 6, 3, 4, 7, 8)},
		{name: "transpose 3d cycle", op: "Transpose", in: []*Tensor{f32(sh(1, 2, 3), 1, 2, 3, 4, 5, 6), i32(sh(3), 2, 0, 1)},
			want: f32(sh(3, 1, 2), 1, 4, 2, 5, 3, 6)},
		{name: "transpose bad perm", op: "Transpose", in: []*Tensor{x, i32(sh(2), 0, 0)}, wantErr: ErrGraph},
		{name: "range", op: "Range", in: []*Tensor{i32(nil, 0), i32(nil, 4), i32(nil, 1)}, want: i32(sh(4), 0, 1, 2, 3)},
		{name: "range step down", op: "Range", in: []*Tensor{i32(nil, 5), i32(nil, 0), i32(nil, -2)}, want: i32(sh(3), 5, 3, 1)},
		{name: "range empty", op: "Range", in: []*Tensor{i32(nil, 3), i32(nil, 3), i32(nil, 1)}, want: i32(sh(0))},
		{name: "range delta 0", op: "Range", in: []*Tensor{i32(nil, 0), i32(nil, 3), i32(nil, 0)}, wantErr: ErrGraph},
	})
}

func TestSliceOps(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	shape := i32(sh(4), 16, 9, 8, 32)
	masks := func(begin, end, shrink int) map[string]attr {
		return map[string]attr{"begin_mask": attrI(begin), "end_mask": attrI(end), "shrink_axis_mask": attrI(shrink)}
	}
	runOpCases(t, []opCase{
		{name: "slice", op: "Slice", in: []*Tensor{x, i32(sh(2), 0, 1), i32(sh(2), 2, 2)}, want: f32(sh(2, 2), 2, 3, 5, 6)},
		{name: "slice size -1", op: "Slice", in: []*Tensor{shape, i32(sh(1), 3), i32(sh(1), -1)}, want: i32(sh(1), 32)},
		{name: "slice past the end", op: "Slice", in: []*Tensor{x, i32(sh(2), 1, 2), i32(sh(2), 1, 2)}, wantErr: ErrGraph},
		{name: "strided shrink first", op: "StridedSlice", attrs: masks(0, 0, 1),
			in: []*Tensor{shape, i32(sh(1), 0), i32(sh(1), 1), i32(sh(1), 1)}, want: i32(nil, 16)},
		{name: "strided shrink last", op: "StridedSlice", attrs: masks(0, 0, 1),
			in: []*Tensor{shape, i32(sh(1), -1), i32(sh(1), 0), i32(sh(1), 1)}, want: i32(nil, 32)},
		{name: "strided prefix up to -1", op: "StridedSlice", attrs: masks(0, 0, 0),
			in: []*Tensor{shape, i32(sh(1), 0), i32(sh(1), -1), i32(sh(1), 1)}, want: i32(sh(3), 16, 9, 8)},
		{name: "strided end mask", op: "StridedSlice", attrs: masks(0, 1, 0),
			in: []*Tensor{shape, i32(sh(1), 2), i32(sh(1), 0), i32(sh(1), 1)}, want: i32(sh(2), 8, 32)},
		{name: "strided column of a matrix", op: "StridedSlice", attrs: masks(1, 1, 2),
			in: []*Tensor{i32(sh(3, 2), 0, 5, 0, 6, 1, 0), i32(sh(2), 0, 1), i32(sh(2), 0, 2), i32(sh(2), 1, 1)}, want: i32(sh(3), 5, 6, 0)},
		{name: "strided step 2", op: "StridedSlice", attrs: masks(0, 0, 0),
			in: []*Tensor{shape, i32(sh(1), 0), i32(sh(1), 4), i32(sh(1), 2)}, want: i32(sh(2), 16, 8)},
		{name: "strided reversed", op: "StridedSlice", attrs: masks(1, 1, 0),
			in: []*Tensor{shape, i32(sh(1), 0), i32(sh(1), 0), i32(sh(1), -1)}, want: i32(sh(4), 32, 8, 9, 16)},
		{name: "strided clamps end", op: "StridedSlice", attrs: masks(0, 0, 0),
			in: []*Tensor{shape, i32(sh(1), 1), i32(sh(1), 99), i32(sh(1), 1)}, want: i32(sh(3), 9, 8, 32)},
		{name: "strided rows keep other dims", op: "StridedSlice", attrs: masks(0, 0, 0),
			in: []*Tensor{x, i32(sh(1), 1), i32(sh(1), 2), i32(sh(1), 1)}, want: f32(sh(1, 3), 4, 5, 6)},
		{name: "strided shrink out of range", op: "StridedSlice", attrs: masks(0, 0, 1),
			in: []*Tensor{shape, i32(sh(1), 4), i32(sh(1), 5), i32(sh(1), 1)}, wantErr: ErrGraph},
		{name: "strided ellipsis unsupported", op: "StridedSlice", attrs: map[string]attr{"ellipsis_mask": attrI(1)},
			in: []*Tensor{shape, i32(sh(1), 0), i32(sh(1), 1), i32(sh(1), 1)}, wantErr: ErrUnsupported},
	})
}

func TestSplitV(t *testing.T) {
	x := f32(sh(1, 2, 6), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	cases := []struct {
		name  string
		sizes *Tensor
		want  []*Tensor
		err   error
	}{
		{"three equal", i32(sh(3), 2, 2, 2), []*Tensor{
			f32(sh(1, 2, 2), 1, 2, 7, 8), f32(sh(1, 2, 2), 3, 4, 9, 10), f32(sh(1, 2, 2), 5, 6, 11, 12)}, nil},
		{"inferred size", i32(sh(2), 1, -1), []*Tensor{
			f32(sh(1, 2, 1), 1, 7), f32(sh(1, 2, 5), 2, 3, 4, 5, 6, 8, 9, 10, 11, 12)}, nil},
		{"sizes too large", i32(sh(2), 4, 4), nil, ErrGraph},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runOp("SplitV", map[string]attr{"num_split": attrI(len(c.sizes.i))}, x, c.sizes, i32(nil, -1))
			if c.err != nil {
				if err == nil {
					t.Fatalf("no error, want %v", c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(out) != len(c.want) {
				t.Fatalf("%d outputs, want %d", len(out), len(c.want))
			}
			for k := range out {
				if msg := sameTensor(out[k], c.want[k]); msg != "" {
					t.Errorf("output %d: %s", k, msg)
				}
			}
		})
	}
}
