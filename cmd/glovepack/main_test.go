package main

import (
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		json      string
		keep      int
		wantWords []string
		wantErr   string
	}{
		{"package layout, top words kept", `{"precision":8,"dimensions":2,"words":["the","cat","zebra"],
			"vectors":{"the":[1,2,2.2,0],"cat":[3,4,5,1],"zebra":[5,6,7.8,2]},"unkVector":[0,0,-1]}`,
			2, []string{"the", "cat"}, ""},
		{"vectors in another order", `{"dimensions":2,"words":["a","b"],"vectors":{"b":[3,4,0,1],"a":[1,2,0,0]}}`,
			5, []string{"a", "b"}, ""},
		{"missing vector", `{"dimensions":2,"words":["a","b"],"vectors":{"a":[1,2,0,0]}}`, 2, nil, `no vector for "b"`},
		{"short vector", `{"dimensions":2,"words":["a"],"vectors":{"a":[1]}}`, 1, nil, "has 1 values"},
		{"vectors first", `{"vectors":{},"dimensions":2,"words":["a"]}`, 1, nil, "comes before"},
		{"no vectors", `{"dimensions":2,"words":["a"]}`, 1, nil, `no "vectors"`},
		{"not an object", `[1,2]`, 1, nil, "want"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			words, vecs, err := parse(strings.NewReader(c.json), c.keep)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(words, c.wantWords) || len(vecs) != len(words) {
				t.Fatalf("words %q with %d vectors, want %q", words, len(vecs), c.wantWords)
			}
			for i, v := range vecs {
				if len(v) != 2 {
					t.Errorf("vector %d has %d dims, want the first 2 values only", i, len(v))
				}
			}
			if c.keep == 2 && len(vecs) == 2 && (vecs[1][0] != 3 || vecs[1][1] != 4) {
				t.Errorf("cat vector %v, want [3 4]", vecs[1])
			}
		})
	}
}
