package history

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"continuity/backend/claims/numbers"
)

// Kind is what a change did to a fact.
type Kind string

// The kinds, in the order Describe prefers them.
const (
	KindValue    Kind = "value"    // a number, amount, duration, date or time changed
	KindPolarity Kind = "polarity" // the statement was turned around: a negation added or dropped
	KindWording  Kind = "wording"  // other words changed: a name, a tool, an office, a requirement level
	KindRemoved  Kind = "removed"  // nothing took the sentence's place
)

// ValueChange is one changed stretch of the sentence, old then new, as
// written; one side is "" when words were only added or only dropped.
type ValueChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// maxValues bounds the changes listed for one sentence; a sentence
// rewritten whole is one wording change anyway.
const maxValues = 6

// Describe says what changed from old to new: the kind, and the values
// that differ (numbers by slot, then the other words that changed).
func Describe(old, new string) (Kind, []ValueChange) {
	if strings.TrimSpace(new) == "" {
		return KindRemoved, nil
	}
	vals := numberChanges(old, new)
	kind := KindWording
	switch {
	case len(vals) > 0:
		kind = KindValue
	case negations(old)%2 != negations(new)%2:
		kind = KindPolarity
	}
	for _, w := range wordChanges(old, new) {
		if len(vals) >= maxValues {
			break
		}
		if coveredBy(vals, w) {
			continue
		}
		vals = append(vals, w)
	}
	return kind, vals
}

// numberChanges pairs the quantities of one slot (kind, unit for counts)
// whose values differ while none of new's values of that slot agrees.
func numberChanges(old, new string) []ValueChange {
	qo, qn := numbers.Extract(old), numbers.Extract(new)
	var out []ValueChange
	used := map[int]bool{}
	for _, x := range qo {
		cand, same := -1, false
		for j, y := range qn {
			if x.Kind != y.Kind || (x.Kind == numbers.Count && x.Unit != y.Unit) {
				continue
			}
			if numbers.Same(x, y) {
				same = true
				break
			}
			if cand < 0 && !used[j] {
				cand = j
			}
		}
		if same || cand < 0 {
			continue
		}
		used[cand] = true
		out = append(out, ValueChange{Old: spanOf(old, x), New: spanOf(new, qn[cand])})
	}
	return out
}

func spanOf(s string, q numbers.Quantity) string {
	if q.Start >= 0 && q.Start < q.End && q.End <= len(s) {
		return s[q.Start:q.End]
	}
	return q.String()
}

var negationWords = map[string]bool{"not": true, "no": true, "never": true, "cannot": true, "none": true, "nor": true, "without": true, "neither": true}

func negations(s string) int {
	n := 0
	for _, t := range tokenize(s) {
		w := strings.ToLower(t.text)
		if negationWords[w] || strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t") {
			n++
		}
	}
	return n
}

// token is a word or number with its byte offsets.
type token struct {
	text       string
	start, end int
}

// tokenize splits s into words and numbers; ".", ",", ":", "'", "’", "-"
// and "/" join two letters or digits ("3.5", "e-mail", "don't").
func tokenize(s string) []token {
	var out []token
	start := -1
	for i, r := range s {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		joiner := strings.ContainsRune(".,:'’-/", r)
		if alnum {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && joiner {
			next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
			if unicode.IsLetter(next) || unicode.IsDigit(next) {
				continue
			}
		}
		if start >= 0 {
			out = append(out, token{s[start:i], start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, token{s[start:], start, len(s)})
	}
	return out
}

// wordChanges are the stretches of words that differ, by a longest common
// subsequence of the lower-cased words.
func wordChanges(old, new string) []ValueChange {
	a, b := tokenize(old), tokenize(new)
	if len(a)*len(b) > 1<<16 {
		return []ValueChange{{Old: old, New: new}}
	}
	n, m := len(a), len(b)
	dp := make([][]int, n+1)
	for i := range dp {
		dp[i] = make([]int, m+1)
	}
	eq := func(i, j int) bool { return strings.EqualFold(a[i].text, b[j].text) }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if eq(i, j) {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	var out []ValueChange
	i, j := 0, 0
	for i < n || j < m {
		if i < n && j < m && eq(i, j) {
			i, j = i+1, j+1
			continue
		}
		i0, j0 := i, j
		for (i < n || j < m) && !(i < n && j < m && eq(i, j)) {
			if j >= m || (i < n && dp[i+1][j] >= dp[i][j+1]) {
				i++
			} else {
				j++
			}
		}
		out = append(out, ValueChange{Old: joinSpan(old, a, i0, i), New: joinSpan(new, b, j0, j)})
	}
	return out
}

func joinSpan(s string, ts []token, from, to int) string {
	if from >= to {
		return ""
	}
	return s[ts[from].start:ts[to-1].end]
}

// coveredBy says whether a word change only restates a number change.
func coveredBy(vals []ValueChange, w ValueChange) bool {
	for _, v := range vals {
		if (w.Old == "" || strings.Contains(v.Old, w.Old)) && (w.New == "" || strings.Contains(v.New, w.New)) {
			return true
		}
	}
	return false
}
