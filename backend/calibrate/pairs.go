package calibrate

import (
	"strings"

	"continuity/backend/history"
	"continuity/backend/retrieval"
)

// Kind is the kind of fact change a pair comes from.
type Kind string

// The kinds calibrate learns from; other changes say nothing about
// contradiction (a removal, a sentence reworded without a changed slot).
const (
	KindValue    Kind = "value"    // a number, amount, duration, date or time
	KindPolarity Kind = "polarity" // a negation added or dropped
	KindName     Kind = "name"     // a word in a slot swapped: a name, a tool, an office
)

// Kinds is every kind, in report order.
var Kinds = []Kind{KindValue, KindPolarity, KindName}

// Why a change gave no pair.
const (
	SkipRemoved     = "removed: nothing took the sentence's place"
	SkipReworded    = "reworded: no value, negation or name changed"
	SkipRepublished = "published again since (reverted)"
	SkipNoCurrent   = "the page no longer says anything in its place"
	SkipDuplicate   = "the same sentence changed more than once"
)

// maxNameWords bounds each side of a swapped slot that makes a wording
// change a name change; longer stretches are a rewritten sentence.
const maxNameWords = 4

// Change is one fact change as calibrate uses it: two pairs, the old
// sentence (expected contradicted) and the current one (expected
// supported).
type Change struct {
	DocID   string `json:"doc_id"`
	Title   string `json:"title"`
	Kind    Kind   `json:"kind"`
	Old     string `json:"old"`
	Current string `json:"current"`
	Commit  string `json:"commit,omitempty"`
}

// changesOf picks the changes that make pairs from the index's
// superseded sentences and counts, by reason, those that do not.
func changesOf(sups []retrieval.Superseded) ([]Change, map[string]int) {
	skipped := map[string]int{}
	seen := map[string]bool{}
	var out []Change
	for _, s := range sups {
		if reason := skipReason(s); reason != "" {
			skipped[reason]++
			continue
		}
		kind, ok := kindOf(s.Text, s.Current)
		if !ok {
			skipped[SkipReworded]++
			continue
		}
		key := norm(s.Text)
		if seen[key] {
			skipped[SkipDuplicate]++
			continue
		}
		seen[key] = true
		out = append(out, Change{DocID: s.DocID, Title: s.Title, Kind: kind, Old: s.Text, Current: s.Current, Commit: s.Commit})
	}
	return out, skipped
}

func skipReason(s retrieval.Superseded) string {
	switch {
	case strings.TrimSpace(s.Replacement) == "":
		return SkipRemoved
	case s.Republished:
		return SkipRepublished
	case strings.TrimSpace(s.Current) == "":
		return SkipNoCurrent
	case norm(s.Current) == norm(s.Text):
		return SkipRepublished
	}
	return ""
}

// kindOf is the kind of the change from old to what the page says now
// (a fact changed twice is judged against its latest value).
func kindOf(old, current string) (Kind, bool) {
	kind, vals := history.Describe(old, current)
	switch kind {
	case history.KindValue:
		return KindValue, true
	case history.KindPolarity:
		return KindPolarity, true
	case history.KindWording:
		for _, v := range vals {
			if v.Old != "" && v.New != "" && words(v.Old) <= maxNameWords && words(v.New) <= maxNameWords {
				return KindName, true
			}
		}
	}
	return "", false
}

func words(s string) int { return len(strings.Fields(s)) }

func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
