package main

import (
	"context"
	"errors"
	"math"
	"sync"
	"testing"
)

// fixed embeds each text as the vector given for it and counts its calls.
type fixed struct {
	vecs  map[string][]float32
	mu    sync.Mutex
	calls int
	short bool // return one vector too few
}

func (f *fixed) Name() string  { return "fixed" }
func (f *fixed) Model() string { return "fixed-v1" }
func (f *fixed) Embed(_ context.Context, texts []string) ([][]float32, error) {
	f.mu.Lock()
	f.calls++
	f.mu.Unlock()
	var out [][]float32
	for _, t := range texts {
		out = append(out, append([]float32(nil), f.vecs[t]...))
	}
	if f.short {
		out = out[:len(out)-1]
	}
	return out, nil
}

func dotf(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestConcat(t *testing.T) {
	a := &fixed{vecs: map[string][]float32{"x": {1, 0}, "y": {0.6, 0.8}, "z": {0, 0}}}
	b := &fixed{vecs: map[string][]float32{"x": {0, 0, 1}, "y": {0, 0, 1}, "z": {1, 0, 0}}}
	c := concat{a, b}
	got, err := c.Embed(context.Background(), []string{"x", "y", "z"})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if len(v) != 5 {
			t.Fatalf("vector %d has %d dims, want 5", i, len(v))
		}
		if n := dotf(v, v); math.Abs(n-1) > 1e-6 {
			t.Errorf("vector %d has squared norm %g, want 1", i, n)
		}
	}
	// cos(x,y) is 0.6 in a and 1 in b: the concatenation gives their mean.
	if cos := dotf(got[0], got[1]); math.Abs(cos-0.8) > 1e-6 {
		t.Errorf("cos(x, y) = %g, want 0.8 (mean of 0.6 and 1)", cos)
	}
	// z is zero in a, so only b's part is left after renormalising.
	if z := got[2]; math.Abs(float64(z[2])-1) > 1e-6 {
		t.Errorf("z = %v, want b's part alone at unit length", z)
	}
	if c.Name() != "concat+fixed+fixed" || c.Model() != "fixed-v1 + fixed-v1" {
		t.Errorf("name %q model %q", c.Name(), c.Model())
	}
	b.short = true
	if _, err := c.Embed(context.Background(), []string{"x", "y"}); err == nil {
		t.Error("a part returning too few vectors was accepted")
	}
}

func TestMeter(t *testing.T) {
	inner := &fixed{vecs: map[string][]float32{"q": {1, 0}, "a": {0, 1}, "b": {1, 0}}}
	m := newMeter(inner)
	ctx := context.Background()
	for range 3 {
		v, err := m.Embed(ctx, []string{"q"})
		if err != nil || len(v) != 1 || v[0][0] != 1 {
			t.Fatalf("query embed = %v, %v", v, err)
		}
		v[0][0] = 7 // a caller changing its copy must not change the memo
	}
	if inner.calls != 1 {
		t.Errorf("query embedded %d times, want 1 (memoised)", inner.calls)
	}
	if r := m.report(); r != "" {
		t.Errorf("report before any corpus batch = %q, want empty", r)
	}
	if _, err := m.Embed(ctx, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Embed(ctx, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if inner.calls != 3 {
		t.Errorf("inner calls = %d, want 3 (batches are never memoised)", inner.calls)
	}
	if m.texts != 4 || m.busy <= 0 || m.inFlight != 0 {
		t.Errorf("texts %d busy %s in flight %d, want 4, > 0, 0", m.texts, m.busy, m.inFlight)
	}
	if m.report() == "" {
		t.Error("no report after corpus batches")
	}
	if m.Model() != "fixed-v1" {
		t.Errorf("Model() = %q: the wrapper must not change the cache key", m.Model())
	}
}

func TestNewEmbedderKinds(t *testing.T) {
	for _, tc := range []struct {
		name, kind string
		wantErr    error
	}{
		{"default is the index's LSA", "", nil},
		{"lsa is the index's LSA", "lsa", nil},
		{"unknown kind", "word2vec", errEmbedderKind},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := newEmbedder(context.Background(), tc.kind, nil)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if e != nil {
				t.Errorf("embedder = %T, want nil", e)
			}
		})
	}
}
