package claims

import (
	"maps"
	"slices"
	"testing"
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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DecideProbs(c.p, c.conflict, c.supportable, 0.625); got != c.want {
				t.Fatalf("%v: %s, want %s", c.p, got, c.want)
			}
		})
	}
}
