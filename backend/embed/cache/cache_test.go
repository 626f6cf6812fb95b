package cache

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

func TestEmbedComputesOnlyMisses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		prime      []string
		call       []string
		wantCalls  [][]string // inner calls made by call, after priming
		wantHits   int64
		wantMisses int64
	}{
		{"cold call computes each distinct text once", nil, []string{"a", "b", "a"}, [][]string{{"a", "b"}}, 0, 2},
		{"warm call makes no inner call", []string{"a", "b", "c"}, []string{"c", "a", "b"}, nil, 3, 0},
		{"mix computes only the misses, in order, in one call", []string{"a", "c"},
			[]string{"a", "b", "c", "d", "b"}, [][]string{{"b", "d"}}, 2, 2},
		{"texts differing only in whitespace are distinct", []string{"a"}, []string{"a ", "a"}, [][]string{{"a "}}, 1, 1},
		{"empty input asks nothing", []string{"a"}, []string{}, nil, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := openTest(t, Options{})
			f := newFake("fake", "m1")
			e := c.Wrap(f)
			if tc.prime != nil {
				mustEmbed(t, e, f, tc.prime)
			}
			primeCalls := len(f.Calls())
			before := c.Stats()
			mustEmbed(t, e, f, tc.call)
			if got := f.Calls()[primeCalls:]; !slices.EqualFunc(got, tc.wantCalls, slices.Equal) {
				t.Errorf("inner calls %q, want %q", got, tc.wantCalls)
			}
			s := c.Stats()
			if s.Hits-before.Hits != tc.wantHits || s.Misses-before.Misses != tc.wantMisses || s.Failures != 0 {
				t.Errorf("stats went from %+v to %+v, want +%d hits, +%d misses, no failures", before, s, tc.wantHits, tc.wantMisses)
			}
		})
	}
}

func TestReturnedVectorsDoNotAlias(t *testing.T) {
	t.Parallel()
	c := openTest(t, Options{})
	f := newFake("fake", "m1")
	e := c.Wrap(f)
	for _, round := range []string{"cold", "warm"} {
		got := mustEmbed(t, e, f, []string{"x", "x", "y"})
		for i := range got[0] {
			got[0][i] = 42 // a caller normalising or scaling in place
		}
		if !slices.Equal(got[1], reference("fake", "m1", "x", f.dim)) {
			t.Fatalf("%s: changing one result changed its duplicate", round)
		}
	}
	mustEmbed(t, e, f, []string{"x"})
	if n := len(f.Calls()); n != 1 {
		t.Errorf("%d inner calls, want 1", n)
	}
}

func TestModelsNeverShareVectors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		first  [2]string
		second [2]string
	}{
		{"same name, other model", [2]string{"uselite", "v1"}, [2]string{"uselite", "v2"}},
		{"other name, same model", [2]string{"openai", "text-3"}, [2]string{"azure", "text-3"}},
		{"name and model split differently", [2]string{"ab", "c"}, [2]string{"a", "bc"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := openTest(t, Options{})
			texts := []string{"one", "two"}
			f1, f2 := newFake(tc.first[0], tc.first[1]), newFake(tc.second[0], tc.second[1])
			mustEmbed(t, c.Wrap(f1), f1, texts)
			e2 := c.Wrap(f2)
			if e2.Name() != f2.name || e2.Model() != f2.model {
				t.Errorf("wrapped embedder is %s/%s, want %s/%s", e2.Name(), e2.Model(), f2.name, f2.model)
			}
			mustEmbed(t, e2, f2, texts)
			if got := f2.computed(); got != len(texts) {
				t.Errorf("second model computed %d texts, want %d", got, len(texts))
			}
			mustEmbed(t, c.Wrap(f1), f1, texts)
			if got := f1.computed(); got != len(texts) {
				t.Errorf("first model computed %d texts after the second wrote, want %d", got, len(texts))
			}
		})
	}
}

func TestPersistsAcrossReopen(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", FileName)
	texts := []string{"alpha", "beta", "gamma"}
	f := newFake("fake", "m1")
	c, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Path() != path {
		t.Errorf("Path() = %q, want %q", c.Path(), path)
	}
	mustEmbed(t, c.Wrap(f), f, texts)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	c2 := openAt(t, path, Options{})
	f2 := newFake("fake", "m1")
	mustEmbed(t, c2.Wrap(f2), f2, texts)
	if n := len(f2.Calls()); n != 0 {
		t.Errorf("%d inner calls after reopening, want 0", n)
	}
	if s := c2.Stats(); s.Hits != 3 || s.Misses != 0 {
		t.Errorf("stats after reopening %+v, want 3 hits", s)
	}
}
