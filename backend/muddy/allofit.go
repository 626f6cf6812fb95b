package muddy

import (
	"regexp"
	"strings"
)

// allOfIt flags ", all of it …" (and "all of this/that", "both of it"):
// a mass pronoun that sweeps everything said before it into one more
// claim, so a retriever reads the claim as true of each thing named.
type allOfIt struct{}

var allOfItRe = regexp.MustCompile(`(?i)[,;:—–]\s*(?:and\s+)?((?:all|both|most|much|some|none) of (?:it|this|that))\b`)

func (allOfIt) kind() Kind { return AllOfIt }

func (allOfIt) find(s sentence) []Finding {
	m := allOfItRe.FindStringSubmatchIndex(s.text)
	if m == nil {
		return nil
	}
	before := s.text[:m[0]]
	if !strings.Contains(before, " and ") && !strings.Contains(before, " or ") && !strings.Contains(before, ",") {
		return nil // one thing before it: nothing to mis-attach
	}
	phrase := s.text[m[2]:m[3]]
	rest := stripEnd(s.text[m[3]:])
	target := "[name which of them]"
	if items := listEndingAt(before, len(before)); len(items) >= 2 {
		target = "[" + strings.Join(items, " / ") + ": name which]"
	}
	return []Finding{{
		Sentence: s.text, Start: s.start, End: s.end, Kind: AllOfIt,
		Why: "“" + phrase + "” joins a second claim to everything before it; a retriever that returns this " +
			"sentence can attach that claim to each thing named, true or not.",
		Rewrite: sentenceOf(plain(before)) + " " + sentenceOf(target+" "+plain(rest)),
	}}
}
