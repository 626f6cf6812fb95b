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
	synsets []key
}

// lemmas returns word itself when WordNet has it, then each base form with
// only the senses of the part of speech that produced it ("leaves" is the
// noun "leaf" and the verb "leave", not the verb "leaf"). Memoised: a check
// asks about the same few hundred words again and again.
func (wn *WordNet) lemmas(word string) []lemma {
	word = normalise(word)
	if word == "" {
		return nil
	}
	wn.mu.RLock()
	out, ok := wn.lemmata[word]
	wn.mu.RUnlock()
	if ok {
		return out
	}
	var ids []key
	for _, pos := range partsOfSpeech {
		ids = append(ids, wn.sensesOf(word, pos)...)
	}
	if len(ids) > 0 {
		out = append(out, lemma{word, ids})
	}
	for _, pos := range partsOfSpeech {
		for _, base := range wn.bases(word, pos) {
			if base == word {
				continue
			}
			if ids := wn.sensesOf(base, pos); len(ids) > 0 {
				out = append(out, lemma{base, ids})
			}
		}
	}
	wn.mu.Lock()
	wn.lemmata[word] = out
	wn.mu.Unlock()
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

// sensesOf lists word's synsets in one part of speech (adjectives with
// their satellites), most frequent first; a corrupt index line has none.
func (wn *WordNet) sensesOf(word string, pos byte) []key {
	ids, _ := wn.index[pos].senses(word, pos)
	return ids
}

// Modifier reports whether word is mostly an adjective or adverb: WordNet
// lists more of its senses (and its base forms') as adjectives and
// adverbs than as nouns and verbs ("revolutionary", "quickly"). A claim's
// subject is rarely one.
func (wn *WordNet) Modifier(word string) bool {
	mod, other := 0, 0
	for _, lm := range wn.lemmas(word) {
		for _, id := range lm.synsets {
			switch id.pos {
			case 'a', 'r':
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
			if id.pos == 'v' {
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
