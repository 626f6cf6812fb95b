package model

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestTrainSeparatesClasses(t *testing.T) {
	t.Parallel()
	// one feature per class: the class whose feature is high wins
	var exs []Example
	for i := range 60 {
		x := []float64{0, 0, 0}
		x[i%3] = 1 + float64(i%5)/10
		exs = append(exs, Example{X: x, Y: i % 3, Weight: 1})
	}
	w, err := Train(exs, []string{"a", "b", "c"}, "t1", 0.01)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		x    []float64
		want int
	}{
		{"first feature", []float64{1, 0, 0}, 0},
		{"second feature", []float64{0, 1, 0}, 1},
		{"third feature", []float64{0, 0, 1}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := w.Predict(c.x)
			sum := p[0] + p[1] + p[2]
			if math.Abs(sum-1) > 1e-9 || p[c.want] < 0.8 {
				t.Fatalf("p = %v, want class %d above 0.8", p, c.want)
			}
		})
	}
}

func TestParseRejectsMismatchedWeights(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, file string }{
		{"not json", "{"},
		{"no features", `{"classes":["supported","contradicted","not_covered"]}`},
		{"wrong class order", `{"features":["a"],"mean":[0],"scale":[1],"classes":["contradicted","supported","not_covered"],"weights":[[1,0],[1,0],[1,0]]}`},
		{"short row", `{"features":["a"],"mean":[0],"scale":[1],"classes":["supported","contradicted","not_covered"],"weights":[[1],[1,0],[1,0]]}`},
		{"zero scale", `{"features":["a"],"mean":[0],"scale":[0],"classes":["supported","contradicted","not_covered"],"weights":[[1,0],[1,0],[1,0]]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Parse([]byte(c.file)); !errors.Is(err, ErrInvalid) {
				t.Fatalf("err %v, want ErrInvalid", err)
			}
		})
	}
}

// The shipped weights parse, carry their manifest and a conflict model.
func TestShippedWeights(t *testing.T) {
	t.Parallel()
	w, hash, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(hash) != 12 || w.Name == "" || w.Manifest.Trained == "" || len(w.Manifest.Sets) == 0 || w.Conflict == nil {
		t.Fatalf("hash %q, name %q, manifest %+v, conflict model %v", hash, w.Name, w.Manifest, w.Conflict != nil)
	}
	if w.Manifest.Contradicted <= 0 || w.Manifest.Contradicted >= 1 {
		t.Fatalf("contradicted threshold %v", w.Manifest.Contradicted)
	}
}

func TestTrainRefusesBadInput(t *testing.T) {
	t.Parallel()
	if _, err := Train(nil, []string{"a"}, "t", 0.1); !errors.Is(err, ErrNoData) {
		t.Fatalf("no data: %v", err)
	}
	if _, err := Train([]Example{{X: []float64{1, 2}, Y: 0, Weight: 1}}, []string{"a"}, "t", 0.1); !errors.Is(err, ErrInvalid) {
		t.Fatalf("wrong width: %v", err)
	}
}

// No training set or choice of the shipped model reads a held-out split
// (SciFact test, VitaminC test, the pairs test and report splits).
func TestShippedWeightsNeverTrainOnHeldOutSets(t *testing.T) {
	t.Parallel()
	w, _, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range w.Manifest.Sets {
		for _, held := range []string{"test", "report"} {
			if strings.Contains(s.Name, held) || strings.Contains(s.Note, held+" split") {
				t.Errorf("training set %q (%s) reads a %s split", s.Name, s.Note, held)
			}
		}
	}
	if !slices.ContainsFunc(w.Manifest.Notes, func(n string) bool { return strings.Contains(n, "never tuned on") }) {
		t.Errorf("the manifest does not say what it never tuned on: %v", w.Manifest.Notes)
	}
}
