// Package wordnet is a small synonym and antonym lookup over Princeton
// WordNet 3.0 as Debian's wordnet-base installs it. The claim engine uses
// it where embeddings cannot help: a word and its antonym share contexts,
// so their vectors are close ("increase"/"decrease" has a GloVe cosine of
// 0.88), while WordNet records the opposition itself.
package wordnet

import (
	"strings"
)

// WordNet is read-only after Load and safe for concurrent use.
type WordNet struct {
	synsets []synset
	index   map[string][]int32 // lemma → synsets, nouns, verbs, adjectives, adverbs, each by sense frequency
	exc     map[byte]map[string][]string
}

type synset struct {
	pos   byte // n, v, a, s (satellite adjective) or r
	words []string
	ants  []antonym
	head  int32 // a satellite's head adjective synset; -1 otherwise
}

// antonym is a lexical '!' pointer: word src (1-based; 0 for every word)
// of the synset is opposed to word dst of synset to.
type antonym struct {
	src, dst uint8
	to       int32
}

// Synonyms lists the other words of every sense of word (and of its base
// forms, so "bought" finds "purchase"), most frequent sense first.
func (wn *WordNet) Synonyms(word string) []string {
	var out []string
	seen := map[string]bool{}
	for _, lm := range wn.lemmas(word) {
		seen[lm.word] = true
	}
	for _, lm := range wn.lemmas(word) {
		for _, id := range lm.synsets {
			for _, w := range wn.synsets[id].words {
				if !seen[w] {
					seen[w] = true
					out = append(out, display(w))
				}
			}
		}
	}
	return out
}

// Antonyms lists the words WordNet opposes to word: its direct antonyms
// and, for a satellite adjective such as "mandatory", those of its head
// ("obligatory" is opposed to "optional").
func (wn *WordNet) Antonyms(word string) []string {
	var out []string
	for _, w := range wn.antonyms(word) {
		out = append(out, display(w))
	}
	return out
}

// AreAntonyms reports whether WordNet opposes a and b, in either direction
// and through base forms ("increases"/"decreased").
func (wn *WordNet) AreAntonyms(a, b string) bool {
	return wn.opposed(a, b) || wn.opposed(b, a)
}

func (wn *WordNet) opposed(a, b string) bool {
	ants := wn.antonyms(a)
	for _, lm := range wn.lemmas(b) {
		for _, w := range ants {
			if w == lm.word {
				return true
			}
		}
	}
	return false
}

func (wn *WordNet) antonyms(word string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, lm := range wn.lemmas(word) {
		for _, id := range lm.synsets {
			s := &wn.synsets[id]
			wn.directAntonyms(s, lm.word, add)
			if s.head >= 0 {
				// The head's antonyms hold for every word of the satellite.
				h := &wn.synsets[s.head]
				for _, a := range h.ants {
					add(wn.synsets[a.to].words[target(a)])
				}
			}
		}
	}
	return out
}

func (wn *WordNet) directAntonyms(s *synset, word string, add func(string)) {
	for _, a := range s.ants {
		if a.src == 0 || s.words[a.src-1] == word {
			add(wn.synsets[a.to].words[target(a)])
		}
	}
}

func target(a antonym) int {
	if a.dst == 0 {
		return 0
	}
	return int(a.dst) - 1
}

// display turns WordNet's "ice_cream" into "ice cream".
func display(w string) string { return strings.ReplaceAll(w, "_", " ") }

// normalise puts a caller's word in WordNet's form: lower case, spaces as
// underscores.
func normalise(word string) string {
	return strings.Join(strings.Fields(strings.ToLower(word)), "_")
}
