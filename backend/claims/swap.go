package claims

import (
	"fmt"
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
)

// A sentence that says the claim word for word except for one short span
// states another fact in that place: "Customer: anyone who purchased
// Enterprise Cloud" against "… Business Cloud", "Thomas grabs the HTML"
// against "Martin grabs the HTML", "Projects MAY leave X out" against
// "Tools MAY leave X out". The name rules miss these when the swapped
// words are not capitalised mid-sentence; the word alignment calls them
// a paraphrase, since the rest is there whole.

// swapFrame is the least share of the longer side's words that the common
// start and end must hold; swapMax the most words a swapped span has.
const (
	swapFrame = 0.75
	swapMax   = 3
	swapMinIn = 4 // words the sentences share around the span, at least
)

// spanSwap returns the claim's and the unit's words in the one place the
// two differ, when everything else is the same words in the same order.
func (cx *cueContext) spanSwap(u *unit) (claimWords, unitWords []string, ok bool) {
	if u.cell || u.sents > 1 {
		return nil, nil, false
	}
	c, cc := wordsOnly(cx.ca)
	w, wc := wordsOnly(u.a)
	p := 0
	for p < len(c) && p < len(w) && c[p] == w[p] {
		p++
	}
	s := 0
	for s < len(c)-p && s < len(w)-p && c[len(c)-1-s] == w[len(w)-1-s] {
		s++
	}
	cm, um := c[p:len(c)-s], w[p:len(w)-s]
	if len(cm) == 0 || len(um) == 0 || len(cm) > swapMax || len(um) > swapMax || p+s < swapMinIn ||
		float64(p+s) < swapFrame*float64(max(len(c), len(w))) {
		return nil, nil, false
	}
	if !cx.otherFact(cm, um) || !cx.otherFact(um, cm) {
		return nil, nil, false
	}
	// Only a name swaps one fact for another: a changed common word is
	// as often a rewording, a fixed typo or a changed tense ("wiki" for
	// "documentation", "receive" for "reveice", "was" for "will be").
	cw, uw := cc[p:len(c)-s], wc[p:len(w)-s]
	if typo(cw, uw) || strings.Join(cm, "") == strings.Join(um, "") || sameAliases(cm, um) { // "HRLinks" for "HR Links"
		return nil, nil, false
	}
	// A sentence's first word is capitalised whatever it is ("Important"
	// for "Note", "Choose" for "Click"): at the start, a name is one that
	// is capitalised after it, all capitals, or that qualifies the name
	// after the span ("Enterprise Cloud").
	next := ""
	if s > 0 {
		next = cc[len(c)-s]
	}
	if !named(cw, p == 0, next) || !named(uw, p == 0, next) {
		return nil, nil, false
	}
	return cw, uw, true
}

// named: the span holds a name; see spanSwap for a span at the start.
func named(ws []string, initial bool, next string) bool {
	for i, w := range ws {
		// days and months are capitalised values, which the date and
		// day-range slots compare ("Tuesdays" inside "Monday to Friday")
		if w == "" || !unicode.IsUpper([]rune(w)[0]) || weekdayOrMonth[strings.TrimSuffix(strings.ToLower(w), "s")] {
			continue
		}
		if !initial || i > 0 || (len(w) > 1 && strings.ToUpper(w) == w) || capital(next) {
			return true
		}
	}
	return false
}

func capital(w string) bool { return w != "" && unicode.IsUpper([]rune(w)[0]) }

// typo: the spans are one word each, two letters of it swapped
// ("Cirtix" for "Citrix"). Names one letter apart are often two names
// ("Jython", "Python"; "SOW", "SOP"), so that is no typo.
func typo(a, b []string) bool {
	return len(a) == 1 && len(b) == 1 && transposed(strings.ToLower(a[0]), strings.ToLower(b[0]))
}

// transposed: a and b are the same letters with two of them swapped.
func transposed(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) != len(y) || len(x) < 3 {
		return false
	}
	var diff []int
	for i := range x {
		if x[i] != y[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) == 2 && x[diff[0]] == y[diff[1]] && x[diff[1]] == y[diff[0]]
}

// otherFact: the span a has a content word that the span b does not say
// in other words (the same stem, a WordNet synonym), and no negation or
// figure, which their own cues compare.
func (cx *cueContext) otherFact(a, b []string) bool {
	content := false
	for _, x := range a {
		if negators[x] || strings.HasSuffix(x, "n't") || numbers.IsNumberWord(x) || hasDigit(x) {
			return false
		}
		if stopwords[x] {
			continue
		}
		said := false
		for _, y := range b {
			if stem(x) == stem(y) || (cx.res != nil && cx.res.WordNet != nil && isSynonym(cx.res, x, y)) {
				said = true
				break
			}
		}
		if !said {
			content = true
		}
	}
	return content
}

// wordsOnly are a's words without punctuation, lower case and as written.
func wordsOnly(a analysis) (lower, cased []string) {
	for i, t := range a.tokens {
		if strings.IndexFunc(t, isWordRune) >= 0 && i < len(a.cased) {
			lower, cased = append(lower, t), append(cased, a.cased[i])
		}
	}
	return lower, cased
}

func isWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// swapWhy says the swap in the writer's terms.
func swapWhy(cw, uw []string) string {
	return fmt.Sprintf("the corpus says %q where the draft says %q", strings.Join(uw, " "), strings.Join(cw, " "))
}

// sameAliases: the spans are one name written two ways ("ET", "Eastern").
func sameAliases(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if canonicalName(stem(a[i])) != canonicalName(stem(b[i])) {
			return false
		}
	}
	return true
}
