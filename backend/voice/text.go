package voice

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"continuity/backend/text"
)

// draft is the text every rule reads. Masked has the same byte length as
// Text with code, URLs and e-mail addresses blanked, so rules never flag
// them and offsets found in Masked slice Text directly.
type draft struct {
	Text      string
	Masked    string
	Folded    string // Masked with A-Z lowered, for wordPattern's twin; "" when that would not be exact
	Sentences []span // trimmed of Markdown block markers
	Blocks    []span // paragraphs, headings, list items, table rows
}

type span struct{ Start, End int }

var (
	fencedCode  = regexp.MustCompile("(?ms)^[ \t]*(```|~~~).*?(^[ \t]*(```|~~~)[ \t]*$|\\z)")
	inlineCode  = regexp.MustCompile("`[^`\n]+`")
	urlPattern  = regexp.MustCompile(`(?i)\b(?:https?|ftp)://[^\s<>()\[\]]+`)
	emailRe     = regexp.MustCompile(`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`)
	frontMatter = regexp.MustCompile(`(?s)\A---\r?\n.*?\r?\n---[ \t]*(\r?\n|\z)`)
	blockMarker = regexp.MustCompile(`^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]?|\|)`)
	wordRe      = regexp.MustCompile(`[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*`)
)

func newDraft(src string) *draft {
	// Sentences are split with code blanked but URLs and addresses kept:
	// the shared splitter never cuts inside them, and blanking a URL that
	// ends a sentence would take the sentence's period with it.
	prose := []byte(src)
	for _, re := range []*regexp.Regexp{frontMatter, fencedCode, inlineCode} {
		blankAll(prose, re)
	}
	m := bytes.Clone(prose)
	for _, re := range []*regexp.Regexp{urlPattern, emailRe} {
		blankAll(m, re)
	}
	d := &draft{Text: src, Masked: string(m)}
	d.Folded = foldDraft(d.Masked)
	d.Blocks = splitBlocks(d.Masked)
	ps := string(prose)
	for _, b := range d.Blocks {
		d.Sentences = append(d.Sentences, splitSentences(ps, b)...)
	}
	return d
}

func blankAll(b []byte, re *regexp.Regexp) {
	for _, loc := range re.FindAllIndex(b, -1) {
		blank(b, loc[0], loc[1])
	}
}

// blank replaces bytes with spaces but keeps newlines, so line structure
// (and block splitting) survives masking.
func blank(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// splitBlocks returns paragraphs separated by blank lines; a line that
// starts with a Markdown block marker (heading, list item, quote, table
// row) starts a block of its own. Markers are excluded from the span.
func splitBlocks(s string) []span {
	var out []span
	cur := span{-1, -1}
	flush := func() {
		if cur.Start >= 0 {
			out = append(out, trimSpan(s, cur))
		}
		cur = span{-1, -1}
	}
	for pos := 0; pos < len(s); {
		end := strings.IndexByte(s[pos:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += pos
		}
		line := s[pos:end]
		switch marker := markerEnd(line); {
		case strings.TrimSpace(line) == "":
			flush()
		case marker >= 0:
			flush()
			cur = span{pos + marker, end}
			if strings.HasPrefix(strings.TrimSpace(line), "#") || strings.HasPrefix(strings.TrimSpace(line), "|") {
				flush() // headings and table rows are one line
			}
		case cur.Start < 0:
			cur = span{pos, end}
		default:
			cur.End = end
		}
		pos = end + 1
	}
	flush()
	kept := out[:0]
	for _, b := range out {
		if b.End > b.Start {
			kept = append(kept, b)
		}
	}
	return kept
}

func trimSpan(s string, sp span) span {
	for sp.Start < sp.End {
		r, n := utf8.DecodeRuneInString(s[sp.Start:sp.End])
		if !unicode.IsSpace(r) {
			break
		}
		sp.Start += n
	}
	for sp.End > sp.Start {
		r, n := utf8.DecodeLastRuneInString(s[sp.Start:sp.End])
		if !unicode.IsSpace(r) {
			break
		}
		sp.End -= n
	}
	return sp
}

// splitSentences splits block b of s with the shared splitter
// (text.SplitSentences), so voice, claims and eval agree on where a
// sentence ends; offsets are in s.
func splitSentences(s string, b span) []span {
	var out []span
	for _, p := range text.SplitSentences(s[b.Start:b.End]) {
		out = append(out, span{b.Start + p.Start, b.Start + p.End})
	}
	return out
}

// sentencesIn counts the sentences that lie in block b. Sentences come
// in text order, so two searches find them without a scan per block.
func (d *draft) sentencesIn(b span) int {
	lo := sort.Search(len(d.Sentences), func(i int) bool { return d.Sentences[i].Start >= b.Start })
	hi := sort.Search(len(d.Sentences), func(i int) bool { return d.Sentences[i].End > b.End })
	return max(0, hi-lo)
}

func countWords(s string) int { return len(wordSpans(s)) }

// sentenceAt returns the sentence containing byte offset pos.
func (d *draft) sentenceAt(pos int) (span, bool) {
	for _, s := range d.Sentences {
		if s.Start <= pos && pos < s.End {
			return s, true
		}
	}
	return span{}, false
}

// markerEnd is where line's block marker ends, or -1 without one. The
// regexp runs only where the first character after indentation can begin
// a marker: most lines are prose, and its per-call state is not free on
// every line of a draft.
func markerEnd(line string) int {
	rest := strings.TrimLeft(line, " \t")
	if rest == "" || strings.IndexByte("#-*+>|0123456789", rest[0]) < 0 {
		return -1
	}
	if m := blockMarker.FindStringIndex(line); m != nil {
		return m[1]
	}
	return -1
}
