package claims

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// Word alignment grades a claim word against a passage word: the same
// stem is a full match; a WordNet synonym ("mandatory" for "required") is
// nearly one; a GloVe neighbour counts by its cosine above a floor. GloVe
// puts antonyms close too ("increase"/"decrease" 0.88), so a WordNet
// antonym is never a match: it is a conflict cue instead.
const (
	synonymMatch = 0.85
	gloveFloor   = 0.55 // below this a GloVe cosine is no evidence of meaning
	gloveCap     = 0.8  // a neighbour never counts as much as a synonym
)

// wordCache memoises word-pair decisions across checks: WordNet lookups
// walk several synsets, and the same pairs recur in every draft.
type wordCache struct {
	pairs sync.Map // "a\x00b" -> pairInfo
	known sync.Map // word -> knownIn
}

// knownIn says which models hold a word. A pair is graded by a model only
// when both words are in it, so a word in neither (a SKU, a made-up name:
// a pasted price list has thousands) is settled once, not against every
// passage word.
type knownIn struct{ wordNet, glove bool }

type pairInfo struct {
	sim      float64
	antonyms bool
}

func newWordCache() *wordCache { return &wordCache{} }

// pair grades the words a (claim) and b (passage), both lower case.
func (r *Resources) pair(a, b string) pairInfo {
	if a == b {
		return pairInfo{sim: 1}
	}
	c := r.cache()
	ka, kb := r.knownIn(c, a), r.knownIn(c, b)
	wordNet, glove := ka.wordNet && kb.wordNet, ka.glove && kb.glove
	if !wordNet && !glove {
		return pairInfo{}
	}
	key := a + "\x00" + b
	if v, ok := c.pairs.Load(key); ok {
		return v.(pairInfo)
	}
	var p pairInfo
	if wordNet {
		if r.WordNet.AreAntonyms(a, b) {
			p.antonyms = true
		} else if isSynonym(r, a, b) {
			p.sim = synonymMatch
		}
	}
	if !p.antonyms && p.sim == 0 && glove {
		if s, ok := r.GloVe.Similarity(a, b); ok && s >= gloveFloor {
			p.sim = min(gloveCap, s)
		}
	}
	c.pairs.Store(key, p)
	return p
}

func (r *Resources) knownIn(c *wordCache, w string) knownIn {
	if v, ok := c.known.Load(w); ok {
		return v.(knownIn)
	}
	var k knownIn
	if r.WordNet != nil {
		k.wordNet = r.WordNet.Has(w)
	}
	if r.GloVe != nil {
		_, k.glove = r.GloVe.Rank(w)
	}
	c.known.Store(w, k)
	return k
}

// isSynonym: b is a WordNet synonym of a, or the other way round (the
// lists differ by direction for inflected forms).
func isSynonym(r *Resources, a, b string) bool {
	for _, w := range r.WordNet.Synonyms(a) {
		if w == b {
			return true
		}
	}
	for _, w := range r.WordNet.Synonyms(b) {
		if w == a {
			return true
		}
	}
	return false
}

// lexWords are an analysis's content words by stem, in the lower-case
// surface form the models look up.
func lexWords(a analysis) map[string]string {
	out := make(map[string]string, len(a.stems))
	for st := range a.stems {
		w := strings.ToLower(a.word(st))
		out[st] = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	}
	return out
}

// alignment is how a unit's words cover a claim's.
type alignment struct {
	exact, soft float64         // IDF-weighted coverage of the claim's words
	synonym     float64         // share covered by a synonym or neighbour only
	softNonName float64         // soft coverage of the words that are not names
	weak        map[string]bool // claim stems with no match better than 0.5
	antonym     string          // a claim word the unit opposes ("required" / "optional")
	antonymOf   string
}

// align grades every content word of the claim against the unit's words;
// a name counts only when it is the same name (a swapped product or
// office is a conflict, not a paraphrase).
func (r *Resources) align(c analysis, cw map[string]string, sorted []string, u *unit, v *corpusView) alignment {
	var al alignment
	uw := u.lexWords()
	var tot, exact, soft, syn, ntot, nsoft float64
	for _, t := range sorted {
		w := v.weight(t)
		tot += w
		if !c.names[t] {
			ntot += w
		}
		if u.a.stems[t] {
			exact += w
			soft += w
			if !c.names[t] {
				nsoft += w
			}
			continue
		}
		if c.names[t] {
			continue
		}
		best := 0.0
		for _, s := range u.wordOrder() {
			word := uw[s]
			if c.stems[s] {
				continue // that unit word already matches a claim word
			}
			p := r.pair(cw[t], word)
			if p.antonyms && al.antonym == "" {
				al.antonym, al.antonymOf = cw[t], word
			}
			best = max(best, p.sim)
		}
		soft += w * best
		syn += w * best
		nsoft += w * best
		if best < 0.5 {
			if al.weak == nil {
				al.weak = map[string]bool{}
			}
			al.weak[t] = true
		}
	}
	if tot > 0 {
		al.exact, al.soft, al.synonym = exact/tot, soft/tot, syn/tot
	}
	if ntot > 0 {
		al.softNonName = nsoft / ntot
	}
	return al
}

// wordOrder is the unit's stems sorted, so that which antonym a claim
// word meets first (and so the explanation) never depends on map order.
func (u *unit) wordOrder() []string {
	if u.order == nil {
		u.order = slices.Sorted(maps.Keys(u.lexWords()))
	}
	return u.order
}

// lexWords of a unit, computed once per check.
func (u *unit) lexWords() map[string]string {
	if u.words == nil {
		u.words = lexWords(u.a)
	}
	return u.words
}
