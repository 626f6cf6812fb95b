package glove

import (
	"strings"
	"unicode"
)

// The packaged GloVe 6B vocabulary is lower-case letters, digits and inner
// hyphens ("e-mail", "long-term"); it has no pure numbers and, unlike the
// corpus GloVe was trained on, no clitic tokens such as "n't" or "'re". So
// contractions are expanded to the full words, which the table does have:
// "don't" gives "do", "not", which keeps a negation visible to SIF.
var clitics = []struct{ suffix, word string }{
	{"n't", "not"},
	{"'re", "are"},
	{"'ll", "will"},
	{"'ve", "have"},
	{"'m", "am"},
	{"'d", "would"},
	{"'s", ""}, // possessive or "is": too common to carry meaning
}

// Stems that the "n't" split leaves unlike their word ("can't" is "ca" +
// "n't" in the Penn Treebank style GloVe was tokenised with).
var negStems = map[string]string{"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}

// Tokens splits text into lower-case words in the table's form: runs of
// letters and digits, joined by inner hyphens and apostrophes, with
// contractions expanded. Hyphenated words are kept whole; the embedder
// falls back to their parts when the whole is not in the table.
func Tokens(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = appendWord(out, b.String())
			b.Reset()
		}
	}
	runes := []rune(text)
	for i, r := range runes {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case (r == '-' || isApostrophe(r)) && b.Len() > 0 && i+1 < len(runes) &&
			(unicode.IsLetter(runes[i+1]) || unicode.IsDigit(runes[i+1])):
			if r == '-' {
				b.WriteByte('-')
			} else {
				b.WriteByte('\'')
			}
		default:
			flush()
		}
	}
	flush()
	return out
}

func isApostrophe(r rune) bool { return r == '\'' || r == '\u2019' || r == '\u02bc' }

// appendWord expands one raw word's contraction and splits any apostrophes
// left ("o'clock" gives "o", "clock").
func appendWord(out []string, w string) []string {
	if !strings.Contains(w, "'") {
		return append(out, w)
	}
	expansion := ""
	for _, c := range clitics {
		if base, ok := strings.CutSuffix(w, c.suffix); ok && base != "" {
			if c.suffix == "n't" {
				if full, ok := negStems[base]; ok {
					base = full
				}
			}
			w, expansion = base, c.word
			break
		}
	}
	for part := range strings.SplitSeq(w, "'") {
		if part != "" {
			out = append(out, part)
		}
	}
	if expansion != "" {
		out = append(out, expansion)
	}
	return out
}

// rows appends the table rows of text's tokens, reading an unknown
// hyphenated word as its parts.
func (m *Model) rows(text string, dst []int32) []int32 {
	for _, t := range Tokens(text) {
		if i, ok := m.index[t]; ok {
			dst = append(dst, i)
			continue
		}
		if !strings.Contains(t, "-") {
			continue
		}
		for part := range strings.SplitSeq(t, "-") {
			if i, ok := m.index[part]; ok {
				dst = append(dst, i)
			}
		}
	}
	return dst
}
