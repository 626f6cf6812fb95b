package claims

import (
	"strings"
	"unicode"

	"continuity/backend/text"
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
type Span = text.Span

// SplitSentences splits text into sentences (text.SplitSentences: the
// corpus index splits published text the same way, so a draft's sentence
// and the sentence vectors stored at index time line up).
func SplitSentences(s string) []Span { return text.SplitSentences(s) }

// Sentence bounds; see text.MaxSentenceWords.
const (
	MaxSentenceWords = text.MaxSentenceWords
	MaxSentenceBytes = text.MaxSentenceBytes
)
