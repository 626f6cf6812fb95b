package corpus

import "strings"

// HTML inside Markdown. A paragraph that opens with a block-level tag is
// raw HTML (a CommonMark HTML block, which ends at a blank line): its
// visible text is read as an HTML page's is, so tags and attributes never
// reach the index and its tables become rows like any other table.

// htmlBlockTags open a CommonMark HTML block (its kind 6 start condition).
var htmlBlockTags = map[string]bool{"address": true, "article": true, "aside": true, "blockquote": true, "caption": true,
	"center": true, "details": true, "dialog": true, "dd": true, "div": true, "dl": true, "dt": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true, "h1": true, "h2": true, "h3": true, "h4": true,
	"h5": true, "h6": true, "header": true, "hr": true, "li": true, "main": true, "nav": true, "ol": true, "p": true,
	"section": true, "summary": true, "table": true, "tbody": true, "td": true, "tfoot": true, "th": true, "thead": true,
	"tr": true, "ul": true}

// htmlBlockStart reports whether a paragraph's first line opens an HTML block.
func htmlBlockStart(line string) bool {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 || !strings.HasPrefix(s, "<") {
		return false
	}
	s = strings.TrimPrefix(s[1:], "/")
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	if n == 0 || !htmlBlockTags[strings.ToLower(s[:n])] {
		return false
	}
	rest := s[n:]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '>' || strings.HasPrefix(rest, "/>")
}

// htmlFragment reads the HTML block raw, found at byte base of the file,
// as paragraphs and tables under the Markdown headings path. Its own
// headings are kept as paragraphs: the Markdown outline stays the page's.
func htmlFragment(raw []byte, base int, path []string) []Block {
	blocks, _ := htmlBlocks(raw)
	out := blocks[:0]
	for _, b := range blocks {
		// Markdown is not read inside HTML, but writers put it there anyway.
		if b.Text = cleanInline(b.Text); b.Text == "" {
			continue
		}
		b.Heading, b.Level = false, 0
		b.HeadingPath = append([]string(nil), path...)
		b.Start, b.End = b.Start+base, b.End+base
		out = append(out, b)
	}
	return out
}
