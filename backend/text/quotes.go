package text

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// quoteSpan is a quotation, from its opening mark to just after its
// closing one; a sentence never ends strictly inside it.
type quoteSpan struct{ start, end int }

// maxQuoteDepth bounds the marks waiting for a closer; a text of nothing
// but opening marks must not grow the stack without end.
const maxQuoteDepth = 16

// quotations finds the quotations of text. Marks are paired within a
// paragraph (a blank line or a Markdown block ends every open one) and a
// mark that never closes quotes nothing, so one stray or inch mark
// cannot keep the rest of the text from splitting. Straight double quotes
// open at the start of a word and close anywhere else; a lone "’" between
// letters is an apostrophe. Single straight quotes are left alone: they
// are apostrophes far more often than quotation marks.
func quotations(text string) []quoteSpan {
	if !strings.ContainsAny(text, "\"“‘«„") {
		return nil
	}
	type open struct {
		closer rune
		at     int
	}
	var stack []open
	var spans []quoteSpan
	push := func(closer rune, at int) {
		if len(stack) < maxQuoteDepth {
			stack = append(stack, open{closer, at})
		}
	}
	// closes pairs r with the innermost mark it closes, if any is open.
	closes := func(r rune, end int) bool {
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].closer == r {
				spans = append(spans, quoteSpan{stack[k].at, end})
				stack = stack[:k]
				return true
			}
		}
		return false
	}
	prev := ' '
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		next, _ := utf8.DecodeRuneInString(text[i+w:])
		switch r {
		case '\n':
			if blockBreak(text[i+1:]) {
				stack = stack[:0]
			}
		case '"':
			if opensWord(prev) && i+w < len(text) && !unicode.IsSpace(next) {
				push('"', i)
			} else {
				closes('"', i+w)
			}
		case '“': // closes a German „…“, else opens an English “…”
			if !closes('“', i+w) {
				push('”', i)
			}
		case '„':
			push('“', i)
		case '‘':
			push('’', i)
		case '«':
			push('»', i)
		case '”', '»':
			closes(r, i+w)
		case '’':
			if !(unicode.IsLetter(prev) && unicode.IsLetter(next)) {
				closes(r, i+w)
			}
		}
		prev = r
		i += w
	}
	return mergeQuotes(spans)
}

// opensWord reports whether a straight quote after prev starts a word.
func opensWord(prev rune) bool {
	return unicode.IsSpace(prev) || strings.ContainsRune("([{—–-/", prev)
}

// mergeQuotes sorts spans and joins nested and overlapping ones.
func mergeQuotes(spans []quoteSpan) []quoteSpan {
	sort.Slice(spans, func(a, b int) bool { return spans[a].start < spans[b].start })
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && s.start < out[n-1].end {
			out[n-1].end = max(out[n-1].end, s.end)
			continue
		}
		out = append(out, s)
	}
	return out
}

// quoted reports whether offset j lies strictly inside a quotation.
func (sp *splitter) quoted(j int) bool {
	k := sort.Search(len(sp.quotes), func(k int) bool { return sp.quotes[k].start >= j })
	return k > 0 && j < sp.quotes[k-1].end
}
