package claims

import "strings"

// clauseWords are the conjunctions that start a new clause when a space
// stands on either side.
var clauseWords = [...]string{"so", "but", "and", "because", "while", "though"}

// clauseBreaks returns the byte ranges that split text into clauses: one
// of ,;:()| on its own, a clause word between spaces, or a dash between
// spaces. It finds what the regexp
//
//	(?i)[,;:()|]|\s(so|but|and|because|while|though)\s|\s[-–—]\s
//
// finds (leftmost first, not overlapping; FuzzClauseBreaksMatchTheRegexp
// holds it to that) without a regexp's per-call state, which every
// sentence of every candidate passage paid for.
func clauseBreaks(text string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		if end := clauseBreakAt(text, i); end > i {
			out = append(out, []int{i, end})
			i = end
			continue
		}
		i++
	}
	return out
}

// clauseBreakAt is the end of the break that starts at i, or i.
func clauseBreakAt(text string, i int) int {
	if strings.IndexByte(",;:()|", text[i]) >= 0 {
		return i + 1
	}
	if !isREspace(text[i]) {
		return i
	}
	rest := text[i+1:]
	for _, dash := range [...]string{"-", "–", "—"} {
		if strings.HasPrefix(rest, dash) && len(rest) > len(dash) && isREspace(rest[len(dash)]) {
			return i + 1 + len(dash) + 1
		}
	}
	n := 0
	for n < len(rest) && !isREspace(rest[n]) {
		n++
	}
	if n == len(rest) {
		return i
	}
	for _, w := range clauseWords {
		// EqualFold folds as (?i) does, long s and Kelvin sign included.
		if strings.EqualFold(rest[:n], w) {
			return i + 1 + n + 1
		}
	}
	return i
}

// isREspace is RE2's \s: tab, newline, form feed, carriage return, space.
func isREspace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}
