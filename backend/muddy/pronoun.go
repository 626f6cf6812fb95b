package muddy

import (
	"regexp"
	"strings"
)

// distantPronoun flags a paragraph that opens with a pronoun subject
// ("It", "They", "This is …"): the paragraph names nothing it could refer
// to, and the index cuts chunks at paragraphs and headings, so a retrieved
// chunk that starts here has lost the referent.
type distantPronoun struct{ lex Lexicon }

// "It is easy to …", "It takes a day to …": "it" stands for what follows,
// not for anything earlier.
var expletiveIt = regexp.MustCompile(`(?i)^it(?:'s|’s| is| was| isn't| isn’t| can be| may be| will be| would be| might be| could be| seems| appears| looks| takes| took| helps| pays| makes sense)\b(?:\s+\S+){0,6}?\s+(?:to|that|if|whether|when|how|for)\b`)

func (distantPronoun) kind() Kind { return DistantPronoun }

func (d distantPronoun) find(s sentence) []Finding {
	if !s.opens || s.inList || s.prev == nil {
		return nil
	}
	ts := tokensOf(s.text)
	if len(ts) < 3 || ts[0].start > 2 { // markup before the first word: not a plain subject
		return nil
	}
	w := ts[0].lower()
	if !subjectPronouns[w] || !d.pronounSubject(w, ts) {
		return nil
	}
	if w == "it" && expletiveIt.MatchString(s.text) {
		return nil
	}
	if s.prev.kind == heading && d.names(s.prev.text) {
		return nil // the heading names the referent and travels with the chunk
	}
	pronoun := s.text[ts[0].start:ts[0].end]
	subject := "[name what “" + pronoun + "” refers to]"
	rest := plain(s.text[ts[0].end:])
	return []Finding{{
		Sentence: s.text, Start: s.start, End: s.end, Kind: DistantPronoun,
		Why: "This paragraph opens with “" + pronoun + "”, whose referent is in an earlier paragraph or section; " +
			"a retrieved passage that starts here no longer says what it is about.",
		Rewrite: sentenceOf(subject + " " + rest),
	}}
}

// pronounSubject: "it" and "they" always are; "this", "that", "these"
// and "those" only when a verb or adverb follows ("This is …"), not a
// noun ("This plan …"), and "That said" is a connective.
func (d distantPronoun) pronounSubject(w string, ts []token) bool {
	if w == "it" || w == "they" {
		return true
	}
	next := ts[1].lower()
	if w == "that" && (next == "said" || next == "way") {
		return false
	}
	if pronounVerbs[next] {
		return true
	}
	return strings.HasSuffix(next, "ly") && d.lex.Modifier(next)
}

// names: the heading holds a name (a capitalized word after the first,
// or a first word WordNet does not know): "Tallyhub Go", not "What's next".
func (d distantPronoun) names(h string) bool {
	ts := tokensOf(strings.TrimLeft(h, "# "))
	for i, t := range ts {
		if i > 0 && t.capitalized() {
			return true
		}
		if w := strings.TrimSuffix(strings.TrimSuffix(t.lower(), "'s"), "’s"); i == 0 && !functionWords[w] && !d.lex.Has(w) {
			return true
		}
	}
	return false
}
