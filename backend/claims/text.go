package claims

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
	"continuity/backend/text"
)

// analysis is what the offline engine knows about one sentence or claim.
type analysis struct {
	src     string
	terms   []string        // content stems, canonical, in order (may repeat)
	stems   map[string]bool // set of terms
	names   map[string]bool // stems of names (capitalised terms)
	qty     []numbers.Quantity
	qtext   []string          // how each quantity was written
	qctx    []map[string]bool // content stems near each quantity
	clauses []analysis        // for sentences: clause by clause, for polarity
	neg     int               // negations; parity is the polarity
	// negScope holds the first content stem after each negation ("chang"
	// in "can't change region"): what the negation denies. negOpen marks a
	// negation with no such word ("costs nothing", "none of"), which may
	// deny anything in the clause.
	negScope []string
	negOpen  bool
	only     bool
	hist     bool
	past     bool     // speaks of the past only (pastMarkers)
	tokens   []string // every lower-case word, for antonym checks
	cased    []string // the same words as written
	// modifiers maps a name that qualifies the next one ("Tallyhub" in
	// "Tallyhub Insights") to that head name.
	modifiers map[string]string
	surface   map[string]string // stem -> first word written, for explanations
}

var onlyShare = setOf(`part one some partly partially half`)

var weekdayOrMonth = setOf(`monday tuesday wednesday thursday friday saturday sunday january february march april may
june july august september october november december i`)

// analyze reads text; known holds name stems seen mid-sentence in the
// corpus so that a sentence-initial "Business" still counts as a name.
func analyze(text string, known map[string]bool) analysis {
	return analyzeNoting(text, known, nil)
}

// analyzeNoting is analyze; asked, when set, collects the stems whose entry
// in known the result depended on (so sentenceMemo can reuse it).
func analyzeNoting(text string, known map[string]bool, asked *[]string) analysis {
	a := analysis{src: text, stems: map[string]bool{}, names: map[string]bool{}}
	norm := canonicalPhrases(text)
	ws := words(norm)
	qc := newQuantityContext(norm, ws)
	var days *dayScope         // built on the first day set: most texts have none
	var ids []numbers.Quantity // "v2": an identifier, compared as a name
	for _, q := range numbers.Extract(text) {
		if q.Kind == numbers.Count && len(q.Name) == 1 {
			ids = append(ids, q)
			continue
		}
		if q.Kind == numbers.Days {
			if days == nil {
				days = newDayScope(text)
			}
			if days.negated(q) {
				q = numbers.Complement(q)
			}
		}
		a.qty = append(a.qty, q)
		a.qtext = append(a.qtext, strings.TrimSpace(text[q.Start:q.End]))
		a.qctx = append(a.qctx, qc.contextStems(q))
	}
	for _, q := range ids {
		id := q.Name + strconv.FormatFloat(q.Value, 'f', -1, 64)
		a.stems[id], a.names[id] = true, true
		a.terms = append(a.terms, id)
	}
	lower := strings.ToLower(text)
	for _, m := range histMarkers {
		if strings.Contains(lower, m) {
			a.hist = true
		}
	}
	for _, m := range pastMarkers {
		if strings.Contains(lower, m) {
			a.past = true
		}
	}
	inQty, inID := newSpanCursor(a.qty), newSpanCursor(ids)
	scopePending := false
	first := true
	prevName := ""
	for wi, w := range ws {
		lw := strings.ToLower(strings.ReplaceAll(w.text, "’", "'"))
		a.tokens = append(a.tokens, lw)
		a.cased = append(a.cased, w.text)
		// a table cell starts like a sentence: "| Custom |" is no name
		isFirst := first || strings.HasSuffix(strings.TrimRight(norm[:w.start], " *_"), "|")
		first = false
		if negators[lw] || strings.HasSuffix(lw, "n't") {
			a.neg++
			if pronounNegators[lw] {
				a.negOpen = true
			} else {
				scopePending = true
			}
			continue
		}
		// "only part of the picture", "only one of": a share, not an
		// exclusive list.
		if lw == "only" && (wi+1 == len(ws) || !onlyShare[strings.ToLower(ws[wi+1].text)]) {
			a.only = true
		}
		if inQty.contains(w.start) || stopwords[lw] || inID.contains(w.start) {
			// "not 30 days": a figure is denied, which the number cues read
			if scopePending && !stopwords[lw] {
				a.negOpen, scopePending = true, false
			}
			continue
		}
		st := stem(lw)
		if st == "" {
			continue
		}
		a.terms = append(a.terms, st)
		a.stems[st] = true
		if scopePending {
			a.negScope, scopePending = append(a.negScope, st), false
		}
		// A lone capital letter ("E-mail", "Plan B" aside) names nothing.
		if hasUpper(w.text) && !weekdayOrMonth[lw] && len(st) > 1 && (!isFirst || knownName(known, st, asked) || upperCount(w.text) > 1) {
			a.names[st] = true
			if prevName != "" {
				if a.modifiers == nil {
					a.modifiers = map[string]string{}
				}
				a.modifiers[prevName] = st
			}
			prevName = st
		} else {
			prevName = ""
		}
		if a.surface == nil {
			a.surface = map[string]string{}
		}
		if _, ok := a.surface[st]; !ok {
			a.surface[st] = w.text
		}
	}
	a.negOpen = a.negOpen || scopePending
	return a
}

// stem lower-cases, strips possessives, stems with text.Stem and maps the
// result through the synonym lexicon.
func stem(w string) string {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "'")
	if w == "" {
		return ""
	}
	w = americanSpelling(w)
	s := text.Stem(w)
	if c, ok := synonyms[s]; ok {
		return c
	}
	return s
}

type word struct {
	text  string
	start int
}

// words splits on anything but letters, digits and inner apostrophes or
// hyphens; hyphenated words are split into their parts.
func words(s string) []word { return appendWords(nil, s, -1) }

func hasUpper(s string) bool { return upperCount(s) > 0 }

func upperCount(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsUpper(r) {
			n++
		}
	}
	return n
}

// canonicalPhrases replaces multi-word terms with one word padded to the
// same length, so quantity offsets stay valid. Phrases are ASCII, so an
// ASCII-only lower case keeps every offset of the copy aligned with the
// text. A rewrite can complete an earlier occurrence ("in in full"), so
// the search resumes just before it rather than after it.
func canonicalPhrases(s string) string {
	buf := []byte(s)
	lower := []byte(s)
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	for _, p := range phrases {
		rep := p.to + strings.Repeat(" ", len(p.from)-len(p.to))
		for pos := 0; ; {
			i := bytes.Index(lower[pos:], []byte(p.from))
			if i < 0 {
				break
			}
			i += pos
			copy(buf[i:], rep)
			copy(lower[i:], rep)
			pos = max(0, i-len(p.from)+1)
		}
	}
	return string(buf)
}

// polarity is true for a negated statement, after antonym swaps against
// other: "never leave" agrees with "stay".
func (a analysis) polarity(other analysis) bool {
	neg := a.neg%2 == 1
	for _, t := range a.terms {
		for _, ant := range antonyms[t] {
			if other.stems[ant] && !other.stems[t] && !a.stems[ant] {
				neg = !neg
			}
		}
	}
	return neg
}

// splitClauses analyses each clause of a sentence on its own.
func splitClauses(text string, known map[string]bool) []analysis {
	return splitClausesNoting(text, known, nil)
}

func splitClausesNoting(text string, known map[string]bool, asked *[]string) []analysis {
	var out []analysis
	last := 0
	for _, m := range clauseBreaks(text) {
		if part := text[last:m[0]]; strings.TrimSpace(part) != "" {
			out = append(out, analyzeNoting(part, known, asked))
		}
		last = m[1]
	}
	if part := text[last:]; strings.TrimSpace(part) != "" {
		out = append(out, analyzeNoting(part, known, asked))
	}
	return out
}
