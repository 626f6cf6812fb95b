package numbers

import (
	"strings"

	"continuity/backend/text"
	"unicode"
	"unicode/utf8"
)

// tokKind says what a token is.
type tokKind int

const (
	tokWord tokKind = iota
	tokNumber
	tokTime
	tokSymbol
)

type token struct {
	kind       tokKind
	text       string // as written
	lower      string
	start, end int
	spaceAfter bool // whitespace (not punctuation) separates it from the next token
	value      float64
}

// tokenize splits text into words, numbers, times of day and the
// symbols that matter for quantities ($ € £ % / -). Other punctuation is
// dropped, but it breaks adjacency: a comma between two tokens makes
// spaceAfter false and sets the gap flag on the next token.
func tokenize(s string) []token {
	var toks []token
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsDigit(r):
			// digits of any script count ("２９", "٢٩" are 29); every step
			// advances by the rune's width, so no digit can stall the scan
			j, digits := i, 0
			for j < len(s) {
				if w := digitWidth(s, j); w > 0 {
					j += w
					digits++
					continue
				}
				if s[j] == ',' && groupOfThree(s, j+1) {
					j++
					continue
				}
				break
			}
			if j+1 < len(s) && s[j] == '.' && digitWidth(s, j+1) > 0 {
				j++
				for w := digitWidth(s, j); w > 0; w = digitWidth(s, j) {
					j += w
				}
			}
			if j < len(s) && s[j] == ':' && digits <= 2 {
				if w1 := digitWidth(s, j+1); w1 > 0 {
					if w2 := digitWidth(s, j+1+w1); w2 > 0 {
						end := j + 1 + w1 + w2
						t := token{kind: tokTime, text: s[i:end], start: i, end: end}
						t.lower = text.Clean(t.text)
						t.value = atof(s[i:j])*60 + atof(s[j+1:end])
						toks = append(toks, t)
						i = end
						continue
					}
				}
			}
			if gluedName(s, j) {
				// "18F", "5G": a name written with digits, not 18 of
				// something (K, M, B, T are left to the scale words: "10M", "5K")
				toks = append(toks, token{kind: tokWord, text: s[i : j+1], lower: strings.ToLower(s[i : j+1]), start: i, end: j + 1})
				i = j + 1
				continue
			}
			t := token{kind: tokNumber, text: s[i:j], start: i, end: j}
			t.lower = text.Clean(t.text)
			t.value = atof(strings.ReplaceAll(t.text, ",", ""))
			toks = append(toks, t)
			i = j
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				r2, w2 := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(r2) {
					j += w2
					continue
				}
				if (r2 == '\'' || r2 == '’') && j+w2 < len(s) {
					r3, _ := utf8.DecodeRuneInString(s[j+w2:])
					if unicode.IsLetter(r3) {
						j += w2
						continue
					}
				}
				break
			}
			t := token{kind: tokWord, text: s[i:j], start: i, end: j}
			t.lower = strings.ToLower(strings.ReplaceAll(t.text, "’", "'"))
			toks = append(toks, t)
			i = j
		case r == '$' || r == '€' || r == '£' || r == '%' || r == '/' || r == '-' || r == '–':
			toks = append(toks, token{kind: tokSymbol, text: s[i : i+w], lower: s[i : i+w], start: i, end: i + w})
			i += w
		default:
			i += w
		}
	}
	for k := 0; k+1 < len(toks); k++ {
		gap := s[toks[k].end:toks[k+1].start]
		toks[k].spaceAfter = strings.TrimSpace(gap) == ""
	}
	return toks
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// gluedName: the digits that end at j carry one capital letter, with no
// letter or digit after it.
func gluedName(s string, j int) bool {
	if j >= len(s) || s[j] < 'A' || s[j] > 'Z' || strings.IndexByte("KMBT", s[j]) >= 0 {
		return false
	}
	if j+1 < len(s) {
		r, _ := utf8.DecodeRuneInString(s[j+1:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// digitWidth returns the byte width of the decimal digit (of any script)
// at s[i], or 0 when there is none.
func digitWidth(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	if isDigit(s[i]) {
		return 1
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	if _, ok := text.DigitValue(r); ok {
		return w
	}
	return 0
}

// groupOfThree reports whether s[i:] starts with exactly three digits (a
// thousands group after a comma).
func groupOfThree(s string, i int) bool {
	for k := 0; k < 3; k++ {
		w := digitWidth(s, i)
		if w == 0 {
			return false
		}
		i += w
	}
	return digitWidth(s, i) == 0
}

// atof reads digits of any script with an optional decimal point; other
// characters are ignored.
func atof(s string) float64 {
	v, frac, scale, dot := 0.0, 0.0, 1.0, false
	for _, r := range s {
		d, ok := text.DigitValue(r)
		switch {
		case r == '.':
			dot = true
		case ok && !dot:
			v = v*10 + float64(d)
		case ok:
			scale /= 10
			frac += float64(d) * scale
		}
	}
	return v + frac
}
