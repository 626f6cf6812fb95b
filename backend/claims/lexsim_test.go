package claims

import "testing"

// A word in neither model pairs with nothing but itself, and is looked up
// once; words both models hold keep their WordNet and GloVe grades.
func TestPairOfWordsTheModelsDoNotHold(t *testing.T) {
	r := DefaultResources()
	if r.WordNet == nil || r.GloVe == nil {
		t.Fatalf("the word models are not installed: %v", r.Notes)
	}
	cases := []struct {
		name, a, b string
		want       pairInfo
		graded     bool // sim above zero expected, not an exact value
	}{
		{"antonyms", "required", "optional", pairInfo{antonyms: true}, false},
		{"synonyms", "mandatory", "required", pairInfo{sim: synonymMatch}, false},
		{"GloVe neighbours", "laptop", "computer", pairInfo{}, true},
		{"a SKU against a word", "cq4411x", "required", pairInfo{}, false},
		{"a word against a SKU", "required", "cq4411x", pairInfo{}, false},
		{"the same SKU", "cq4411x", "cq4411x", pairInfo{sim: 1}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := r.pair(tc.a, tc.b)
			if tc.graded {
				if got.sim <= 0 || got.sim > gloveCap || got.antonyms {
					t.Errorf("pair(%q, %q) = %+v, want a GloVe grade in (0, %v]", tc.a, tc.b, got, gloveCap)
				}
				return
			}
			if got != tc.want {
				t.Errorf("pair(%q, %q) = %+v, want %+v", tc.a, tc.b, got, tc.want)
			}
		})
	}
	if k := r.knownIn(r.cache(), "cq4411x"); k.wordNet || k.glove {
		t.Errorf("a SKU is known to a model: %+v", k)
	}
	if _, ok := r.cache().pairs.Load("cq4411x\x00required"); ok {
		t.Error("a pair with an unknown word was stored; it is settled by the word's own entry")
	}
}
