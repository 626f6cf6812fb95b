package history

import (
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// minStatesShare is the share of the old sentence's content words a text
// must use (the changed words aside) to state the same fact.
const minStatesShare = 0.6

// StatesOld tells whether text (an approved answer, a supporting line, a
// FAQ sentence) still states what s said before it changed: it quotes the
// old sentence, or it uses most of its words with the old values and none
// of the new ones. A text that agrees with what replaced it does not.
func StatesOld(t string, s retrieval.Superseded) bool { return Prepare(s).StatesOld(t) }

// StatesOld is the package function for f's sentence.
func (f *OldFact) StatesOld(t string) bool {
	nt, old := normalize(t), f.old
	if nt == "" || old == "" {
		return false
	}
	if strings.Contains(nt, old) {
		return true
	}
	if len(nt) >= 20 && strings.Contains(old, nt) && (f.now == "" || !strings.Contains(f.now, nt)) {
		return true // a fragment of the old sentence that the new one lacks
	}
	if share(f.stems, stemsOf(t), f.changed) < minStatesShare {
		return false
	}
	switch f.kind {
	case KindRemoved:
		return true
	case KindPolarity:
		return negations(t)%2 == negations(f.s.Text)%2
	}
	// Every changed value as it was, none as it is.
	saysOld := false
	for _, v := range f.vals {
		if v.New != "" && containsWords(nt, normalize(v.New)) {
			return false
		}
		if v.Old != "" && containsWords(nt, normalize(v.Old)) {
			saysOld = true
		}
	}
	return saysOld
}

// share is the part of want's words (those in skip aside) that have holds.
func share(want, have []string, skip map[string]bool) float64 {
	in := map[string]bool{}
	for _, w := range have {
		in[w] = true
	}
	n, got := 0, 0
	for _, w := range want {
		if skip[w] || stopWords[w] {
			continue
		}
		n++
		if in[w] {
			got++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(got) / float64(n)
}

var stopWords = map[string]bool{"the": true, "a": true, "an": true, "of": true, "to": true, "in": true, "on": true, "for": true,
	"and": true, "or": true, "is": true, "are": true, "be": true, "by": true, "at": true, "with": true, "it": true, "that": true}

func stemsOf(s string) []string {
	var out []string
	for _, t := range tokenize(s) {
		out = append(out, text.Stem(strings.ToLower(t.text)))
	}
	return out
}

func normalize(s string) string {
	return strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '*' || r == '_' || r == '`'
	}), " "))
}

// containsWords finds sub in s on word boundaries ("14 days" is not in
// "114 days").
func containsWords(s, sub string) bool {
	for i := 0; sub != ""; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(sub)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = j + 1
	}
	return false
}

func isWordByte(b byte) bool {
	return (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b >= 0x80
}

// minValueShare is StatesOldValue's share of the old sentence's other
// words: lower than minStatesShare, as the figure itself matched by value.
const minValueShare = 0.4

// StatesOldValue tells whether text gives, for the figures that changed,
// the old value in any wording ("two weeks" for "14 days") and never the
// new one, and uses some of the old sentence's other words.
func StatesOldValue(text string, s retrieval.Superseded) bool { return Prepare(s).StatesOldValue(text) }

// StatesOldValue is the package function for f's sentence.
func (f *OldFact) StatesOldValue(text string) bool {
	if f.kind != KindValue {
		return false
	}
	if share(f.stems, stemsOf(text), f.changed) < minValueShare {
		return false
	}
	have := numbers.Extract(text)
	saysOld := false
	for _, v := range f.figures {
		if anySame(have, v.is) {
			return false
		}
		if anySame(have, v.was) {
			saysOld = true
		}
	}
	return saysOld
}

func anySame(a, b []numbers.Quantity) bool {
	for _, x := range a {
		for _, y := range b {
			if numbers.Same(x, y) {
				return true
			}
		}
	}
	return false
}

// changedWords are the stems of the changed values, both sides.
func changedWords(vals []ValueChange) map[string]bool {
	changed := map[string]bool{}
	for _, v := range vals {
		for _, w := range stemsOf(v.Old) {
			changed[w] = true
		}
		for _, w := range stemsOf(v.New) {
			changed[w] = true
		}
	}
	return changed
}
