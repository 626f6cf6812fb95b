package eval

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// sentences splits text on sentence ends and line breaks. It is deliberately
// simple: golden answers and help articles are short declarative prose.
func sentences(text string) []string {
	var out []string
	start := 0
	rs := []rune(text)
	flush := func(end int) {
		if s := strings.TrimSpace(string(rs[start:end])); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case r == '\n':
			flush(i + 1)
		case r == '.' || r == '!' || r == '?':
			// a sentence end needs a following space (or the end), so "v2.1" and "e.g.x" stay whole
			if i+1 == len(rs) || unicode.IsSpace(rs[i+1]) {
				flush(i + 1)
			}
		}
	}
	flush(len(rs))
	return out
}

// contentTerms are lower-cased, stemmed words without stop words.
func contentTerms(text string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := words[:0]
	for _, w := range words {
		if english.IsStopWord(w) {
			continue
		}
		out = append(out, english.Stem(w, false))
	}
	return out
}

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
