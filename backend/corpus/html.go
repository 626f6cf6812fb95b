package corpus

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// skipTags never hold visible text.
var skipTags = map[string]bool{"script": true, "style": true, "noscript": true, "template": true, "svg": true, "head": true, "iframe": true, "object": true}

// blockTags end the current paragraph when they open or close.
var blockTags = map[string]bool{"p": true, "div": true, "li": true, "ul": true, "ol": true, "table": true, "tr": true, "td": true, "th": true,
	"pre": true, "blockquote": true, "section": true, "article": true, "header": true, "footer": true, "main": true, "nav": true,
	"br": true, "hr": true, "dd": true, "dt": true, "dl": true, "figure": true, "figcaption": true, "aside": true, "body": true, "h1": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

var voidTags = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
	"link": true, "meta": true, "source": true, "track": true, "wbr": true}

// hiddenByAttr reports elements a browser would not show.
func hiddenByAttr(z *html.Tokenizer, hasAttr bool) bool {
	for hasAttr {
		k, v, more := z.TagAttr()
		key, val := string(k), strings.ToLower(strings.ReplaceAll(string(v), " ", ""))
		if key == "hidden" || (key == "aria-hidden" && val == "true") ||
			(key == "style" && (strings.Contains(val, "display:none") || strings.Contains(val, "visibility:hidden"))) {
			return true
		}
		hasAttr = more
	}
	return false
}

// parseHTML keeps an HTML page's visible text with its headings and title.
func parseHTML(doc *Document, raw []byte) {
	doc.Blocks, doc.Title = htmlBlocks(raw)
}

// htmlBlocks reads the visible text of raw as headings, paragraphs and
// tables (one row a line, table.go), tracking byte offsets through the
// tokenizer's raw token lengths, and the page's title.
func htmlBlocks(raw []byte) ([]Block, string) {
	z := html.NewTokenizer(bytes.NewReader(raw))
	var (
		blocks     []Block
		path       []string
		levels     []int
		buf        strings.Builder
		start, end = -1, 0
		heading    = 0
		skipDepth  = 0
		skipTag    string
		inTitle    bool
		title      strings.Builder
		pos        int
		table      *htmlTable // the outermost open table
		tableDepth int
	)
	flush := func() {
		text := strings.Join(strings.Fields(stripInvisible(buf.String())), " ")
		buf.Reset()
		if text == "" || start < 0 {
			start = -1
			return
		}
		if heading > 0 {
			for len(levels) > 0 && levels[len(levels)-1] >= heading {
				levels, path = levels[:len(levels)-1], path[:len(path)-1]
			}
			blocks = append(blocks, Block{Heading: true, Level: heading, Text: text, HeadingPath: append([]string(nil), path...), Start: start, End: end})
			levels, path = append(levels, heading), append(path, text)
		} else {
			blocks = append(blocks, Block{Text: text, HeadingPath: append([]string(nil), path...), Start: start, End: end})
		}
		start = -1
	}
	endTable := func() {
		if b, ok := table.block(path); ok {
			blocks = append(blocks, b)
		}
		table, tableDepth = nil, 0
	}
	for {
		tt := z.Next()
		rawLen := len(z.Raw())
		tokStart := pos
		pos += rawLen
		if tt == html.ErrorToken {
			break
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			if skipDepth > 0 {
				if tag == skipTag && tt == html.StartTagToken {
					skipDepth++
				}
				continue
			}
			if tag == "title" {
				inTitle = tt == html.StartTagToken
				continue
			}
			if tt == html.StartTagToken && !voidTags[tag] && (skipTags[tag] || hiddenByAttr(z, hasAttr)) {
				if tag == "head" {
					// The head's only visible text is its title; keep scanning for it.
					continue
				}
				skipDepth, skipTag = 1, tag
				continue
			}
			switch {
			case tag == "table" && tt == html.StartTagToken:
				if tableDepth == 0 {
					flush()
					heading = 0
					table = newHTMLTable()
				}
				tableDepth++
			case table != nil && tableDepth == 1 && tag == "tr":
				table.startRow()
			case table != nil && tableDepth == 1 && (tag == "td" || tag == "th"):
				table.startCell(tag == "th")
			case table != nil && blockTags[tag]:
				table.write(" ", tokStart, tokStart) // <br>, <p> or a nested table's cells inside a cell
			case blockTags[tag]:
				flush()
				if len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' {
					heading = int(tag[1] - '0')
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if skipDepth > 0 {
				if tag == skipTag {
					skipDepth--
				}
				continue
			}
			if tag == "title" {
				inTitle = false
				continue
			}
			switch {
			case table != nil && tag == "table":
				if tableDepth--; tableDepth == 0 {
					endTable()
				}
			case table != nil && tableDepth == 1 && tag == "tr":
				table.endRow()
			case table != nil && tableDepth == 1 && (tag == "td" || tag == "th"):
				table.endCell()
			case table != nil && blockTags[tag]:
				table.write(" ", tokStart, tokStart)
			case blockTags[tag]:
				flush()
				heading = 0
			}
		case html.TextToken:
			if skipDepth > 0 {
				continue
			}
			if inTitle {
				title.Write(z.Text())
				continue
			}
			t := string(z.Text())
			if table != nil {
				table.write(t, tokStart, tokStart+rawLen)
				continue
			}
			if strings.TrimSpace(t) == "" {
				buf.WriteString(" ")
				continue
			}
			if start < 0 {
				start = tokStart
			}
			end = tokStart + rawLen
			buf.WriteString(t)
		}
	}
	if table != nil {
		endTable()
	}
	flush()
	return blocks, strings.Join(strings.Fields(title.String()), " ")
}
