package voice

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// draft is the text every rule reads. Masked has the same byte length as
// Text with code, URLs and e-mail addresses blanked, so rules never flag
// them and offsets found in Masked slice Text directly.
type draft struct {
	Text      string
	Masked    string
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

func newDraft(text string) *draft {
	m := []byte(text)
	for _, re := range []*regexp.Regexp{frontMatter, fencedCode, inlineCode, urlPattern, emailRe} {
		for _, loc := range re.FindAllIndex(m, -1) {
			blank(m, loc[0], loc[1])
		}
	}
	d := &draft{Text: text, Masked: string(m)}
	d.Blocks = splitBlocks(d.Masked)
	for _, b := range d.Blocks {
		d.Sentences = append(d.Sentences, splitSentences(d.Masked, b)...)
	}
	return d
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
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case blockMarker.MatchString(line):
			flush()
			m := blockMarker.FindStringIndex(line)
			cur = span{pos + m[1], end}
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

var abbreviations = map[string]bool{"e.g": true, "i.e": true, "etc": true, "vs": true, "a.m": true, "p.m": true,
	"mr": true, "mrs": true, "ms": true, "dr": true, "u.s": true, "no": true, "approx": true, "inc": true}

// splitSentences splits a block at . ! ? (plus closing quotes) followed by
// whitespace and a character that is not a lowercase letter, skipping
// common abbreviations and single initials.
func splitSentences(s string, b span) []span {
	var out []span
	start := b.Start
	for i := b.Start; i < b.End; i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < b.End {
			if strings.IndexByte(".!?\"')*_", s[j]) >= 0 {
				j++
			} else if strings.HasPrefix(s[j:b.End], "”") || strings.HasPrefix(s[j:b.End], "’") {
				j += len("”")
			} else {
				break
			}
		}
		if j < b.End && !unicode.IsSpace(rune(s[j])) {
			continue
		}
		k := j
		for k < b.End && unicode.IsSpace(rune(s[k])) {
			k++
		}
		if k < b.End {
			r, _ := utf8.DecodeRuneInString(s[k:b.End])
			if unicode.IsLower(r) {
				continue
			}
		}
		if c == '.' && isAbbreviation(s[start:i]) {
			continue
		}
		out = append(out, trimSpan(s, span{start, j}))
		start = k
		i = k - 1
	}
	if last := trimSpan(s, span{start, b.End}); last.End > last.Start {
		out = append(out, last)
	}
	return out
}

func isAbbreviation(before string) bool {
	k := strings.LastIndexFunc(before, unicode.IsSpace)
	w := strings.ToLower(strings.TrimLeft(before[k+1:], "(\"'"))
	return abbreviations[w] || utf8.RuneCountInString(w) == 1
}

func countWords(s string) int { return len(wordRe.FindAllStringIndex(s, -1)) }

// sentenceAt returns the sentence containing byte offset pos.
func (d *draft) sentenceAt(pos int) (span, bool) {
	for _, s := range d.Sentences {
		if s.Start <= pos && pos < s.End {
			return s, true
		}
	}
	return span{}, false
}
