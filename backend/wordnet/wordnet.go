// Package wordnet is a small synonym and antonym lookup over Princeton
// WordNet 3.0 as Debian's wordnet-base installs it. The claim engine uses
// it where embeddings cannot help: a word and its antonym share contexts,
// so their vectors are close ("increase"/"decrease" has a GloVe cosine of
// 0.88), while WordNet records the opposition itself.
//
// The files are read whole but parsed only where a lookup lands: the index
// files are sorted by lemma and a synset's offset is its byte offset in its
// data file, so a word costs a binary search and a line or two. Parsing all
// of WordNet up front took about 0.6 s, which every check process paid
// for the few hundred words it looks up.
package wordnet

import (
	"strings"
	"sync"
)

// WordNet is read-only after Load and safe for concurrent use.
type WordNet struct {
	index map[byte]*lemmaFile // by part of speech: n, v, a (with satellites), r
	data  map[byte][]byte
	exc   map[byte]map[string][]string

	mu      sync.RWMutex
	synsets map[key]*synset
	lemmata map[string][]lemma
}

// key names a synset: the part of speech of its file and its byte offset there.
type key struct {
	pos byte // file's part of speech: n, v, a or r
	off uint32
}

type synset struct {
	pos   byte // n, v, a, s (satellite adjective) or r
	words []string
	ants  []antonym
	head  key // a satellite's head adjective synset, if hasHead
	// hasHead: the synset is a satellite with a head to inherit antonyms from
	hasHead bool
}

// antonym is a lexical '!' pointer: word src (1-based; 0 for every word)
// of the synset is opposed to word dst of synset to.
type antonym struct {
	src, dst uint8
	to       key
}

// Synonyms lists the other words of every sense of word (and of its base
// forms, so "bought" finds "purchase"), most frequent sense first.
func (wn *WordNet) Synonyms(word string) []string {
	var out []string
	seen := map[string]bool{}
	lms := wn.lemmas(word)
	for _, lm := range lms {
		seen[lm.word] = true
	}
	for _, lm := range lms {
		for _, id := range lm.synsets {
			s := wn.synset(id)
			if s == nil {
				continue
			}
			for _, w := range s.words {
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
	if len(ants) == 0 {
		return false
	}
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
			s := wn.synset(id)
			if s == nil {
				continue
			}
			wn.directAntonyms(s, lm.word, add)
			if s.hasHead {
				// The head's antonyms hold for every word of the satellite.
				if h := wn.synset(s.head); h != nil {
					for _, a := range h.ants {
						wn.addTarget(a, add)
					}
				}
			}
		}
	}
	return out
}

func (wn *WordNet) directAntonyms(s *synset, word string, add func(string)) {
	for _, a := range s.ants {
		if a.src == 0 || (int(a.src) <= len(s.words) && s.words[a.src-1] == word) {
			wn.addTarget(a, add)
		}
	}
}

func (wn *WordNet) addTarget(a antonym, add func(string)) {
	t := wn.synset(a.to)
	if t == nil {
		return
	}
	if i := target(a); i < len(t.words) {
		add(t.words[i])
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
