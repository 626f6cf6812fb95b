package numbers

import (
	"strings"
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
			j := i
			for j < len(s) && (isDigit(s[j]) || (s[j] == ',' && groupOfThree(s, j+1))) {
				j++
			}
			if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
				j++
				for j < len(s) && isDigit(s[j]) {
					j++
				}
			}
			if j+2 < len(s) && s[j] == ':' && isDigit(s[j+1]) && isDigit(s[j+2]) && j-i <= 2 {
				t := token{kind: tokTime, text: s[i : j+3], start: i, end: j + 3}
				t.lower = t.text
				h := atof(s[i:j])
				m := atof(s[j+1 : j+3])
				t.value = h*60 + m
				toks = append(toks, t)
				i = j + 3
				continue
			}
			t := token{kind: tokNumber, text: s[i:j], start: i, end: j}
			t.lower = t.text
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

// groupOfThree reports whether s[i:] starts with exactly three digits (a
// thousands group after a comma).
func groupOfThree(s string, i int) bool {
	if i+3 > len(s) {
		return false
	}
	for k := i; k < i+3; k++ {
		if !isDigit(s[k]) {
			return false
		}
	}
	return i+3 == len(s) || !isDigit(s[i+3])
}

func atof(s string) float64 {
	v, frac, scale, dot := 0.0, 0.0, 1.0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			dot = true
		case isDigit(c) && !dot:
			v = v*10 + float64(c-'0')
		case isDigit(c):
			scale /= 10
			frac += float64(c-'0') * scale
		}
	}
	return v + frac
}
