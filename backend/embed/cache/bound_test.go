package cache

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// names expands "a1-4" style sets used by the bound cases.
func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i+1)
	}
	return out
}

func TestBoundEvictsLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	type step struct {
		after time.Duration // clock advance before the call
		texts []string
	}
	a, b, cc := names("a", 4), names("b", 4), names("c", 4)
	many := names("t", 12)
	// dim 4: 16 bytes a vector, so MaxBytes 150 holds nine and eviction
	// stops at 135 bytes (eight).
	cases := []struct {
		name          string
		steps         []step
		kept, evicted []string
	}{
		{"recently hit rows outlive older writes",
			[]step{{0, a}, {2 * time.Minute, b}, {2 * time.Minute, a}, {2 * time.Minute, cc}},
			slices.Concat(a, cc), b},
		{"under the bound nothing is evicted",
			[]step{{0, a}, {2 * time.Minute, b}},
			slices.Concat(a, b), nil},
		{"one call over the bound keeps its last rows",
			[]step{{0, many}},
			many[4:], many[:4]},
		{"a hit within the stamp resolution does not reorder",
			[]step{{0, a}, {10 * time.Second, b}, {10 * time.Second, a}, {2 * time.Minute, cc}},
			slices.Concat(b, cc), a},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			log, buf := newLog()
			c := openTest(t, Options{MaxBytes: 150, Log: log})
			k := useClock(c, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
			f := newFake("fake", "m1")
			f.dim = 4
			e := c.Wrap(f)
			for i, s := range tc.steps {
				k.advance(s.after)
				mustEmbed(t, e, f, s.texts)
				kept, real := storedBytes(t, c)
				if kept != real || kept > 150 {
					t.Fatalf("after step %d: total kept as %d, rows hold %d, bound 150", i, kept, real)
				}
			}
			if evictions := buf.count("evicted least recently used"); (evictions > 0) != (len(tc.evicted) > 0) {
				t.Errorf("%d eviction log lines, evicted set %q:\n%s", evictions, tc.evicted, buf)
			}

			k.advance(2 * time.Minute)
			probe := newFake("fake", "m1")
			probe.dim = 4
			pe := c.Wrap(probe)
			mustEmbed(t, pe, probe, tc.kept)
			if calls := probe.Calls(); len(calls) != 0 {
				t.Errorf("rows that should be kept were recomputed: %q", calls)
			}
			if len(tc.evicted) == 0 {
				return
			}
			mustEmbed(t, pe, probe, tc.evicted)
			if calls := probe.Calls(); len(calls) != 1 || !slices.Equal(calls[0], tc.evicted) {
				t.Errorf("recomputed %q, want exactly the evicted %s", calls, strings.Join(tc.evicted, ","))
			}
		})
	}
}
