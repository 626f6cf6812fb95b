package muddy

import (
	"strings"
)

// trailingAttribute flags a list followed by a comma and a short
// attribute that ends the sentence ("Slack, Teams and Zoom, free for the
// first year"): the attribute may describe the last item or all of them,
// and a retriever cannot tell which.
type trailingAttribute struct{ lex Lexicon }

// An attribute is a short phrase; a longer tail is a clause of its own.
const maxAttributeWords = 8

func (trailingAttribute) kind() Kind { return TrailingAttributeAfterList }

func (d trailingAttribute) find(s sentence) []Finding {
	c := strings.LastIndex(s.text, ",")
	if c < 0 {
		return nil
	}
	tail := stripEnd(s.text[c+1:])
	ts := tokensOf(tail)
	if len(ts) == 0 || len(ts) > maxAttributeWords || !d.attributeStart(ts) {
		return nil
	}
	if strings.HasSuffix(strings.TrimSpace(s.text), ":") || introductory(s.text[:c]) {
		return nil // the comma ends an opening clause; the tail is the main clause
	}
	items := listEndingAt(s.text, c)
	if !d.distinct(items) {
		return nil
	}
	lead := stripEnd(s.text[:c])
	parts := []string{sentenceOf(plain(lead))}
	for _, it := range items {
		parts = append(parts, sentenceOf(plain(it)+" "+beFor(it)+" "+plain(tail)))
	}
	return []Finding{{
		Sentence: s.text, Start: s.start, End: s.end, Kind: TrailingAttributeAfterList,
		Why: "“" + plain(tail) + "” follows a list of " + itoa(len(items)) + " things; it may describe only “" +
			plain(items[len(items)-1]) + "” or all of them, and a retriever will attach it to whichever it returns.",
		Rewrite: strings.Join(parts, " ") + " (keep only the sentences that are true)",
	}}
}

// attributeStart: the tail is a verbless phrase opening with an English
// word that starts no clause, example or aside ("free for a year",
// "billed per second", "available on every plan"); "all of which …" and
// "-ing" result clauses ("making it faster") are not attributes.
func (d trailingAttribute) attributeStart(ts []token) bool {
	w := ts[0].lower()
	if ts[0].capitalized() || clauseStarts[w] || !d.lex.Has(w) || strings.HasSuffix(w, "ing") {
		return false
	}
	if len(ts) > 1 && ts[1].lower() == "of" {
		return false
	}
	for _, t := range ts {
		if verbWords[t.lower()] || strings.ContainsAny(t.text, "'’") {
			return false
		}
	}
	return true
}

// distinct: at least three items, or two names ("Slack and Zoom"); a
// pair of common nouns ("prompts and responses") is usually one idea.
func (trailingAttribute) distinct(items []string) bool {
	switch {
	case len(items) >= 3:
		return true
	case len(items) == 2:
		for _, it := range items {
			ts := tokensOf(it)
			if !ts[len(ts)-1].capitalized() {
				return false
			}
		}
		return true
	}
	return false
}

func itoa(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return "many"
}

// introductory: the sentence opens with a subordinate or prepositional
// phrase ("If you are staying in the same city, county or state, …"), so
// its first comma ends that phrase.
func introductory(lead string) bool {
	ts := tokensOf(lead)
	return len(ts) > 0 && introWords[ts[0].lower()]
}
