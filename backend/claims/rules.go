package claims

import "strings"

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

// negatedNames are the name stems of text that follow a negation in the
// same sentence, with no contrast word or sentence end between: the
// names "It isn't available on Starter" or "not Adyen" negate.
func negatedNames(text string) map[string]bool {
	out := map[string]bool{}
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
			case neg && hasUpper(w.text):
				out[stem(lw)] = true
			}
		}
	}
	return out
}
