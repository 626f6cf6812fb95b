// Package stem is a memoised kljensen/snowball English stemmer shared by the lexical analyzer and the offline embedder.
package stem

import (
	"sync"

	"github.com/kljensen/snowball/english"
)

// maxEntries bounds the memo; past it words are stemmed without caching.
const maxEntries = 1 << 18

var (
	mu   sync.RWMutex
	memo = make(map[string]string, 1<<14)
)

// English stems a lower-case word. Snowball spends most of its time
// converting strings to runes; a corpus repeats its vocabulary, so the
// memo turns almost every call into a map read.
func English(word string) string {
	mu.RLock()
	s, ok := memo[word]
	mu.RUnlock()
	if ok {
		return s
	}
	s = english.Stem(word, false)
	mu.Lock()
	if len(memo) < maxEntries {
		memo[word] = s
	}
	mu.Unlock()
	return s
}
