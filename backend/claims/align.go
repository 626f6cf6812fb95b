package claims

import (
	"context"
	"math"
	"strings"

	"continuity/backend/claims/numbers"
)

// unit is one corpus sentence, two or three adjacent ones, or a table
// cell or row, that a claim can be aligned with.
type unit struct {
	passage    *Passage
	start, end int // byte offsets of the quote in passage.Text
	a          analysis
	parts      []analysis            // the sentences, for per-sentence polarity
	cell       bool                  // a table cell read with its row and column labels
	sents      int                   // sentences joined (1 for a sentence or a cell)
	negNames   map[string]bool       // see negatedNames
	bySlot     map[slotKey][]slotQty // see slots
	words      map[string]string     // see lexWords
	order      []string              // see wordOrder
	vec        []float32             // sentence vector; nil without vectors
}

// quote is the verbatim evidence text.
func (u *unit) quote() string { return u.passage.Text[u.start:u.end] }

// negatedNames reads the quote's negated names once per check: a claim
// with many names would otherwise re-read the quote for each of them.
func (u *unit) negatedNames() map[string]bool {
	if u.negNames == nil {
		u.negNames = negatedNames(u.quote())
	}
	return u.negNames
}

// corpusView holds the analysed passages of one check.
type corpusView struct {
	units map[string][]*unit           // by chunk key: sentences then adjacent pairs
	known map[string]bool              // name stems seen capitalised mid-sentence
	title map[*Passage]map[string]bool // name stems of each passage's title
	df    map[string]int
	n     int
	// docDF counts the documents whose sentences use a stem, of docs
	// retrieved: the organisation's own name is in most of them.
	docDF map[string]int
	docs  int
	// stems of each passage's text and title, made on first use
	pstems map[*Passage]map[string]bool
}

// passageHas: the passage's title or text uses stem t.
func (v *corpusView) passageHas(p *Passage, t string) bool {
	if v.pstems == nil {
		v.pstems = map[*Passage]map[string]bool{}
	}
	st, ok := v.pstems[p]
	if !ok {
		st = analyze(p.Title+"\n\n"+p.Text, v.known).stems
		v.pstems[p] = st
	}
	return st[t]
}

func chunkKey(p Passage) string {
	if p.ChunkID != "" {
		return p.ChunkID
	}
	return p.DocID + "\x00" + p.Text
}

// newCorpusView analyses passages, reusing memo's analyses (memo may be
// nil); it stops with ctx's error when ctx is
// done, checked once per passage.
func newCorpusView(ctx context.Context, passages []Passage, memo *sentenceMemo) (*corpusView, error) {
	v := &corpusView{units: map[string][]*unit{}, known: map[string]bool{}, df: map[string]int{}, title: map[*Passage]map[string]bool{}, docDF: map[string]int{}}
	inDoc := map[string]map[string]bool{}
	type sent struct {
		p    *Passage
		span Span
	}
	var all [][]sent
	for i := range passages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := &passages[i]
		var ss []sent
		for _, s := range SplitSentences(p.Text) {
			ss = append(ss, sent{p, s})
			for n := range memo.namesOf(s.Text) {
				v.known[n] = true
			}
		}
		all = append(all, ss)
	}
	for _, ss := range all {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(ss) == 0 {
			continue
		}
		key := chunkKey(*ss[0].p)
		if _, done := v.units[key]; done {
			continue
		}
		var us []*unit
		v.title[ss[0].p] = analyze(ss[0].p.Title, v.known).stems
		for _, s := range ss {
			a := memo.analyzed(s.span.Text, v.known)
			us = append(us, &unit{passage: s.p, start: s.span.Start, end: s.span.End, a: a, parts: a.clauses, sents: 1})
			v.n++
			doc := inDoc[s.p.DocID]
			if doc == nil {
				doc = map[string]bool{}
				inDoc[s.p.DocID] = doc
				v.docs++
			}
			for t := range a.stems {
				v.df[t]++
				if !doc[t] {
					doc[t] = true
					v.docDF[t]++
				}
			}
		}
		// A claim that combines two or three facts of one passage aligns
		// with the adjacent sentences that state them. Two rows of a table
		// are not combined unless the first is its header: adjacent rows
		// are other entities (a class, a plan), and a row read with the
		// next one lends it that one's cells; the table's cells, rows and
		// columns are units of their own below.
		row := func(i int) bool { return strings.HasPrefix(ss[i].span.Text, "|") }
		rows := func(i int) bool { return row(i) && row(i+1) && i > 0 && row(i-1) }
		for i := 0; i+1 < len(ss); i++ {
			if rows(i) {
				continue
			}
			x, y := us[i], us[i+1]
			us = append(us, &unit{passage: x.passage, start: x.start, end: y.end, a: merge(x.a, y.a), parts: append(append([]analysis{}, x.a.clauses...), y.a.clauses...), sents: 2})
		}
		for i := 0; i+2 < len(ss); i++ {
			if rows(i) || rows(i+1) {
				continue
			}
			x, y, z := us[i], us[i+1], us[i+2]
			us = append(us, &unit{passage: x.passage, start: x.start, end: z.end, a: merge(merge(x.a, y.a), z.a),
				parts: append(append(append([]analysis{}, x.a.clauses...), y.a.clauses...), z.a.clauses...), sents: 3})
		}
		for _, tc := range tableCells(ss[0].p.Text) {
			a := memo.analyzed(tc.text, v.known)
			us = append(us, &unit{passage: ss[0].p, start: tc.start, end: tc.end, a: a, parts: a.clauses, cell: true, sents: 1})
		}
		v.units[key] = us
	}
	return v, nil
}

// minCommonDocs: below this many retrieved documents no name is common
// by documents.
const minCommonDocs = 4

// commonName: a name in more than share of the retrieved sentences, or
// in most of the retrieved documents (the organisation, its product),
// names no slot of a claim.
func (v *corpusView) commonName(n string, share float64) bool {
	if v.n >= minCommonSentences && float64(v.df[n]) > share*float64(v.n) {
		return true
	}
	return v.docs >= minCommonDocs && 5*v.docDF[n] >= 3*v.docs
}

func merge(x, y analysis) analysis {
	m := analysis{src: x.src + " " + y.src, stems: map[string]bool{}, names: map[string]bool{},
		neg: x.neg + y.neg, only: x.only || y.only, hist: x.hist || y.hist, past: x.past || y.past}
	m.terms = append(append([]string{}, x.terms...), y.terms...)
	m.tokens = append(append([]string{}, x.tokens...), y.tokens...)
	m.cased = append(append([]string{}, x.cased...), y.cased...)
	for _, a := range []analysis{x, y} {
		for t := range a.stems {
			m.stems[t] = true
		}
		for t := range a.names {
			m.names[t] = true
		}
	}
	for _, a := range []analysis{x, y} {
		for k, val := range a.modifiers {
			if m.modifiers == nil {
				m.modifiers = map[string]string{}
			}
			m.modifiers[k] = val
		}
		for k, val := range a.surface {
			if m.surface == nil {
				m.surface = map[string]string{}
			}
			if _, ok := m.surface[k]; !ok {
				m.surface[k] = val
			}
		}
	}
	m.qty = append(append([]numbers.Quantity{}, x.qty...), y.qty...)
	m.qtext = append(append([]string{}, x.qtext...), y.qtext...)
	m.qctx = append(append([]map[string]bool{}, x.qctx...), y.qctx...)
	return m
}

// weight is an IDF weight over the sentences of this check's passages;
// a word no passage uses weighs the most.
func (v *corpusView) weight(t string) float64 {
	return 1 + math.Log(float64(v.n+1)/float64(v.df[t]+1))
}

// contextsMeet: two quantities are about the same thing when the words
// around them share a stem, or when either has no context words.
func contextsMeet(a, b map[string]bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for t := range a {
		if b[t] {
			return true
		}
	}
	return false
}

// contextPeriods maps period stems near a quantity to its rate, for
// values whose period is stated around them rather than after them
// ("the monthly price is $29", "Annual plan: $278.40").
var contextPeriods = map[string]string{"monthli": "month", "annual": "year", "weekli": "week", "daili": "day", "hour": "hour"}

// withRate fills a money amount's or count's missing rate from a period
// word in its context; a context naming two periods stays unknown.
func withRate(q numbers.Quantity, ctx map[string]bool) numbers.Quantity {
	if q.Per != "" || (q.Kind != numbers.Money && q.Kind != numbers.Count) {
		return q
	}
	found := ""
	for st, p := range contextPeriods {
		if ctx[st] {
			if found != "" && found != p {
				return q
			}
			found = p
		}
	}
	q.Per = found
	return q
}

// dateAffinity ranks how much of a date's precision another date shares:
// month and day given on both sides count, equal ones count double.
func dateAffinity(c, q numbers.Quantity) int {
	x, y := int(c.Value), int(q.Value)
	n := 0
	for _, part := range [][2]int{{(x / 100) % 100, (y / 100) % 100}, {x % 100, y % 100}} {
		if part[0] != 0 && part[1] != 0 {
			n++
			if part[0] == part[1] {
				n++
			}
		}
	}
	return n
}
