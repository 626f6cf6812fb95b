package numbers

import (
	"math"
	"testing"
)

func TestFractionsOfSomethingArePercentages(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		value float64 // the percentage; 0: no quantity
		bound Bound
	}{
		{"a tenth of, bounded", "spend no more than a tenth of their time", 10, AtMost},
		{"half of", "half of the seats are reserved", 50, Exact},
		{"two thirds of", "two thirds of users sign in with SSO", 200.0 / 3, Exact},
		{"a quarter of", "about a quarter of the budget", 25, Exact},
		{"a quarter alone is a period", "reports are due once a quarter", 0, Exact},
		{"an ordinal is no share", "we will open a third region", 0, Exact},
		{"a bare third of is no share", "the third of May", 0, Exact},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Extract(c.in)
			if c.value == 0 {
				for _, q := range got {
					if q.Kind == Percent {
						t.Fatalf("Extract(%q) = %+v, want no share", c.in, got)
					}
				}
				return
			}
			if len(got) != 1 || got[0].Kind != Percent || math.Abs(got[0].Value-c.value) > 1e-9 || got[0].Bound != c.bound {
				t.Fatalf("Extract(%q) = %+v, want %v%% bound %v", c.in, got, c.value, c.bound)
			}
		})
	}
}
