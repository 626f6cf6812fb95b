package eval

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"

	"continuity/backend/text"
)

// sentences splits s the way claims and voice split drafts
// (text.SplitSentencesAll), so a golden answer, a help article and a
// draft break at the same places. Every piece is kept, even one without a
// letter, so no text of an answer drops out of a metric.
func sentences(s string) []string {
	spans := text.SplitSentencesAll(s)
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = sp.Text
	}
	return out
}

// contentTerms are lower-cased, stemmed words without stop words.
func contentTerms(s string) []string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := words[:0]
	for _, w := range words {
		if english.IsStopWord(w) {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}

// stem is text.Stem, under a name the files of this package can call
// where a parameter named text hides the package.
func stem(w string) string { return text.Stem(w) }

// wordSimilarity is 1 - normalised Levenshtein distance over word terms.
// Word level (not character level, as rapidfuzz uses) keeps it cheap on
// whole sentences and insensitive to inflection after stemming.
func wordSimilarity(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(b)])/float64(len(a))
}

// coverage is the share of distinct query terms that occur in terms.
func coverage(query []string, terms map[string]bool) float64 {
	seen := map[string]bool{}
	hit := 0
	for _, q := range query {
		if seen[q] {
			continue
		}
		seen[q] = true
		if terms[q] {
			hit++
		}
	}
	if len(seen) == 0 {
		return 0
	}
	return float64(hit) / float64(len(seen))
}

func termSet(terms []string) map[string]bool {
	s := make(map[string]bool, len(terms))
	for _, t := range terms {
		s[t] = true
	}
	return s
}
