package claims

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
)

// The helpers here let analyze read a text in one pass: its words are
// split once and indexed by offset, so the context of each quantity, the
// clause of each day set and "is this word inside a quantity" cost a
// binary search or a cursor step instead of a rescan of the text (which
// made a period-free price list quadratic).

// appendWords appends the words of s to out, at most n of them when n is
// not negative; words(s) is appendWords(nil, s, -1).
func appendWords(out []word, s string, n int) []word {
	got := 0
	start := -1
	for i, r := range s {
		// An identifier ("FUNCTION_CONFIG_NOT_VALID", "max_connections")
		// is one word: its parts are no negators or names of their own.
		inner := start >= 0 && i+1 < len(s) && ((r == '\'' || r == '’') && unicode.IsLetter(rune(s[i+1])) ||
			r == '_' && isAlnumByte(s[i+1]))
		if unicode.IsLetter(r) || unicode.IsDigit(r) || inner {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, word{text: s[start:i], start: start})
			start = -1
			if got++; n >= 0 && got >= n {
				return out
			}
		}
	}
	if start >= 0 && (n < 0 || got < n) {
		out = append(out, word{text: s[start:], start: start})
	}
	return out
}

func isAlnumByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// quantityContext finds the words around quantities of one text. before
// and after hold the offsets of the marks that end a quantity's context
// on each side (see contextStems).
type quantityContext struct {
	text          string
	ws            []word
	before, after []int
}

func newQuantityContext(text string, ws []word) *quantityContext {
	c := &quantityContext{text: text, ws: ws}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ',', ';', '|':
			c.before = append(c.before, i)
			c.after = append(c.after, i)
		case '(':
			c.before = append(c.before, i)
		case ')', '.':
			c.after = append(c.after, i)
		}
	}
	return c
}

// contextStems are the content stems within four words before and two
// after a quantity, inside its clause: what the number is about.
func (c *quantityContext) contextStems(q numbers.Quantity) map[string]bool {
	out := map[string]bool{}
	lo := 0 // the context starts after the last mark before the quantity
	if k := sort.SearchInts(c.before, q.Start); k > 0 {
		lo = c.before[k-1] + 1
	}
	hi := len(c.text)
	if k := sort.SearchInts(c.after, q.End); k < len(c.after) {
		hi = c.after[k]
	}
	// The last four words before q.Start are the last four words that
	// start in [lo, q.Start); re-reading from the first of them keeps the
	// cut at q.Start exactly as reading text[lo:q.Start] would.
	end := sort.Search(len(c.ws), func(k int) bool { return c.ws[k].start >= q.Start })
	first := sort.Search(len(c.ws), func(k int) bool { return c.ws[k].start >= lo })
	var bw []word
	if from := max(first, end-4); from < end {
		bw = words(c.text[c.ws[from].start:q.Start])
	}
	aw := appendWords(nil, c.text[q.End:max(hi, q.End)], 2)
	for _, w := range append(bw, aw...) {
		lw := strings.ToLower(w.text)
		if stopwords[lw] || negators[lw] || numbers.IsNumberWord(lw) {
			continue
		}
		if st := stem(lw); st != "" {
			out[st] = true
		}
	}
	return out
}

// spanCursor answers "is offset i inside one of these quantities" for
// offsets asked in increasing order.
type spanCursor struct {
	iv [][2]int // disjoint, sorted
	k  int
}

func newSpanCursor(qs []numbers.Quantity) *spanCursor {
	var iv [][2]int
	for _, q := range qs {
		if q.Start < q.End {
			iv = append(iv, [2]int{q.Start, q.End})
		}
	}
	slices.SortFunc(iv, func(a, b [2]int) int { return a[0] - b[0] })
	var merged [][2]int
	for _, s := range iv {
		if n := len(merged); n > 0 && s[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], s[1])
			continue
		}
		merged = append(merged, s)
	}
	return &spanCursor{iv: merged}
}

func (c *spanCursor) contains(i int) bool {
	for c.k < len(c.iv) && c.iv[c.k][1] <= i {
		c.k++
	}
	return c.k < len(c.iv) && c.iv[c.k][0] <= i
}

// dayScope answers dayClauseNegated for every day set of one text from
// one pass: the clause breaks, and how many negating words precede each
// word.
type dayScope struct {
	n      int
	breaks [][]int
	starts []int
	negs   []int // negs[k]: negating words among the first k words
}

func newDayScope(text string) *dayScope {
	d := &dayScope{n: len(text), breaks: clauseBreaks(text)}
	ws := words(text)
	d.starts = make([]int, len(ws))
	d.negs = make([]int, len(ws)+1)
	for k, w := range ws {
		d.starts[k] = w.start
		lw := strings.ToLower(strings.ReplaceAll(w.text, "’", "'"))
		d.negs[k+1] = d.negs[k]
		if negators[lw] || strings.HasSuffix(lw, "n't") || closedWords[lw] {
			d.negs[k+1]++
		}
	}
	return d
}

// negated: a day set in a negated clause ("closed on weekends", "no
// support on Sundays") stands for the days it leaves out. The clause runs
// from the end of the last break before the quantity to the first break
// after it.
func (d *dayScope) negated(q numbers.Quantity) bool {
	a, b := 0, d.n
	if k := sort.Search(len(d.breaks), func(k int) bool { return d.breaks[k][1] > q.Start }); k > 0 {
		a = d.breaks[k-1][1]
	}
	if k := sort.Search(len(d.breaks), func(k int) bool { return d.breaks[k][0] >= q.End }); k < len(d.breaks) {
		b = d.breaks[k][0]
	}
	if a >= b {
		return false
	}
	lo := sort.SearchInts(d.starts, a)
	hi := sort.SearchInts(d.starts, b)
	return d.negs[hi] > d.negs[lo]
}
