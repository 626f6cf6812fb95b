package wordnet

import "strings"

// WordNet's own detachment rules ("morphy"): an inflected form minus the
// suffix plus the ending is a candidate base form, kept when WordNet has it
// in that part of speech. Irregular forms come from the *.exc files.
var detach = map[byte][][2]string{
	'n': {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	'v': {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	'a': {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

type lemma struct {
	word    string
	synsets []int32
}

// lemmas returns word itself when WordNet has it, then each base form with
// only the senses of the part of speech that produced it ("leaves" is the
// noun "leaf" and the verb "leave", not the verb "leaf").
func (wn *WordNet) lemmas(word string) []lemma {
	word = normalise(word)
	if word == "" {
		return nil
	}
	var out []lemma
	if ids, ok := wn.index[word]; ok {
		out = append(out, lemma{word, ids})
	}
	for _, pos := range []byte{'n', 'v', 'a', 'r'} {
		for _, base := range wn.bases(word, pos) {
			if base == word {
				continue
			}
			if ids := wn.sensesOf(base, pos); len(ids) > 0 {
				out = append(out, lemma{base, ids})
			}
		}
	}
	return out
}

func (wn *WordNet) bases(word string, pos byte) []string {
	out := append([]string(nil), wn.exc[pos][word]...)
	for _, r := range detach[pos] {
		if stem, ok := strings.CutSuffix(word, r[0]); ok && stem != "" {
			out = append(out, stem+r[1])
		}
	}
	return out
}

func (wn *WordNet) sensesOf(word string, pos byte) []int32 {
	var out []int32
	for _, id := range wn.index[word] {
		p := wn.synsets[id].pos
		if p == 's' {
			p = 'a'
		}
		if p == pos {
			out = append(out, id)
		}
	}
	return out
}

// Modifier reports whether word is mostly an adjective or adverb: WordNet
// lists more of its senses (and its base forms') as adjectives and
// adverbs than as nouns and verbs ("revolutionary", "quickly"). A claim's
// subject is rarely one.
func (wn *WordNet) Modifier(word string) bool {
	mod, other := 0, 0
	for _, lm := range wn.lemmas(word) {
		for _, id := range lm.synsets {
			switch wn.synsets[id].pos {
			case 'a', 's', 'r':
				mod++
			default:
				other++
			}
		}
	}
	return mod > other
}

// Verb reports whether WordNet lists more of word's senses as a verb
// than as anything else ("submit", "cover"; not "expense" or "review").
func (wn *WordNet) Verb(word string) bool {
	verb, other := 0, 0
	for _, lm := range wn.lemmas(word) {
		for _, id := range lm.synsets {
			if wn.synsets[id].pos == 'v' {
				verb++
			} else {
				other++
			}
		}
	}
	return verb > other
}

// Has reports whether WordNet lists word or one of its base forms: an
// English word, not a product or place name ("Plan", not "FedRooms").
func (wn *WordNet) Has(word string) bool { return len(wn.lemmas(word)) > 0 }
