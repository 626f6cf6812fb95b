package muddy

import (
	"strings"
)

type blockKind int

const (
	paragraph blockKind = iota
	listItem
	heading
	markup // a table, code, HTML or template block: never linted
)

// block is a run of prose lines: a paragraph or one list item; or a
// heading or markup line, kept as context for the pronoun rule and never
// linted.
type block struct {
	kind       blockKind
	text       string // doc[start:end]
	start, end int
}

// line is one line of the document without its newline.
type line struct {
	text       string
	start, end int
}

func linesOf(doc string) []line {
	var out []line
	for pos := 0; pos <= len(doc); {
		nl := strings.IndexByte(doc[pos:], '\n')
		end := len(doc)
		if nl >= 0 {
			end = pos + nl
		}
		out = append(out, line{text: strings.TrimRight(doc[pos:end], "\r"), start: pos, end: pos + len(strings.TrimRight(doc[pos:end], "\r"))})
		if nl < 0 {
			break
		}
		pos = end + 1
	}
	return out
}

// blocksOf splits Markdown into prose blocks. Front matter, fenced and
// indented code, tables, HTML and template lines ({% … %}) and block
// quotes are dropped, and so is whatever they would have joined.
func blocksOf(doc string) []block {
	ls := linesOf(doc)
	var out []block
	cur := -1 // index in out of the open paragraph or list item
	closeBlock := func() { cur = -1 }
	i := 0
	if len(ls) > 0 && strings.TrimSpace(ls[0].text) == "---" {
		for i = 1; i < len(ls) && strings.TrimSpace(ls[i].text) != "---"; i++ {
		}
		i++
	}
	fence := ""
	for ; i < len(ls); i++ {
		l := ls[i]
		t := strings.TrimSpace(l.text)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
			closeBlock()
			out = appendMarkup(out, l)
		case t == "":
			closeBlock()
		case isHeadingLine(t):
			closeBlock()
			lead := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
			out = append(out, block{kind: heading, text: doc[l.start+lead : l.end], start: l.start + lead, end: l.end})
		case skippedLine(t) || (cur < 0 && strings.HasPrefix(l.text, "    ")) || strings.HasPrefix(l.text, "\t") && cur < 0:
			closeBlock()
			out = appendMarkup(out, l)
		default:
			lead := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
			if m := listMarker(t); m > 0 {
				closeBlock()
				s := l.start + lead + m
				for s < l.end && (doc[s] == ' ' || doc[s] == '\t') {
					s++
				}
				out = append(out, block{kind: listItem, start: s, end: l.end})
				cur = len(out) - 1
				continue
			}
			if cur < 0 {
				out = append(out, block{kind: paragraph, start: l.start + lead, end: l.end})
				cur = len(out) - 1
				continue
			}
			out[cur].end = l.start + len(strings.TrimRight(l.text, " \t"))
		}
	}
	for k := range out {
		out[k].end = max(out[k].start, trimRightEnd(doc, out[k].start, out[k].end))
		out[k].text = doc[out[k].start:out[k].end]
	}
	return out
}

// appendMarkup records a markup line, merging it into a markup block
// just before it.
func appendMarkup(out []block, l line) []block {
	if n := len(out); n > 0 && out[n-1].kind == markup {
		out[n-1].end = l.end
		return out
	}
	return append(out, block{kind: markup, start: l.start, end: l.end})
}

func trimRightEnd(doc string, start, end int) int {
	for end > start && (doc[end-1] == ' ' || doc[end-1] == '\t') {
		end--
	}
	return end
}

func isHeadingLine(t string) bool {
	if !strings.HasPrefix(t, "#") {
		return false
	}
	rest := strings.TrimLeft(t, "#")
	return len(t)-len(rest) <= 6 && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// skippedLine: a line that is markup, not prose.
func skippedLine(t string) bool {
	for _, p := range []string{"|", "<", "{%", "{{", ">", "![", "---", "***", "==="} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// listMarker returns the length of a list marker ("- ", "* ", "12. ")
// at the start of t, or 0.
func listMarker(t string) int {
	if len(t) >= 2 && strings.ContainsRune("-*+", rune(t[0])) && (t[1] == ' ' || t[1] == '\t') {
		return 2
	}
	n := 0
	for n < len(t) && n < 9 && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && (t[n+1] == ' ' || t[n+1] == '\t') {
		return n + 2
	}
	return 0
}
