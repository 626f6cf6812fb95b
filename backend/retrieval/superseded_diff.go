package retrieval

import (
	"strings"
	"unicode"

	"continuity/backend/text"
)

// A document's versions are compared as sequences of sentences (split as
// the index splits them), not as lines: a re-wrapped paragraph changes no
// sentence, and a changed sentence is paired with the one that took its
// place so a check can show both versions.

// VersionSentence is one sentence of a document version with its hash
// (the hash index_sentences keys it by).
type VersionSentence struct {
	Text, Hash string
}

// Replaced is a sentence of the old version that the new one no longer
// has, with the sentence of the new version that took its place; New is
// nil when the sentence was removed without a replacement.
type Replaced struct {
	Old VersionSentence
	New *VersionSentence
}

// Pairing thresholds, on the share of word stems two sentences have in
// common (Jaccard). Inside one changed stretch of the document a loose
// match is enough (a sentence rewritten in place); across the document a
// moved sentence must keep most of its words.
const (
	pairInHunk    = 0.25
	pairAnywhere  = 0.5
	maxAlignCells = 1 << 20 // bounds the LCS table; bigger edits pair by similarity alone
)

// DiffSentences lists the sentences of old that new does not hold, in
// old's order, each paired with its likely replacement. Sentences are
// compared with their white space collapsed: re-padding a Markdown table
// or re-wrapping a line changes no fact.
func DiffSentences(old, new []VersionSentence) []Replaced {
	origOld, origNew := old, new
	old, new = keyed(old), keyed(new)
	inNew, inOld := hashSet(new), hashSet(old)
	var out []Replaced
	seen := map[string]bool{}
	hunks := alignHunks(old, new)
	var added []int // indices into new of sentences old does not hold
	for j, s := range new {
		if !inOld[s.Hash] {
			added = append(added, j)
		}
	}
	stems := map[int][]string{}
	stemsOf := func(j int) []string {
		if st, ok := stems[j]; ok {
			return st
		}
		stems[j] = sentenceStems(new[j].Text)
		return stems[j]
	}
	for i, s := range old {
		if inNew[s.Hash] || seen[s.Hash] {
			continue
		}
		seen[s.Hash] = true
		mine := sentenceStems(s.Text)
		best, bestSim := -1, 0.0
		h := hunks[i]
		for _, j := range added {
			sim := jaccard(mine, stemsOf(j))
			inHunk := j >= h.from && j < h.to
			if ((inHunk && sim >= pairInHunk) || sim >= pairAnywhere) && (sim > bestSim || (sim == bestSim && inHunk)) {
				best, bestSim = j, sim
			}
		}
		r := Replaced{Old: origOld[i]}
		if best >= 0 {
			n := origNew[best]
			r.New = &n
		}
		out = append(out, r)
	}
	return out
}

// keyed puts each sentence's collapsed text where its hash was: the key
// the comparison uses (Replaced gives back the sentences as they were).
func keyed(ss []VersionSentence) []VersionSentence {
	out := make([]VersionSentence, len(ss))
	for i, s := range ss {
		out[i] = VersionSentence{Text: s.Text, Hash: wordsOf(s.Text)}
	}
	return out
}

func hashSet(ss []VersionSentence) map[string]bool {
	out := make(map[string]bool, len(ss))
	for _, s := range ss {
		out[s.Hash] = true
	}
	return out
}

// span is the range of new-version positions an old sentence's change
// stretch covers: [from, to).
type span struct{ from, to int }

// alignHunks maps each old position to the stretch of the new version
// between the last and next sentences both versions share (by a longest
// common subsequence of hashes), so a sentence is first paired with what
// was written in its place.
func alignHunks(old, new []VersionSentence) []span {
	out := make([]span, len(old))
	pre := 0
	for pre < len(old) && pre < len(new) && old[pre].Hash == new[pre].Hash {
		out[pre] = span{pre, pre}
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(new)-pre && old[len(old)-1-suf].Hash == new[len(new)-1-suf].Hash {
		suf++
	}
	a, b := old[pre:len(old)-suf], new[pre:len(new)-suf]
	for i := range a {
		out[pre+i] = span{pre, pre + len(b)}
	}
	for i := len(old) - suf; i < len(old); i++ {
		j := i - len(old) + len(new)
		out[i] = span{j, j}
	}
	if len(a) == 0 || len(b) == 0 || len(a)*len(b) > maxAlignCells {
		return out
	}
	// match[i] is the new index old a[i] is aligned with, -1 when none.
	match := lcsMatch(a, b)
	prev := -1
	for i := range a {
		if match[i] >= 0 {
			prev = match[i]
			out[pre+i] = span{pre + match[i], pre + match[i]}
			continue
		}
		next := len(b)
		for k := i + 1; k < len(a); k++ {
			if match[k] >= 0 {
				next = match[k]
				break
			}
		}
		out[pre+i] = span{pre + prev + 1, pre + next}
	}
	return out
}

func lcsMatch(a, b []VersionSentence) []int {
	n, m := len(a), len(b)
	dp := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int { return i*(m+1) + j }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i].Hash == b[j].Hash {
				dp[at(i, j)] = dp[at(i+1, j+1)] + 1
			} else {
				dp[at(i, j)] = max(dp[at(i+1, j)], dp[at(i, j+1)])
			}
		}
	}
	match := make([]int, n)
	for i := range match {
		match[i] = -1
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i].Hash == b[j].Hash:
			match[i] = j
			i, j = i+1, j+1
		case dp[at(i+1, j)] >= dp[at(i, j+1)]:
			i++
		default:
			j++
		}
	}
	return match
}

// sentenceStems are the distinct lower-cased, stemmed words and numbers.
func sentenceStems(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = text.Stem(w)
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

func jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	in := make(map[string]bool, len(a))
	for _, w := range a {
		in[w] = true
	}
	shared := 0
	for _, w := range b {
		if in[w] {
			shared++
		}
	}
	return float64(shared) / float64(len(a)+len(b)-shared)
}
