package claims

import (
	"maps"
	"slices"
	"testing"

	"continuity/backend/claims/numbers"
)

func TestNameRoles(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, surface string
		want               []string
	}{
		{"preposition and next word", "Submit your expense reports in Expensify within 30 days.", "Expensify", []string{"<in", ">within"}},
		{"articles and possessives are skipped", "File them in your Ramp account.", "Ramp", []string{"<in", ">account"}},
		{"a name before it gives no role", "Book it in Google Calendar today.", "Calendar", []string{">today"}},
		{"absent name", "Nothing here.", "Ramp", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := slices.Sorted(maps.Keys(nameRoles(c.src, c.surface)))
			if !slices.Equal(got, c.want) {
				t.Fatalf("roles %v, want %v", got, c.want)
			}
		})
	}
}

func TestDecideProbsNeverSupportsWhatIsLikelierContradicted(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		p           []float64
		conflict    bool
		supportable bool
		want        Verdict
	}{
		{"contradicted above the threshold", []float64{0.2, 0.7, 0.1}, true, true, Contradicted},
		{"likelier contradicted below the threshold abstains", []float64{0.21, 0.62, 0.17}, true, true, NotCovered},
		{"supported when it is the likeliest", []float64{0.6, 0.3, 0.1}, true, true, Supported},
		{"not supportable", []float64{0.6, 0.3, 0.1}, false, false, NotCovered},
		{"likelier contradicted without a cue abstains too", []float64{0.37, 0.52, 0.11}, false, true, NotCovered},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DecideProbs(c.p, c.conflict, c.supportable, 0.625); got != c.want {
				t.Fatalf("%v: %s, want %s", c.p, got, c.want)
			}
		})
	}
}

// A unit with every word and figure of the claim, on which no cue fires,
// outweighs a conflicting unit that aligns clearly worse.
func TestStatedVerbatim(t *testing.T) {
	t.Parallel()
	unit := func(exact, score float64, matched int, cued bool) *candidate {
		cd := &candidate{score: score}
		cd.al.exact = exact
		cd.nMatched = matched
		if cued {
			cd.cues = []conflict{{kind: cueSubstitution}}
		}
		return cd
	}
	cases := []struct {
		name              string
		support, conflict *candidate
		qty               int
		want              bool
	}{
		{"word for word, conflict elsewhere", unit(1, 1, 0, false), unit(0.6, 0.3, 0, true), 0, true},
		{"the conflict aligns as well", unit(1, 1, 0, false), unit(0.9, 0.95, 0, true), 0, false},
		{"a word missing", unit(0.8, 1, 0, false), unit(0.6, 0.3, 0, true), 0, false},
		{"a figure not stated", unit(1, 1, 0, false), unit(0.6, 0.3, 0, true), 1, false},
		{"no conflict", unit(1, 1, 0, false), nil, 0, false},
		{"no support", nil, unit(0.6, 0.3, 0, true), 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			as := &assessment{support: c.support, conflict: c.conflict}
			as.ca.qty = make([]numbers.Quantity, c.qty)
			if got := statedVerbatim(as); got != c.want {
				t.Fatalf("statedVerbatim = %v, want %v", got, c.want)
			}
		})
	}
}
