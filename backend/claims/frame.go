package claims

import "strings"

// A swapped name is a conflict only when the rest of both sentences says
// the same thing about it: "The ZipFile parameter is omitted from the logs
// for CreateFunction" against "… for PublishLayerVersion". Two sentences
// that merely share a topic name different things because they are about
// different things ("FunctionName – the name of the Lambda function"
// against "AliasArn – the function ARN qualified by the alias name"): most
// false alarms on documentation written elsewhere were of that kind.

// frameShare is the minimum share of each side's words that are not names
// which the other side also says (the word or a close GloVe neighbour).
// Chosen on the development sets (pairs train, handbook-dev, the sample).
const frameShare = 0.5

// frameNeighbour is the word similarity (WordNet synonym, or GloVe
// neighbour that is no antonym) at which two different words say the same.
const frameNeighbour = 0.6

// sameFrame reports whether the claim and one sentence of the unit (or the
// whole unit) share their words that are not names, both ways: the unit's
// sentence says the claim's predicate and adds little else.
func (cx *cueContext) sameFrame(u *unit) bool {
	claim := frameWords(cx.ca)
	// A table cell is its row's label, its column's header and a value:
	// the row states many facts, and the claim picks one.
	if len(claim) == 0 || u.cell {
		return true // or nothing but names: the swap is the whole claim
	}
	sides := append([]analysis{u.a}, u.parts...)
	for _, p := range sides {
		words := frameWords(p)
		if len(words) == 0 {
			continue
		}
		if cx.covered(words, p, claim, cx.ca) >= frameShare && cx.covered(claim, cx.ca, words, p) >= frameShare {
			return true
		}
	}
	return false
}

// frameWords are the content stems of a that are not names.
func frameWords(a analysis) []string {
	var out []string
	for t := range a.stems {
		if !a.names[t] {
			out = append(out, t)
		}
	}
	return out
}

// covered is the share of words (of a) that b says: the same stem, a
// synonym or a GloVe neighbour of one of b's words.
func (cx *cueContext) covered(words []string, a analysis, other []string, b analysis) float64 {
	n := 0
	for _, t := range words {
		if b.stems[t] {
			n++
			continue
		}
		if cx.res == nil {
			continue
		}
		x := strings.ToLower(a.surface[t])
		for _, o := range other {
			if cx.res.pair(x, strings.ToLower(b.surface[o])).sim >= frameNeighbour {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(words))
}
