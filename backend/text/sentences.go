package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is a piece of a larger text with its byte offsets in it.
type Span struct {
	Text       string
	Start, End int
}

// SentenceSplitVersion changes whenever SplitSentences cuts any text
// differently: the index stores sentence offsets and re-splits on a change.
const SentenceSplitVersion = "3"

// SplitSentences splits text into sentences: the pieces of
// SplitSentencesAll that hold a letter or digit. A table rule or a row of
// asterisks is no sentence to check, index or count.
func SplitSentences(text string) []Span {
	all := SplitSentencesAll(text)
	out := all[:0]
	for _, s := range all {
		if hasLetterOrDigit(s.Text) {
			out = append(out, s)
		}
	}
	return out
}

// SplitSentencesAll splits text into trimmed, non-empty pieces that cover
// every non-space byte, each the exact text between its byte offsets.
//
// A piece ends after . ! or ? (and any closing quotes, brackets or
// emphasis) followed by whitespace and something that is not a lowercase
// letter, unless the period ends an abbreviation, a single initial or a
// clock time followed by more of the time, or the mark lies inside a
// quotation. A line that starts a list item, table row or heading, or
// follows a blank line or a table row, always starts a new piece, so
// Markdown lists and tables in the corpus align row by row, and a table
// row is never cut inside. Decimals,
// versions, e-mail addresses and URLs hold no whitespace, so they are
// never cut. Pieces longer than MaxSentenceWords or MaxSentenceBytes are
// cut further.
func SplitSentencesAll(text string) []Span { return split(text).out }

// CutSentences are the sentences of text, trimmed, that exceed
// MaxSentenceWords or MaxSentenceBytes and so come out of
// SplitSentencesAll in pieces: a caller says so rather than cut silently.
func CutSentences(text string) []Span { return split(text).cut }

func split(text string) *splitter {
	sp := &splitter{text: text, quotes: quotations(text)}
	start := 0
	for i := 0; i < len(text); {
		switch c := text[i]; c {
		case '\n':
			if lineEnds(text, i, start) {
				sp.add(start, i)
				start = i + 1
			}
			i++
		case '.', '!', '?':
			j := skipClosers(text, i+1)
			if sp.endsAt(start, i, j) {
				sp.add(start, j)
				start = j
			}
			i = j
		default:
			_, w := utf8.DecodeRuneInString(text[i:])
			i += w
		}
	}
	sp.add(start, len(text))
	return sp
}

type splitter struct {
	text   string
	quotes []quoteSpan
	out    []Span
	cut    []Span // the overlong sentences add cut into pieces
}

// add appends text[a:b], trimmed, cutting it when it is overlong.
func (sp *splitter) add(a, b int) {
	n := len(sp.out)
	sp.out = appendPiece(sp.out, sp.text, a, b)
	if len(sp.out) > n && overlong(sp.out[n].Text) {
		s := sp.out[n]
		sp.cut = append(sp.cut, s)
		sp.out = append(sp.out[:n], splitLong(sp.text, s.Start, s.End)...)
	}
}

// endsAt reports whether the sentence begun at start ends at j, just
// after the terminator at i and the closers that follow it.
func (sp *splitter) endsAt(start, i, j int) bool {
	text := sp.text
	if j >= len(text) {
		return false // the last piece is added after the loop
	}
	if r, _ := utf8.DecodeRuneInString(text[j:]); !unicode.IsSpace(r) {
		return false
	}
	if sp.quoted(j) || tableRow(text[start:i]) {
		return false
	}
	next := strings.TrimLeftFunc(text[j:], unicode.IsSpace)
	if next == "" {
		return true
	}
	if !startsSentence(next) {
		return false
	}
	return text[i] != '.' || !abbreviationEnds(text[start:i], next)
}

// tableRow reports whether the piece begun with s is a table row, which
// is one sentence whatever its cells hold: a row states one fact, and a
// row cut at a cell's full stop pairs with no other version of it.
func tableRow(s string) bool {
	s = strings.TrimLeft(s, " \t\r\n")
	return strings.HasPrefix(s, "|") && !strings.ContainsAny(s, "\n")
}

// lineEnds reports whether the line break at i ends the sentence begun at
// start: before a blank line or a Markdown block, or after a table row.
func lineEnds(text string, i, start int) bool {
	return blockBreak(text[i+1:]) || strings.HasPrefix(strings.TrimSpace(text[start:i]), "|")
}

// blockBreak reports whether rest, the text after a line break, starts a
// blank line, list item, table row, heading or numbered item.
func blockBreak(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || rest[0] == '\n' || rest[0] == '\r' || strings.HasPrefix(rest, "- ") || strings.HasPrefix(rest, "* ") ||
		strings.HasPrefix(rest, "|") || strings.HasPrefix(rest, "#") || startsNumberedItem(rest)
}

// closers may follow a terminator and still belong to its sentence: more
// terminators ("?!", "..."), closing quotes and brackets, and Markdown
// emphasis. Curly quotes and guillemets are matched as whole runes: read
// byte by byte, the first byte of "”" is not a quote. "“" closes a German
// quotation („…“).
const closerBytes = ".!?\"')*_]"

var closerRunes = []string{"”", "’", "“", "»", "›"}

func skipClosers(text string, j int) int {
	for j < len(text) {
		if strings.IndexByte(closerBytes, text[j]) >= 0 {
			j++
			continue
		}
		matched := false
		for _, c := range closerRunes {
			if strings.HasPrefix(text[j:], c) {
				j += len(c)
				matched = true
				break
			}
		}
		if !matched {
			return j
		}
	}
	return j
}

// startsSentence reports whether s can begin a new sentence. Only a
// lowercase letter, or punctuation that continues a clause, says it
// cannot: text in a script without case, a number, a symbol or markup
// after ". " starts a sentence as surely as a capital does.
func startsSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return !unicode.IsLower(r) && !strings.ContainsRune(",;:.!?)]}%…", r)
}

func startsNumberedItem(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' '
}

func hasLetterOrDigit(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}
