package glove

import (
	"slices"
	"testing"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       []string
	}{
		{"lower-cases and drops punctuation", "The Cat, sat.", []string{"the", "cat", "sat"}},
		{"negation expanded", "It doesn't ship", []string{"it", "does", "not", "ship"}},
		{"Treebank stems", "can't won't", []string{"can", "not", "will", "not"}},
		{"typographic apostrophe", "we’re here", []string{"we", "are", "here"}},
		{"possessive dropped", "the user's key", []string{"the", "user", "key"}},
		{"other clitics", "I'm sure they'll say we'd have", []string{"i", "am", "sure", "they", "will", "say", "we", "would", "have"}},
		{"inner apostrophe split", "five o'clock", []string{"five", "o", "clock"}},
		{"hyphenated word kept", "a long-term plan", []string{"a", "long-term", "plan"}},
		{"dangling hyphen and quote", "pre- 'quoted' -x", []string{"pre", "quoted", "x"}},
		{"digits kept with letters", "H1N1 in 2024", []string{"h1n1", "in", "2024"}},
		{"non-ASCII letters", "Café naïve", []string{"café", "naïve"}},
		{"empty", " ... ", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Tokens(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Tokens(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

func TestRowsSplitsUnknownHyphenated(t *testing.T) {
	t.Parallel()
	m, err := Decode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	// "long-term" is a row; "cat-kitten" is not, so its parts are used.
	got := m.rows("long-term cat-kitten dog", nil)
	if want := []int32{4, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("rows = %v, want %v", got, want)
	}
}
