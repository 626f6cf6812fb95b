package claims

import "sync"

// sentenceMemo remembers the analyses of corpus sentences across checks.
// An eval re-reads the same retrieved passages for every question and a
// writer re-checks a draft against the same pages; analysing them again
// was a quarter of an eval's time. An analysis is a function of its text
// and of whether its sentence-initial capitalised stems are known names,
// so an entry keeps the stems it asked about and what known said of each:
// it is reused only where known says the same.
type sentenceMemo struct {
	mu    sync.Mutex
	names map[string]map[string]bool // text -> names, read with no known names
	full  map[string][]memoEntry     // text -> analyses with their clauses
	size  int
}

type memoEntry struct {
	asked []string
	known []bool
	a     analysis
}

// memoCap bounds the entries; past it the memo starts over, which costs a
// re-analysis and keeps a long-running app's memory flat.
const memoCap = 8192

// maxMemoVariants: a sentence analysed under more known-name sets than
// this is analysed afresh each time rather than remembered again.
const maxMemoVariants = 4

func newSentenceMemo() *sentenceMemo {
	return &sentenceMemo{names: map[string]map[string]bool{}, full: map[string][]memoEntry{}}
}

// knownName is known[st], noting st in asked when asked is set.
func knownName(known map[string]bool, st string, asked *[]string) bool {
	if asked != nil {
		*asked = append(*asked, st)
	}
	return known[st]
}

// namesOf is analyze(text, nil).names. The result is shared: read only.
func (m *sentenceMemo) namesOf(text string) map[string]bool {
	if m == nil {
		return analyze(text, nil).names
	}
	m.mu.Lock()
	n, ok := m.names[text]
	m.mu.Unlock()
	if ok {
		return n
	}
	n = analyze(text, nil).names
	m.mu.Lock()
	m.room()
	m.names[text] = n
	m.size++
	m.mu.Unlock()
	return n
}

// analyzed is analyze(text, known) with its clauses (splitClauses). The
// result's maps and slices are shared between checks: read only, as every
// analysis is once made (merge builds new ones).
func (m *sentenceMemo) analyzed(text string, known map[string]bool) analysis {
	if m == nil {
		a := analyze(text, known)
		a.clauses = splitClauses(text, known)
		return a
	}
	m.mu.Lock()
	entries := m.full[text]
	m.mu.Unlock()
	for _, e := range entries {
		if e.matches(known) {
			return e.a
		}
	}
	var asked []string
	a := analyzeNoting(text, known, &asked)
	a.clauses = splitClausesNoting(text, known, &asked)
	if len(entries) >= maxMemoVariants {
		return a
	}
	e := memoEntry{asked: asked, known: make([]bool, len(asked)), a: a}
	for i, st := range asked {
		e.known[i] = known[st]
	}
	m.mu.Lock()
	m.room()
	m.full[text] = append(m.full[text], e)
	m.size++
	m.mu.Unlock()
	return a
}

func (e memoEntry) matches(known map[string]bool) bool {
	for i, st := range e.asked {
		if known[st] != e.known[i] {
			return false
		}
	}
	return true
}

// room empties the memo when it is full; m.mu is held.
func (m *sentenceMemo) room() {
	if m.size < memoCap {
		return
	}
	clear(m.names)
	clear(m.full)
	m.size = 0
}
