package main

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// markup is what handbook-dev's raw evidence strings carry and the
// indexed, cleaned chunk text does not: link targets and shortcode
// delimiters. Their words would dilute the overlap with a quote.
var markup = regexp.MustCompile(`\]\([^)]*\)|\{%|%\}|<[^>]+>`)

// words are the lower-cased letter-and-digit runs of s.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(markup.ReplaceAllString(s, " ")), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out[w] = true
	}
	return out
}

// sameSentence says whether a quote and a gold evidence string are (mostly)
// the same text: the quote is a sentence of a cleaned chunk and the gold a
// raw span of one to three sentences, so neither need contain the other
// byte for byte. Most of the shorter side's words must be in the longer
// one, and at least three, so "Yes." matches nothing.
func sameSentence(quote, gold string) bool {
	q, g := words(quote), words(gold)
	small, big := q, g
	if len(small) > len(big) {
		small, big = big, small
	}
	shared := 0
	for w := range small {
		if big[w] {
			shared++
		}
	}
	return shared >= 3 && float64(shared) >= 0.6*float64(len(small))
}

// folded is text with runs of white space collapsed to one space, case
// folded and typographic quotes and dashes made ASCII, with the offset in
// the original of every folded byte, so a match found in the folded text
// maps back to a span of the original.
type folded struct {
	text string
	pos  []int // pos[i] is the original offset of text[i]; pos[len(text)] the end
}

func fold(s string) folded {
	var b strings.Builder
	var pos []int
	space := false
	for i, r := range s {
		switch {
		case unicode.IsSpace(r):
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
				pos = append(pos, i)
			}
			space = true
			continue
		case r == '‘' || r == '’':
			r = '\''
		case r == '“' || r == '”':
			r = '"'
		case r == '–' || r == '—':
			r = '-'
		}
		space = false
		r = unicode.ToLower(r)
		n := b.Len()
		b.WriteRune(r)
		for range b.Len() - n {
			pos = append(pos, i)
		}
	}
	pos = append(pos, len(s))
	return folded{text: b.String(), pos: pos}
}

// locate finds claim in draft: verbatim, else after folding space, case,
// quotes and dashes. how is "exact" or "folded"; ok is false when neither
// finds it.
func locate(draft, claim string) (start, end int, how string, ok bool) {
	claim = strings.TrimSpace(claim)
	if i := strings.Index(draft, claim); i >= 0 {
		return i, i + len(claim), "exact", true
	}
	d, c := fold(draft), fold(claim).text
	i := strings.Index(d.text, c)
	if i < 0 || c == "" {
		return 0, 0, "", false
	}
	// The end is just past the original rune behind the last folded byte.
	last := d.pos[i+len(c)-1]
	_, w := utf8.DecodeRuneInString(draft[last:])
	return d.pos[i], last + w, "folded", true
}
