package text

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// checkPieces asserts what every caller relies on: pieces are in order,
// never overlap or come out empty, are trimmed, are the exact input
// between their byte offsets, stay within the sentence bounds, and cut
// no character of valid input.
func checkPieces(t *testing.T, in string, pieces []Span) {
	t.Helper()
	end := 0
	for i, p := range pieces {
		switch {
		case p.Start < end || p.End <= p.Start || p.End > len(in):
			t.Fatalf("piece %d %+v out of order or empty after offset %d in %q", i, p, end, in)
		case in[p.Start:p.End] != p.Text:
			t.Fatalf("piece %d %+v is not the input between its offsets %q", i, p, in[p.Start:p.End])
		case strings.TrimFunc(p.Text, unicode.IsSpace) != p.Text:
			t.Fatalf("piece %d %q is not trimmed", i, p.Text)
		case len(p.Text) > MaxSentenceBytes || len(strings.Fields(p.Text)) > MaxSentenceWords:
			t.Fatalf("piece %d has %d bytes and %d words, over the bounds", i, len(p.Text), len(strings.Fields(p.Text)))
		case utf8.ValidString(in) && !utf8.ValidString(p.Text):
			t.Fatalf("piece %d %q cuts a character", i, p.Text)
		}
		end = p.End
	}
}

// checkCoverage asserts that only whitespace lies outside the pieces.
func checkCoverage(t *testing.T, in string, pieces []Span) {
	t.Helper()
	at := 0
	for _, p := range append(slices.Clone(pieces), Span{Start: len(in), End: len(in)}) {
		if gap := in[at:p.Start]; strings.TrimLeftFunc(gap, unicode.IsSpace) != "" {
			t.Fatalf("%q between offsets %d and %d of %q is in no piece", gap, at, p.Start, in)
		}
		at = p.End
	}
}

func FuzzSplitSentences(f *testing.F) {
	for _, s := range []string{
		"", "A. B", "e.g. this? yes!\n\nno", "…。", "v1.2.3 works.",
		"The meeting starts at 8 a.m. and ends at 5 p.m. Bring a laptop.",
		"Python 3.12.1 was released. It is faster.",
		"Mail help@example.org. We reply.",
		"See https://example.com/a.b?c=d. Then log in.",
		`He said "Stop. Now." Then he left.`, "„Halt. Jetzt.“ Gut.", "‘It’s late.’ Go.",
		"Plans:\n- Team\n| a | b |\n|---|\n# H\n1. x\n\n", "It ends.\u00a0Then.", "a\u00a0Dr. B", "\xff. \xfe",
		strings.Repeat("word, ", 900), strings.Repeat("ü", 5000),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		all := SplitSentencesAll(s)
		checkPieces(t, s, all)
		checkCoverage(t, s, all)
		var lettered []Span
		for _, p := range all {
			if hasLetterOrDigit(p.Text) {
				lettered = append(lettered, p)
			}
		}
		if got := SplitSentences(s); !slices.Equal(got, lettered) {
			t.Fatalf("SplitSentences(%q) = %+v, want the lettered pieces of SplitSentencesAll %+v", s, got, lettered)
		}
	})
}
