package changed

import (
	"strings"

	"continuity/backend/claims"
	"continuity/backend/corpus"
)

// Paragraph is one new or edited paragraph of a changed page, or a
// heading of it that states a fact, located in the page's new file.
type Paragraph struct {
	StartLine int `json:"start_line"` // 1-based, inclusive
	EndLine   int `json:"end_line"`
	// Start and End are byte offsets in the new file.
	Start int `json:"-"`
	End   int `json:"-"`
	// Text is what is checked: the paragraph's Markdown source, or its
	// visible text for an HTML page (after "## " for a heading).
	Text string `json:"-"`
}

// paragraphKey is what must stay the same for a paragraph to count as
// unchanged: its visible words, whatever the line wrapping.
func paragraphKey(b corpus.Block) string { return strings.Join(strings.Fields(b.Text), " ") }

// checked reports whether a block is checked: every paragraph, and a
// heading that states a fact ("## Full refunds within 45 days"; see
// claims.HeadingStatesFact). Other headings hold no claim of their own.
func checked(b corpus.Block) bool { return !b.Heading || claims.HeadingStatesFact(b.Text) }

// changedBlocks returns the checked blocks of newBlocks that oldBlocks
// lacks. Blocks are matched by normalized text as a multiset, so moving a
// paragraph is no edit, and a paragraph repeated once more than before
// counts once as new.
func changedBlocks(oldBlocks, newBlocks []corpus.Block) []corpus.Block {
	left := map[string]int{}
	for _, b := range oldBlocks {
		if checked(b) {
			left[blockKey(b)]++
		}
	}
	var out []corpus.Block
	for _, b := range newBlocks {
		if !checked(b) {
			continue
		}
		k := blockKey(b)
		if left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, b)
	}
	return out
}

// blockKey tells a heading from a paragraph of the same words.
func blockKey(b corpus.Block) string {
	if b.Heading {
		return "#\x00" + paragraphKey(b)
	}
	return paragraphKey(b)
}

// paragraphCount is how many non-heading blocks there are.
func paragraphCount(bs []corpus.Block) int {
	n := 0
	for _, b := range bs {
		if !b.Heading {
			n++
		}
	}
	return n
}

// lineOf is the 1-based line of byte offset off in raw.
func lineOf(raw string, off int) int {
	off = min(max(off, 0), len(raw))
	return strings.Count(raw[:off], "\n") + 1
}

// toParagraphs locates changed blocks in the new file and picks the text
// to check.
func toParagraphs(raw, kind string, bs []corpus.Block) []Paragraph {
	out := make([]Paragraph, 0, len(bs))
	for _, b := range bs {
		p := Paragraph{Start: b.Start, End: b.End, StartLine: lineOf(raw, b.Start), EndLine: lineOf(raw, b.End), Text: b.Text}
		switch {
		case kind == "md" && b.Start >= 0 && b.Start <= b.End && b.End <= len(raw):
			p.Text = raw[b.Start:b.End]
		case b.Heading:
			// an HTML heading's visible text, marked as the heading it is
			p.Text = strings.Repeat("#", min(max(b.Level, 1), 6)) + " " + b.Text
		}
		out = append(out, p)
	}
	return out
}
