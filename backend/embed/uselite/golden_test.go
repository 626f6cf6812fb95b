package uselite

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
)

// goldenTol is the per-component distance allowed from the JS reference.
const goldenTol = 1e-5

func maxDiff(a, b []float32) float64 {
	var d float64
	for k := range a {
		d = max(d, math.Abs(float64(a[k])-float64(b[k])))
	}
	return d
}

func TestTokenizerMatchesJS(t *testing.T) {
	e := encoder(t)
	for _, c := range golden(t).Tokens {
		t.Run(c.Text, func(t *testing.T) {
			got := e.Tokenize(c.Text)
			if !slices.Equal(got, c.IDs) && !(len(got) == 0 && len(c.IDs) == 0) {
				t.Errorf("Tokenize(%q)\n got %v\nwant %v", c.Text, got, c.IDs)
			}
		})
	}
}

func TestEmbedMatchesJS(t *testing.T) {
	e := encoder(t)
	g := golden(t)
	if !strings.HasSuffix(e.Name(), g.ModelFilesSHA256[:12]) {
		t.Fatalf("Name() = %s, but the fixture was made from files hashing to %s", e.Name(), g.ModelFilesSHA256[:12])
	}
	var texts []string
	for _, v := range g.Vectors {
		texts = append(texts, v.Text)
	}
	got, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range g.Vectors {
		t.Run(v.Text, func(t *testing.T) {
			if len(got[k]) != len(v.Vector) {
				t.Fatalf("dims %d, want %d", len(got[k]), len(v.Vector))
			}
			d := maxDiff(got[k], v.Vector)
			t.Logf("max component difference %.3g", d)
			if d > goldenTol {
				t.Errorf("max component difference %.3g > %.0g", d, goldenTol)
			}
		})
	}
}

func TestEmbedLongTextMatchesJS(t *testing.T) {
	e := encoder(t)
	for _, c := range golden(t).Long {
		ids := e.Tokenize(c.Text)
		if len(ids) != c.Tokens || len(windows(ids)) != c.Windows {
			t.Fatalf("%d tokens in %d windows, want %d in %d", len(ids), len(windows(ids)), c.Tokens, c.Windows)
		}
		got, err := e.Embed(context.Background(), []string{c.Text})
		if err != nil {
			t.Fatal(err)
		}
		if d := maxDiff(got[0], c.Vector); d > goldenTol {
			t.Errorf("max component difference %.3g > %.0g", d, goldenTol)
		}
	}
}
