package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is a piece of a larger text with its byte offsets in it.
type Span struct {
	Text       string
	Start, End int
}

var abbreviations = map[string]bool{"e.g": true, "i.e": true, "etc": true, "vs": true, "mr": true,
	"mrs": true, "ms": true, "dr": true, "inc": true, "no": true, "approx": true, "st": true, "jr": true, "u.s": true}

// SplitSentences splits text into sentences. A line that starts a list
// item or table row always starts a new sentence, so Markdown lists and
// tables in the corpus align row by row.
func SplitSentences(text string) []Span {
	var out []Span
	add := func(a, b int) {
		n := len(out)
		out = appendPiece(out, text, a, b)
		if len(out) > n && overlong(out[n].Text) {
			s := out[n]
			out = append(out[:n], splitLong(text, s.Start, s.End)...)
		}
	}
	start := 0
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if r == '\n' {
			rest := strings.TrimLeft(text[i+1:], " \t")
			if rest == "" || rest[0] == '\n' || rest[0] == '\r' || strings.HasPrefix(rest, "- ") || strings.HasPrefix(rest, "* ") || strings.HasPrefix(rest, "|") ||
				strings.HasPrefix(rest, "#") || startsNumberedItem(rest) || strings.HasPrefix(strings.TrimSpace(text[start:i]), "|") {
				add(start, i)
				start = i + 1
			}
		}
		if r == '.' || r == '!' || r == '?' {
			j := i + w
			for j < len(text) && strings.ContainsRune("\"'”’)*_]", rune(text[j])) {
				j++
			}
			if j >= len(text) {
				i = j
				continue
			}
			nr, _ := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(nr) && (r != '.' || !isAbbreviation(text[start:i])) {
				k := j
				for k < len(text) && unicode.IsSpace(rune(text[k])) {
					k++
				}
				if k >= len(text) || startsSentence(text[k:]) {
					add(start, j)
					start = j
				}
			}
			i = j
			continue
		}
		i += w
	}
	add(start, len(text))
	return out
}

func startsNumberedItem(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' '
}

// isAbbreviation reads only the last word before the period: reading
// the whole sentence at every period made a long one quadratic.
func isAbbreviation(before string) bool {
	last := lastField(before)
	if last == "" {
		return false
	}
	w := strings.ToLower(strings.Trim(last, "(\"'"))
	if abbreviations[w] {
		return true
	}
	return utf8.RuneCountInString(w) == 1 && unicode.IsUpper([]rune(last)[0]) // initials
}

// lastField is the last element of strings.Fields(s), or "".
func lastField(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	return s[strings.LastIndexFunc(s, unicode.IsSpace)+1:]
}

func startsSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("\"'“‘*_[(-$#|", r)
}
