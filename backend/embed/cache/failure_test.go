package cache

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"
)

var errInner = errors.New("model exploded")

func TestInnerErrorIsWrappedAndNothingCached(t *testing.T) {
	t.Parallel()
	c := openTest(t, Options{})
	f := newFake("fake", "m1")
	f.err = errInner
	e := c.Wrap(f)
	if _, err := e.Embed(context.Background(), []string{"a"}); !errors.Is(err, errInner) {
		t.Fatalf("err = %v, want it to wrap %v", err, errInner)
	}
	f.err = nil
	mustEmbed(t, e, f, []string{"a"})
	if n := len(f.Calls()); n != 2 {
		t.Errorf("%d inner calls, want 2: a failed call must not leave a row", n)
	}
}

func TestCancellationIsReturned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		cancelIn  bool // cancel from inside the inner call instead of before
		wantCalls int
	}{
		{"cancelled before the call", false, 0},
		{"cancelled while computing", true, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := openTest(t, Options{})
			f := newFake("fake", "m1")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelIn {
				f.hook = cancel
			} else {
				cancel()
			}
			if _, err := c.Wrap(f).Embed(ctx, []string{"a", "b"}); !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if n := len(f.Calls()); n != tc.wantCalls {
				t.Errorf("%d inner calls, want %d", n, tc.wantCalls)
			}
		})
	}
}

// A cache that cannot be read or written still yields correct vectors, and
// says so once per call.
func TestBrokenCacheStillEmbeds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		damage func(t *testing.T, c *Cache)
	}{
		{"closed under its embedder", func(t *testing.T, c *Cache) {
			if err := c.Close(); err != nil {
				t.Fatal(err)
			}
		}},
		{"table dropped by another process", func(t *testing.T, c *Cache) {
			other := openAt(t, c.Path(), Options{})
			if _, err := other.db.Writer().Exec(`DROP TABLE vectors`); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			log, buf := newLog()
			c := openTest(t, Options{Log: log})
			f := newFake("fake", "m1")
			e := c.Wrap(f)
			mustEmbed(t, e, f, []string{"a"})
			tc.damage(t, c)
			for call := 1; call <= 2; call++ {
				mustEmbed(t, e, f, []string{"a", "b", "a"})
				if got := buf.count(degraded); got != call {
					t.Fatalf("after call %d: %d warnings, want one per call:\n%s", call, got, buf)
				}
			}
			if s := c.Stats(); s.Failures != 2 {
				t.Errorf("stats %+v, want 2 failures", s)
			}
		})
	}
}

func blob(xs ...float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// Rows left malformed by a crash or another version are misses, recomputed
// and overwritten.
func TestDamagedRowsAreRecomputed(t *testing.T) {
	t.Parallel()
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := []struct {
		name string
		dim  int
		vec  []byte
	}{
		{"blob shorter than dim", 8, blob(1, 2, 3)},
		{"blob longer than dim", 2, blob(1, 2, 3)},
		{"blob not a whole number of floats", 1, []byte{1, 2, 3, 4, 5}},
		{"NaN", 8, blob(1, 0, 0, 0, nan, 0, 0, 0)},
		{"infinity", 8, blob(0, 0, 0, 0, 0, 0, 0, inf)},
		{"zero dim", 0, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			log, buf := newLog()
			c := openTest(t, Options{Log: log})
			f := newFake("fake", "m1")
			e := c.Wrap(f)
			mustEmbed(t, e, f, []string{"good", "bad"})
			other := openAt(t, c.Path(), Options{})
			v := tc.vec
			if v == nil {
				v = []byte{}
			}
			if _, err := other.db.Writer().Exec(`UPDATE vectors SET dim = ?, vec = ? WHERE rowid = (SELECT MAX(rowid) FROM vectors)`, tc.dim, v); err != nil {
				t.Fatal(err)
			}
			mustEmbed(t, e, f, []string{"good", "bad"})
			mustEmbed(t, e, f, []string{"bad", "good"})
			if calls := f.Calls(); len(calls) != 2 || !slices.Equal(calls[1], []string{"bad"}) {
				t.Errorf("inner calls %q, want the damaged row computed once more", calls)
			}
			if n := buf.count("1 cached vectors malformed"); n != 1 {
				t.Errorf("%d reports of the damaged row, want 1:\n%s", n, buf)
			}
			if kept, real := storedBytes(t, c); kept != real {
				t.Errorf("total kept as %d after the overwrite, rows hold %d", kept, real)
			}
		})
	}
}

// Vectors the inner embedder returns but that cannot be stored are still
// returned, not cached, and reported.
func TestUnstorableVectorsAreReturnedAndReported(t *testing.T) {
	t.Parallel()
	log, buf := newLog()
	c := openTest(t, Options{Log: log})
	inner := &nanEmbedder{fakeEmbedder: newFake("fake", "m1")}
	e := c.Wrap(inner)
	for call := 1; call <= 2; call++ {
		got, err := e.Embed(context.Background(), []string{"ok", "nan"})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got[0], reference("fake", "m1", "ok", 8)) || !math.IsNaN(float64(got[1][0])) {
			t.Fatalf("call %d returned %v", call, got)
		}
	}
	if calls := inner.Calls(); len(calls) != 2 || !slices.Equal(calls[1], []string{"nan"}) {
		t.Errorf("inner calls %q, want only the unstorable text recomputed", calls)
	}
	if n := buf.count("not finite; not cached"); n != 2 {
		t.Errorf("%d reports of the unstorable vector, want 2:\n%s", n, buf)
	}
}

type nanEmbedder struct{ *fakeEmbedder }

func (n *nanEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out, err := n.fakeEmbedder.Embed(ctx, texts)
	for i, t := range texts {
		if err == nil && t == "nan" {
			out[i][0] = float32(math.NaN())
		}
	}
	return out, err
}
