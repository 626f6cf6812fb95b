package claims

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Paragraph is a block of the draft; Index is 0-based in the input, a
// heading line counts as its own paragraph.
type Paragraph struct {
	Index   int
	Text    string
	Start   int // byte offset in the draft
	Heading bool
}

// SplitParagraphs splits text on blank lines; each Markdown heading line
// is a paragraph of its own.
func SplitParagraphs(text string) []Paragraph {
	var out []Paragraph
	start, end := -1, -1
	flush := func() {
		if start >= 0 {
			out = append(out, Paragraph{Index: len(out), Text: text[start:end], Start: start})
		}
		start, end = -1, -1
	}
	for pos := 0; pos < len(text); {
		nl := strings.IndexByte(text[pos:], '\n')
		lineEnd := len(text)
		next := len(text)
		if nl >= 0 {
			lineEnd, next = pos+nl, pos+nl+1
		}
		line := strings.TrimRight(text[pos:lineEnd], "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush()
		case isHeading(trimmed):
			flush()
			// the offset trims what the text trims: a leading "\r" too
			lead := len(line) - len(strings.TrimLeftFunc(line, unicode.IsSpace))
			out = append(out, Paragraph{Index: len(out), Text: trimmed, Start: pos + lead, Heading: true})
		default:
			if start < 0 {
				start = pos + (len(line) - len(strings.TrimLeft(line, " \t")))
			}
			end = pos + len(strings.TrimRight(line, " \t"))
		}
		pos = next
	}
	flush()
	return out
}

func isHeading(line string) bool {
	if !strings.HasPrefix(line, "#") {
		return false
	}
	t := strings.TrimLeft(line, "#")
	return len(line)-len(t) <= 6 && (t == "" || t[0] == ' ' || t[0] == '\t')
}

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
