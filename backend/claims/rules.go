package claims

import (
	"strings"

	"continuity/backend/claims/numbers"
)

// americanSpelling folds British spellings: "centre" = "center",
// "colour" = "color".
func americanSpelling(w string) string {
	if a, ok := britishWords[w]; ok {
		return a
	}
	for _, suf := range []string{"tre", "tres", "tred"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return w[:len(w)-len(suf)] + "ter" + suf[3:]
		}
	}
	return w
}

// dayClauseNegated: a day set in a negated clause ("closed on weekends",
// "no support on Sundays") stands for the days it leaves out.
func dayClauseNegated(text string, q numbers.Quantity) bool {
	a, b := 0, len(text)
	for _, m := range clauseBreak.FindAllStringIndex(text, -1) {
		if m[1] <= q.Start {
			a = m[1]
		} else if m[0] >= q.End && b == len(text) {
			b = m[0]
		}
	}
	for _, w := range words(text[a:b]) {
		lw := strings.ToLower(strings.ReplaceAll(w.text, "’", "'"))
		if negators[lw] || strings.HasSuffix(lw, "n't") || closedWords[lw] {
			return true
		}
	}
	return false
}

// word is how the text wrote a stem, for explanations.
func (a analysis) word(st string) string {
	if w, ok := a.surface[st]; ok {
		return w
	}
	return st
}

// negScopeEnd ends the scope of a negation: "We don't work with other
// processors, such as Adyen" negates Adyen; "not X, but Y" does not
// negate Y.
var negScopeEnd = setOf(`but however instead only whereas although though yet`)

// negatedName reports whether the name stem n follows a negation in the
// same sentence of text, with no contrast word or sentence end between.
func negatedName(text, n string) bool {
	for _, sent := range SplitSentences(text) {
		neg := false
		src := sent.Text
		for _, w := range words(src) {
			lw := strings.ToLower(strings.ReplaceAll(w.text, "’", "'"))
			if i := w.start - 1; i >= 0 && strings.ContainsRune(";:", rune(src[i])) {
				neg = false
			}
			switch {
			case negators[lw] || strings.HasSuffix(lw, "n't"):
				neg = true
			case negScopeEnd[lw]:
				neg = false
			case neg && hasUpper(w.text) && stem(lw) == n:
				return true
			}
		}
	}
	return false
}
