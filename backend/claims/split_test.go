package claims_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"continuity/backend/claims"
)

// Overlong sentences are split at clause, then list, then word
// boundaries into pieces within the bounds; spans stay verbatim and
// ordinary sentences are untouched.
func TestSplitSentencesBoundsLength(t *testing.T) {
	t.Parallel()
	item := func(i int) string { return fmt.Sprintf("Item %d costs $%d", i, i+2) }
	cases := []struct {
		name   string
		text   string
		pieces int    // 0: more than one, any number
		ending string // every piece but the last ends with this
	}{
		{"prose is not cut", "Tallyhub Go launched on October 1, 2025, and it keeps every receipt. It is free.", 2, ""},
		{"comma list cut after a comma", list(3000, ", ", item), 0, ","},
		{"semicolon list cut after a semicolon", list(3000, "; ", item), 0, ";"},
		{"no separators cut between words", strings.Repeat("word ", 3000), 0, "word"},
		{"one endless word cut at a rune", strings.Repeat("ü", 10000), 0, "ü"},
		{"the word bound applies to short words", strings.Repeat("a ", 1000), 3, "a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := claims.SplitSentences(c.text)
			if c.pieces > 0 && len(got) != c.pieces || c.pieces == 0 && len(got) < 2 {
				t.Fatalf("%d pieces, want %d", len(got), c.pieces)
			}
			end := 0
			for i, s := range got {
				if s.Start < end || c.text[s.Start:s.End] != s.Text || !utf8.ValidString(s.Text) {
					t.Fatalf("piece %d %+v is not a verbatim span after %d", i, s, end)
				}
				end = s.End
				if len(s.Text) > claims.MaxSentenceBytes || len(strings.Fields(s.Text)) > claims.MaxSentenceWords {
					t.Fatalf("piece %d has %d bytes, %d words", i, len(s.Text), len(strings.Fields(s.Text)))
				}
				if i < len(got)-1 && c.ending != "" && !strings.HasSuffix(s.Text, c.ending) {
					t.Fatalf("piece %d ends %q, want %q", i, s.Text[max(0, len(s.Text)-20):], c.ending)
				}
			}
			if gap := strings.TrimSpace(c.text[end:]); gap != "" && c.pieces == 0 {
				t.Fatalf("text after the last piece: %q", gap)
			}
		})
	}
}

// A sentence ending in a non-ASCII letter keeps all of it: trimming
// spaces byte by byte took the last byte of "à" (0xA0, a no-break space
// as a rune) and left invalid UTF-8.
func TestSplitSentencesTrimsWholeRunes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, text, want string }{
		{"a grave", "Das Angebot gilt bis voilà", "Das Angebot gilt bis voilà"},
		{"ring above", "Å", "Å"},
		{"no-break space", "Prices rise in May\u00a0", "Prices rise in May"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := claims.SplitSentences(c.text)
			if len(got) != 1 || got[0].Text != c.want {
				t.Fatalf("got %+v, want one sentence %q", got, c.want)
			}
		})
	}
}
