package draftfile

import (
	"regexp"
	"strings"
)

// renderBlocks writes the blocks as Markdown: blank lines between blocks,
// none between the items of one list, so a list stays one paragraph as a
// writer would type it.
func renderBlocks(blocks []block) string {
	var b strings.Builder
	for i, bl := range blocks {
		if i > 0 {
			if bl.kind == listBlock && blocks[i-1].kind == listBlock {
				b.WriteString("\n")
			} else {
				b.WriteString("\n\n")
			}
		}
		switch bl.kind {
		case headingBlock:
			b.WriteString(strings.Repeat("#", bl.level) + " " + oneLine(bl.text))
		case listBlock:
			indent := strings.Repeat("  ", bl.level)
			b.WriteString(indent + "- " + strings.ReplaceAll(bl.text, "\n", "\n"+indent+"  "))
		case tableBlock:
			writeTable(&b, bl.rows)
		default:
			b.WriteString(escapeBlockStart(bl.text))
		}
	}
	return b.String()
}

// writeTable writes a pipe table as the HTML converter does; the first
// row is its header, as Word has no other way to say which row heads it.
func writeTable(b *strings.Builder, rows [][]string) {
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	for i, r := range rows {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("|")
		for c := range cols {
			cell := ""
			if c < len(r) {
				cell = strings.ReplaceAll(oneLine(r[c]), "|", `\|`)
			}
			b.WriteString(" " + cell + " |")
		}
		if i == 0 {
			b.WriteString("\n|" + strings.Repeat("---|", cols))
		}
	}
}

// oneLine folds a text's line breaks and tabs into spaces, for headings
// and cells, which Markdown keeps on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// blockStart matches what would turn a paragraph's first characters into
// Markdown syntax: a heading, quote or list marker, or a thematic break.
var blockStart = regexp.MustCompile(`^(#{1,6}(\s|$)|>|[-+*](\s|$)|\d{1,9}[.)](\s|$)|(\*\s*){3,}$|(-\s*){3,}$|(_\s*){3,}$)`)

// escapeBlockStart keeps a Word paragraph that begins like Markdown syntax
// ("# 1 tip", "- not a list") a paragraph.
func escapeBlockStart(s string) string {
	if m := blockStart.FindStringIndex(s); m != nil {
		if s[0] >= '0' && s[0] <= '9' {
			// "1. Done" stays readable: escape the dot, not the digits
			i := strings.IndexAny(s, ".)")
			return s[:i] + `\` + s[i:]
		}
		return `\` + s
	}
	return s
}
