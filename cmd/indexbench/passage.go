package main

import (
	"slices"
	"strings"
	"unicode"

	"continuity/backend/corpus"
)

// evidencePrefix is how many leading evidence words must appear in order
// for a chunk to hold the passage; evidenceShare is the fallback share of
// its distinct words, for passages cut by a chunk boundary or by markup.
const (
	evidencePrefix = 12
	evidenceShare  = 0.8
)

// passage is a claim's evidence as words, ready to test chunks against.
type passage struct{ prefix, distinct []string }

// newPassage parses the evidence as Markdown first: chunks hold the text the
// corpus package extracted (links reduced to their text, emphasis dropped),
// so the raw evidence would keep URL words no chunk contains.
func newPassage(evidence string) passage {
	text := evidence
	if d, err := corpus.Parse("evidence.md", "md", []byte(evidence)); err == nil {
		text = d.Text
	}
	w := normWords(text)
	p := passage{prefix: w[:min(evidencePrefix, len(w))]}
	seen := map[string]bool{}
	for _, x := range w {
		if !seen[x] {
			seen[x] = true
			p.distinct = append(p.distinct, x)
		}
	}
	return p
}

// chunkWords is a chunk's word sequence and set, computed once per chunk.
type chunkWords struct {
	seq []string
	set map[string]bool
}

func newChunkWords(text string) chunkWords {
	c := chunkWords{seq: normWords(text), set: map[string]bool{}}
	for _, w := range c.seq {
		c.set[w] = true
	}
	return c
}

// in says whether chunk c holds the passage.
func (p passage) in(c chunkWords) bool {
	if len(p.prefix) == 0 {
		return false
	}
	for i := 0; i+len(p.prefix) <= len(c.seq); i++ {
		if slices.Equal(c.seq[i:i+len(p.prefix)], p.prefix) {
			return true
		}
	}
	found := 0
	for _, w := range p.distinct {
		if c.set[w] {
			found++
		}
	}
	return float64(found) >= evidenceShare*float64(len(p.distinct))
}

// containsEvidence says whether chunk text holds the evidence passage.
func containsEvidence(chunkText, evidence string) bool {
	return newPassage(evidence).in(newChunkWords(chunkText))
}

// normWords lower-cases s and splits it into runs of letters and digits, so
// wrapping, indentation, punctuation and table pipes do not matter.
func normWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
