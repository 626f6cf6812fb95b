package text

import (
	"sync"

	"github.com/kljensen/snowball/english"
)

// maxStems bounds the memo; past it words are stemmed without caching.
const maxStems = 1 << 18

var (
	stemMu   sync.RWMutex
	stemMemo = make(map[string]string, 1<<14)
)

// Stem is the one English stemmer (Snowball, as kljensen/snowball
// implements it) behind every comparison of words: the lexical index,
// the offline embedder, claim matching and the eval metrics. Two packages
// stemming differently would see "refunds" and "refund" as the same word
// in one place and different words in another. w should be lower-case.
//
// Snowball spends most of its time converting strings to runes; a corpus
// repeats its vocabulary, so the memo turns almost every call into a map
// read.
func Stem(w string) string {
	stemMu.RLock()
	s, ok := stemMemo[w]
	stemMu.RUnlock()
	if ok {
		return s
	}
	s = english.Stem(w, false)
	stemMu.Lock()
	if len(stemMemo) < maxStems {
		stemMemo[w] = s
	}
	stemMu.Unlock()
	return s
}
