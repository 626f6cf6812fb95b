package embed

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"

	ctext "continuity/backend/text"
)

// Offline is a weight-free embedder: signed feature hashing of stemmed
// words, word bigrams and character n-grams, with sublinear term weights.
// It needs no download and no training, so its vectors never go stale when
// the corpus changes; n-grams give it the fuzzy matching BM25 lacks.
type Offline struct {
	Dim     int
	GramN   int     // character n-gram length; 0 disables
	GramW   float64 // weight of character n-grams relative to words
	BigramW float64
}

// NewOffline returns the default offline embedder (chosen on SciFact train).
func NewOffline() *Offline { return &Offline{Dim: 256, GramN: 4, GramW: 0.35, BigramW: 0.5} }

func (o *Offline) Name() string { return "offline-hash" }
func (o *Offline) Model() string {
	return fmt.Sprintf("hash-v1-d%d-g%d-%.2f-b%.2f", o.Dim, o.GramN, o.GramW, o.BigramW)
}

// Embed never fails except on cancellation; an empty text gets a zero vector.
func (o *Offline) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = o.vector(t)
	}
	return out, nil
}

func (o *Offline) vector(text string) []float32 {
	// Features are keyed by the FNV-64a hash of their text ("w:"+word,
	// "b:"+prev+" "+word, "g:"+n-gram), computed without building the
	// strings: the string keys were most of the embedder's allocations.
	words := Terms(text)
	// About a word, a bigram and a few n-grams per word: sized up front,
	// growing the map was a quarter of the embedder's time.
	counts := make(map[uint64]float64, 6*len(words))
	var offs []int
	for i, w := range words {
		counts[fnvString(fnvString(fnvOffset, "w:"), w)]++
		if o.BigramW > 0 && i > 0 {
			h := fnvString(fnvString(fnvOffset, "b:"), words[i-1])
			h = fnvString(fnvString(h, " "), w)
			counts[h] += o.BigramW
		}
		if o.GramN > 0 {
			padded := "<" + w + ">"
			offs = offs[:0]
			for j := range padded {
				offs = append(offs, j)
			}
			offs = append(offs, len(padded))
			for j := 0; j+o.GramN < len(offs); j++ {
				counts[fnvString(fnvString(fnvOffset, "g:"), padded[offs[j]:offs[j+o.GramN]])] += o.GramW
			}
		}
	}
	v := make([]float32, o.Dim)
	for x, c := range counts {
		idx := int(x % uint64(o.Dim))
		sign := float32(1)
		if x>>63 == 1 {
			sign = -1
		}
		v[idx] += sign * float32(1+math.Log(c))
	}
	Normalize(v)
	return v
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvString continues an FNV-64a hash over s (same as hash/fnv's New64a).
func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// Terms lower-cases, drops stop words and stems with Snowball.
func Terms(text string) []string {
	var out []string
	eachTerm(text, func(t string) { out = append(out, t) })
	return out
}

// eachTerm calls fn with every term of text, in order, as Terms returns
// them, without building the lower-cased copy or the slice of words.
func eachTerm(text string, fn func(string)) {
	var buf []byte
	start := -1
	flush := func(end int) {
		w := text[start:end]
		if hasUpperOrNonASCII(w) {
			buf = append(buf[:0], strings.ToLower(w)...)
			w = string(buf)
		}
		if !english.IsStopWord(w) {
			fn(ctext.Stem(w))
		}
		start = -1
	}
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			flush(i)
		}
	}
	if start >= 0 {
		flush(len(text))
	}
}

func hasUpperOrNonASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return true
		}
	}
	return false
}
