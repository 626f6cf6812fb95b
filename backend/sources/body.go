package sources

import (
	"strings"
	"unicode/utf8"

	"continuity/backend/corpus"
)

// sourceBody is raw from byte start on, with "\r\n" and "\r" line ends
// as "\n" (what a Markdown parser reads them as).
func sourceBody(raw []byte, start int) body {
	src := string(raw[start:])
	text := strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
	return body{text: text, toBody: func(offs []int) []int { return sourceOffsets(src, start, offs) }}
}

// sourceOffsets maps ascending byte offsets of the file to UTF-16 offsets
// of the normalized body in one pass.
func sourceOffsets(src string, start int, offs []int) []int {
	out := make([]int, len(offs))
	i, u := 0, 0
	for k, o := range offs {
		o -= start
		if o < 0 || o > len(src) {
			out[k] = -1
			continue
		}
		for i < o {
			r, n := utf8.DecodeRuneInString(src[i:])
			switch {
			case r == '\r' && i+1 < len(src) && src[i+1] == '\n':
				// counted with its "\n"
			case r >= 0x10000:
				u += 2
			default:
				u++
			}
			i += n
		}
		out[k] = u
	}
	return out
}

// htmlBody writes an HTML document's headings and paragraphs, as the
// corpus loader read them, as Markdown whose text is escaped so that it
// reads exactly as the page's text.
func htmlBody(doc corpus.Document) body {
	var sb strings.Builder
	type span struct{ srcStart, srcEnd, start, end int }
	spans := make([]span, 0, len(doc.Blocks))
	u := 0
	write := func(s string) {
		sb.WriteString(s)
		u += utf16Len(s)
	}
	for i, b := range doc.Blocks {
		if i > 0 {
			write("\n\n")
		}
		start := u
		if b.Heading {
			write(strings.Repeat("#", min(max(b.Level, 1), 6)) + " ")
		}
		write(escapeMarkdown(b.Text))
		spans = append(spans, span{b.Start, b.End, start, u})
	}
	sb.WriteString("\n")
	return body{format: FormatMarkdown, text: sb.String(), toBody: func(offs []int) []int {
		out := make([]int, len(offs))
		for k, o := range offs {
			out[k] = -1
			for _, s := range spans {
				if s.srcStart == o && out[k] < 0 {
					out[k] = s.start
				}
				if s.srcEnd == o {
					out[k] = s.end
				}
			}
		}
		return out
	}}
}

// escapeMarkdown backslash-escapes every ASCII punctuation character (any
// of them may be escaped in CommonMark) and keeps each line flush left, so
// the text never turns into markup.
func escapeMarkdown(s string) string {
	var sb strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			sb.WriteString("\n")
		}
		for _, r := range strings.TrimSpace(line) {
			if r < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
				sb.WriteByte('\\')
			}
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
