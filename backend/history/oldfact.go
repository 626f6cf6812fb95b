package history

import (
	"continuity/backend/claims/numbers"
	"continuity/backend/retrieval"
)

// OldFact is a superseded sentence read once for StatesOld and
// StatesOldValue: what changed in it, its words and its figures. A check
// asks about the same old sentence for many claims, and reading it again
// for each (the word diff, the stems, the figures of every change) was a
// seventh of the time naming the changes took.
type OldFact struct {
	s        retrieval.Superseded
	old, now string // normalised
	kind     Kind
	vals     []ValueChange
	stems    []string
	changed  map[string]bool
	figures  []figureChange // the changes of vals with figures on both sides
}

type figureChange struct{ was, is []numbers.Quantity }

// Prepare reads s for the questions OldFact answers. The answers are
// those of the package functions for s, which call it.
func Prepare(s retrieval.Superseded) *OldFact {
	f := &OldFact{s: s, old: normalize(s.Text)}
	now := s.Current
	if now == "" {
		now = s.Replacement
	}
	f.now = normalize(now)
	f.kind, f.vals = Describe(s.Text, s.Replacement)
	f.stems = stemsOf(s.Text)
	f.changed = changedWords(f.vals)
	for _, v := range f.vals {
		was, is := numbers.Extract(v.Old), numbers.Extract(v.New)
		if len(was) > 0 && len(is) > 0 { // else a word changed beside the figures
			f.figures = append(f.figures, figureChange{was, is})
		}
	}
	return f
}
