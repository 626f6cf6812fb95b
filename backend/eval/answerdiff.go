package eval

import (
	"strings"
	"unicode"
)

// NormalizeAnswer folds what does not change what an answer says: case,
// whitespace and punctuation. Apostrophes vanish ("don't" = "dont"); any
// other punctuation or symbol separates words, so "1.5" never reads as
// "15" and "30-day" is "30 day".
func NormalizeAnswer(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == 'ʼ':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default: // whitespace, punctuation, symbols, invisible characters
			space = true
		}
	}
	return b.String()
}

// AnswerChanged reports whether two answers differ once normalized
// (NormalizeAnswer): a changed comma or capital is not a changed answer.
func AnswerChanged(before, after string) bool {
	return NormalizeAnswer(before) != NormalizeAnswer(after)
}
