package retrieval

import "testing"

func TestFuse(t *testing.T) {
	t.Parallel()
	bm := []Scored{{"a", 9}, {"b", 5}, {"c", 1}}
	vec := []Scored{{"c", 0.9}, {"d", 0.8}, {"a", 0.1}}
	cases := []struct {
		name   string
		opts   FusionOptions
		first  string
		ranksA [2]int
	}{
		{"rrf default k=60", FusionOptions{}, "a", [2]int{1, 3}},
		{"weighted favours bm25", FusionOptions{Method: Weighted, Alpha: 0.9}, "a", [2]int{1, 3}},
		{"weighted favours vector", FusionOptions{Method: Weighted, Alpha: 0.1}, "c", [2]int{1, 3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Fuse(bm, vec, tc.opts)
			if len(got) != 4 || got[0].ID != tc.first {
				t.Fatalf("got %+v", got)
			}
			for _, f := range got {
				if f.ID == "a" && (f.BM25Rank != tc.ranksA[0] || f.VectorRank != tc.ranksA[1]) {
					t.Errorf("a ranks %d/%d", f.BM25Rank, f.VectorRank)
				}
				if f.ID == "d" && f.BM25Rank != 0 {
					t.Errorf("d has bm25 rank %d", f.BM25Rank)
				}
			}
		})
	}
}

func TestParseMode(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Mode{"": Hybrid, "bm25": BM25, "vector": Vector, "hybrid": Hybrid} {
		if m, err := ParseMode(in); err != nil || m != want {
			t.Errorf("%q -> %q %v", in, m, err)
		}
	}
	if _, err := ParseMode("dense"); err == nil {
		t.Error("accepted dense")
	}
}
