package text

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Normalized is text prepared for analysis, with the map back to the
// writer's original bytes. Engines read Text; anything shown to the writer
// is a span of the original found through Span.
type Normalized struct {
	Text    string
	orig    string
	anchors []anchor // sorted by clean, one per edited position
}

// anchor says that clean offset c stands between original offsets lo and
// hi: the bytes in [lo, hi) were removed there. A span ending at c ends at
// lo; a span starting at c starts at hi.
type anchor struct{ clean, lo, hi int }

// Normalize drops invisible characters and folds digits of every script,
// full-width forms, unusual spaces and line separators to ASCII. A text
// that needs none of it comes back unchanged, without copying.
func Normalize(s string) Normalized {
	i := strings.IndexFunc(s, needsWork)
	if i < 0 {
		return Normalized{Text: s, orig: s}
	}
	n := Normalized{orig: s}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch f, folded := fold(r); {
		case r == utf8.RuneError && w == 1:
			// readers refuse invalid UTF-8; should a byte slip through, it
			// must not join its neighbours into a character after a removal
			n.mark(b.Len(), i, i)
			b.WriteRune(utf8.RuneError)
			n.mark(b.Len(), i+1, i+1)
		case folded:
			n.mark(b.Len(), i, i)
			b.WriteRune(f)
			n.mark(b.Len(), i+w, i+w)
		case Invisible(r):
			n.mark(b.Len(), i, i+w)
		default:
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	n.Text = b.String()
	return n
}

// Clean is Normalize without the offset map.
func Clean(s string) string { return Normalize(s).Text }

func (n *Normalized) mark(clean, lo, hi int) {
	if k := len(n.anchors) - 1; k >= 0 && n.anchors[k].clean == clean {
		n.anchors[k].hi = hi
		return
	}
	n.anchors = append(n.anchors, anchor{clean, lo, hi})
}

// Changed reports whether Text differs from the original.
func (n Normalized) Changed() bool { return len(n.anchors) > 0 }

// Original returns the text that was normalized.
func (n Normalized) Original() string { return n.orig }

// Span maps a byte span of Text to the span of the original text it came
// from; the result always lies within the original and start <= end.
func (n Normalized) Span(start, end int) (int, int) {
	s, e := n.at(start, true), n.at(end, false)
	return s, max(s, e)
}

// Quote returns the original text behind a span of Text.
func (n Normalized) Quote(start, end int) string {
	s, e := n.Span(start, end)
	return n.orig[s:e]
}

func (n Normalized) at(c int, start bool) int {
	c = min(max(c, 0), len(n.Text))
	k := sort.Search(len(n.anchors), func(i int) bool { return n.anchors[i].clean > c }) - 1
	if k < 0 {
		return c
	}
	a := n.anchors[k]
	switch {
	case a.clean == c && start:
		return a.hi
	case a.clean == c:
		return a.lo
	}
	return min(a.hi+c-a.clean, len(n.orig))
}

// Invisible reports whether r is dropped before analysis: format characters
// (zero-width spaces and joiners, soft hyphens, bidi controls, tags, the
// byte-order mark), private-use characters and control characters other
// than tab and line breaks. One such character inside a word would
// otherwise hide the word from every comparison.
func Invisible(r rune) bool {
	switch r {
	case '\t', '\n', '\r':
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r)
}

// fold returns the ASCII form analysis uses for r, when it has one.
func fold(r rune) (rune, bool) {
	if r < 0x80 {
		return r, false
	}
	if v, ok := DigitValue(r); ok {
		return rune('0' + v), true
	}
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
		return r - 0xFEE0, true
	case r == 0x85 || r == 0x2028 || r == 0x2029: // next line, line and paragraph separators
		return '\n', true
	case unicode.Is(unicode.Zs, r):
		return ' ', true
	}
	return r, false
}

func needsWork(r rune) bool {
	if r < 0x80 {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7F
	}
	_, folded := fold(r)
	return folded || Invisible(r) || r == utf8.RuneError
}

// StripInvisible removes only the invisible characters, for text that is
// shown as written (published passages) but must not hide words.
func StripInvisible(s string) string {
	if !strings.ContainsFunc(s, Invisible) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if Invisible(r) {
			return -1
		}
		return r
	}, s)
}
