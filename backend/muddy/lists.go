package muddy

import (
	"strings"
)

// Items of a coordinated noun list are short; anything longer is a clause.
const maxItemWords = 4

// listEndingAt finds a coordinated list ("A, B and C", "A and B") that
// ends exactly at s[:end] and returns its items, first to last.
func listEndingAt(s string, end int) []string {
	clause := s[:end]
	for _, b := range []string{";", ":", "(", " — ", " – ", " - "} {
		if i := strings.LastIndex(clause, b); i >= 0 {
			clause = clause[i+len(b):]
		}
	}
	parts := strings.Split(clause, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	last := parts[len(parts)-1]
	var items []string
	if rest, ok := cutConj(last); ok && len(parts) >= 3 { // Oxford comma: "A, B, and C"
		items = append(items, parts[1:len(parts)-1]...)
		items = append(items, rest)
	} else {
		c := lastConj(last)
		if c.at < 0 {
			return nil
		}
		x, z := strings.TrimSpace(last[:c.at]), strings.TrimSpace(last[c.at+c.n:])
		if len(parts) == 1 {
			// "We screen prompts and responses": the first item is the
			// tail of the lead-in
			x = tailWords(x, len(tokensOf(z)))
		} else {
			items = append(items, parts[1:len(parts)-1]...)
		}
		items = append(items, x, z)
	}
	if len(parts) > 1 {
		first := tailWords(parts[0], len(tokensOf(items[len(items)-1])))
		items = append([]string{first}, items...)
	}
	for _, it := range items {
		if !nounPhrase(it) {
			return nil
		}
	}
	return items
}

type conj struct{ at, n int }

func cutConj(s string) (string, bool) {
	for _, c := range []string{"and ", "or "} {
		if rest, ok := strings.CutPrefix(s, c); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

func lastConj(s string) conj {
	best := conj{at: -1}
	for _, c := range []string{" and ", " or "} {
		if i := strings.LastIndex(s, c); i > best.at {
			best = conj{at: i, n: len(c)}
		}
	}
	return best
}

// tailWords is the item at the end of a lead-in: its last capitalized
// run when it ends in a name, else as many words as the list's last
// item, never reaching back past a function word.
func tailWords(s string, n int) string {
	ts := tokensOf(s)
	if len(ts) == 0 {
		return ""
	}
	i := len(ts) - 1
	if ts[i].capitalized() {
		for i > 0 && ts[i-1].capitalized() && len(ts)-i < maxItemWords && !(i-1 == 0 && functionWords[ts[0].lower()]) {
			i--
		}
		return s[ts[i].start:ts[len(ts)-1].end]
	}
	for i > 0 && len(ts)-i < max(n, 1) && !functionWords[ts[i-1].lower()] {
		i--
	}
	if functionWords[ts[i].lower()] {
		return ""
	}
	return s[ts[i].start:ts[len(ts)-1].end]
}

// nounPhrase: a short item with no verb-like function word or
// contraction in it ("the EU region", not "can't be restored").
func nounPhrase(item string) bool {
	ts := tokensOf(item)
	if len(ts) == 0 || len(ts) > maxItemWords {
		return false
	}
	for _, t := range ts {
		w := t.lower()
		if functionWords[w] && !itemWords[w] || clauseStarts[w] && !itemWords[w] {
			return false
		}
		for _, c := range []string{"n't", "n’t", "'re", "’re", "'ve", "’ve", "'ll", "’ll"} {
			if strings.HasSuffix(w, c) {
				return false
			}
		}
	}
	return true
}
