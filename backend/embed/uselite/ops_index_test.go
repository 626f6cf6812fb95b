package uselite

import "testing"

func TestIndexOps(t *testing.T) {
	emb := f32(sh(3, 2), 0, 0, 1, 1, 2, 2)
	pairs := i32(sh(3, 2), 0, 0, 0, 1, 1, 0)
	runOpCases(t, []opCase{
		{name: "gather rows", op: "GatherV2", in: []*Tensor{emb, i32(sh(3), 2, 0, 2), i32(nil, 0)},
			want: f32(sh(3, 2), 2, 2, 0, 0, 2, 2)},
		{name: "gather columns", op: "GatherV2", in: []*Tensor{i32(sh(2, 3), 1, 2, 3, 4, 5, 6), i32(sh(2), 2, 0), i32(nil, 1)},
			want: i32(sh(2, 2), 3, 1, 6, 4)},
		{name: "gather shape entries", op: "GatherV2", in: []*Tensor{i32(sh(3), 1, 9, 8), i32(sh(1), 1), i32(nil, 0)},
			want: i32(sh(1), 9)},
		{name: "gather index out of range", op: "GatherV2", in: []*Tensor{emb, i32(sh(1), 3), i32(nil, 0)}, wantErr: ErrGraph},
		{name: "gather batch_dims unsupported", op: "GatherV2", attrs: map[string]attr{"batch_dims": attrI(1)},
			in: []*Tensor{emb, i32(sh(1), 0), i32(nil, 0)}, wantErr: ErrUnsupported},
		{name: "gather nd rows of a batch", op: "GatherNd",
			in:   []*Tensor{f32(sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), pairs},
			want: f32(sh(3, 2), 1, 2, 3, 4, 5, 6)},
		{name: "gather nd elements", op: "GatherNd",
			in:   []*Tensor{i32(sh(2, 2), 1, 2, 3, 4), i32(sh(2, 2), 1, 1, 0, 1)},
			want: i32(sh(2), 4, 2)},
		{name: "gather nd out of range", op: "GatherNd", in: []*Tensor{emb, i32(sh(1, 1), 5)}, wantErr: ErrGraph},
		{name: "scatter nd", op: "ScatterNd",
			in:   []*Tensor{pairs, f32(sh(3, 2), 1, 2, 3, 4, 5, 6), i32(sh(3), 2, 2, 2)},
			want: f32(sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 0, 0)},
		{name: "scatter nd adds duplicates", op: "ScatterNd",
			in:   []*Tensor{i32(sh(3, 1), 1, 1, 0), i32(sh(3), 5, 6, 7), i32(sh(1), 3)},
			want: i32(sh(3), 7, 11, 0)},
		{name: "scatter nd update count mismatch", op: "ScatterNd",
			in: []*Tensor{pairs, f32(sh(2, 2), 1, 2, 3, 4), i32(sh(3), 2, 2, 2)}, wantErr: ErrGraph},
		{name: "sparse to dense", op: "SparseToDense",
			in:   []*Tensor{i32(sh(3, 2), 0, 0, 0, 1, 1, 0), i32(sh(2), 2, 3), i32(sh(3), 7, 8, 9), i32(nil, 0)},
			want: i32(sh(2, 3), 7, 8, 0, 9, 0, 0)},
		{name: "sparse to dense scalar value", op: "SparseToDense",
			in:   []*Tensor{i32(sh(2), 0, 2), i32(sh(1), 3), f32(nil, 1), f32(nil, -1)},
			want: f32(sh(3), 1, -1, 1)},
		{name: "sparse to dense out of range", op: "SparseToDense",
			in: []*Tensor{i32(sh(1, 2), 2, 0), i32(sh(2), 2, 3), i32(sh(1), 7), i32(nil, 0)}, wantErr: ErrGraph},
		{name: "where matrix", op: "Where", in: []*Tensor{bools(sh(2, 3), true, false, true, false, false, true)},
			want: i32(sh(3, 2), 0, 0, 0, 2, 1, 2)},
		{name: "where vector", op: "Where", in: []*Tensor{bools(sh(4), false, true, true, false)}, want: i32(sh(2, 1), 1, 2)},
		{name: "where none", op: "Where", in: []*Tensor{bools(sh(2), false, false)}, want: i32(sh(0, 1))},
	})
}
