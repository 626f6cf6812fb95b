package embed

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"

	"continuity/backend/lexical/stem"
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
	counts := map[string]float64{}
	words := Terms(text)
	for i, w := range words {
		counts["w:"+w]++
		if o.BigramW > 0 && i > 0 {
			counts["b:"+words[i-1]+" "+w] += o.BigramW
		}
		if o.GramN > 0 {
			padded := "<" + w + ">"
			r := []rune(padded)
			for j := 0; j+o.GramN <= len(r); j++ {
				counts["g:"+string(r[j:j+o.GramN])] += o.GramW
			}
		}
	}
	v := make([]float32, o.Dim)
	h := fnv.New64a()
	for f, c := range counts {
		h.Reset()
		h.Write([]byte(f))
		x := h.Sum64()
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

// Terms lower-cases, drops stop words and stems with Snowball.
func Terms(text string) []string {
	fields := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := fields[:0]
	for _, f := range fields {
		if english.IsStopWord(f) {
			continue
		}
		out = append(out, stem.English(f))
	}
	return out
}
