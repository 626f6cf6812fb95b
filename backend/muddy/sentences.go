package muddy

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"continuity/backend/text"
)

// sentence is what every detector reads: one prose sentence with its
// place in the document.
type sentence struct {
	text       string // doc[start:end]
	start, end int
	inList     bool   // inside a list item that is a full sentence
	opens      bool   // the first sentence of a paragraph
	prev       *block // the block before this sentence's paragraph, nil at the top
}

// A list item is linted only when it reads as a sentence, not a fragment
// ("**Snap expenses** and attach the photo").
const minListSentenceWords = 8

func sentencesOf(doc string) []sentence {
	bs := blocksOf(doc)
	var out []sentence
	for i, b := range bs {
		if b.kind == heading || b.kind == markup {
			continue
		}
		if b.kind == listItem && fragment(b.text) {
			continue
		}
		var prev *block
		if i > 0 {
			prev = &bs[i-1]
		}
		for j, sp := range text.SplitSentences(b.text) {
			out = append(out, sentence{
				text: sp.Text, start: b.start + sp.Start, end: b.start + sp.End,
				inList: b.kind == listItem, opens: j == 0, prev: prev,
			})
		}
	}
	return out
}

func fragment(item string) bool {
	t := strings.TrimRight(strings.TrimSpace(item), `*_"')”’`)
	if len(strings.Fields(t)) < minListSentenceWords {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	return r != '.' && r != '!' && r != '?'
}

// token is one word of a sentence with its byte offsets in the sentence.
type token struct {
	text       string
	start, end int
}

func (t token) lower() string { return strings.ToLower(t.text) }

// capitalized: starts with an upper-case letter or holds a digit
// ("Tallyhub", "API", "v2", "$5").
func (t token) capitalized() bool {
	r, _ := utf8.DecodeRuneInString(t.text)
	return unicode.IsUpper(r) || t.hasDigit()
}

func (t token) hasDigit() bool {
	return strings.IndexFunc(t.text, unicode.IsDigit) >= 0
}

// tokensOf splits s into words: letters and digits with inner
// apostrophes, hyphens, dots, slashes and a leading currency sign
// ("scale-to-zero", "Pub/Sub", "$5", "v2.1", "we're").
func tokensOf(s string) []token {
	var out []token
	start := -1
	for i, r := range s {
		inner := strings.ContainsRune("'’-./&", r) && start >= 0
		if unicode.IsLetter(r) || unicode.IsDigit(r) || inner || (start < 0 && strings.ContainsRune("$€£", r)) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, trimToken(s, start, i))
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, trimToken(s, start, len(s)))
	}
	return out
}

// trimToken drops trailing punctuation that tokensOf let in ("v2." at a
// sentence end).
func trimToken(s string, a, b int) token {
	for b > a+1 && strings.ContainsRune("'’-./&", rune(s[b-1])) {
		b--
	}
	return token{text: s[a:b], start: a, end: b}
}

// plain strips Markdown emphasis and collapses whitespace, for rewrites.
func plain(s string) string {
	s = strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// stripEnd removes the sentence's final punctuation.
func stripEnd(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), ".!?;:,*_ ")
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// sentenceOf ends s with a period.
func sentenceOf(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	return capitalize(stripEnd(s)) + "."
}
