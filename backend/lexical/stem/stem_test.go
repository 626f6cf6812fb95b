package stem

import (
	"testing"

	"github.com/kljensen/snowball/english"
)

func TestEnglishMatchesSnowballTwice(t *testing.T) {
	t.Parallel()
	for _, w := range []string{"refunds", "generously", "running", "agreement", "x"} {
		want := english.Stem(w, false)
		for range 2 { // the second call is served from the memo
			if got := English(w); got != want {
				t.Errorf("English(%q) = %q, want %q", w, got, want)
			}
		}
	}
}
