package text

import (
	"testing"

	"github.com/kljensen/snowball/english"
)

func TestStemMatchesSnowballTwice(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, word string }{
		{"plural", "refunds"},
		{"adverb", "generously"},
		{"gerund", "running"},
		{"noun suffix", "agreement"},
		{"one letter", "x"},
		{"stop word is left alone", "the"},
		{"empty", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := english.Stem(tc.word, false)
			for range 2 { // the second call is served from the memo
				if got := Stem(tc.word); got != want {
					t.Errorf("Stem(%q) = %q, want %q", tc.word, got, want)
				}
			}
		})
	}
}
