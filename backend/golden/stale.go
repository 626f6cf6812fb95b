package golden

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// StaleReason says why a golden row no longer matches the corpus.
type StaleReason string

// The stale reasons. Contradicted needs the claims engine and superseded
// the index's history, so both are found by the use case
// (backend/goldenstale), not here.
const (
	StaleGone         StaleReason = "gone"                    // a reference document is no longer in the workspace
	StaleArchived     StaleReason = "archived"                // a reference document exists but is not published
	StaleRenamed      StaleReason = "renamed"                 // gone, but the same document seems to live under another ID
	StaleLineMissing  StaleReason = "supporting_line_missing" // no live reference document holds the supporting line
	StaleContradicted StaleReason = "contradicted"            // the corpus now contradicts the approved answer
	StaleSuperseded   StaleReason = "superseded"              // the answer or line states what a page said before a change
)

// LibraryDoc is one workspace document of any status, as the stale check
// sees it.
type LibraryDoc struct {
	ID, Title, Status, Text string
	Published               bool
}

// Library is the workspace's documents by ID. A published document wins
// over an unpublished one with the same ID, as the index has it.
type Library struct {
	byID      map[string]LibraryDoc
	published []LibraryDoc // sorted by ID so suggestions are deterministic
}

// NewLibrary indexes docs; their text is normalized once for quote lookups.
func NewLibrary(docs []LibraryDoc) *Library {
	l := &Library{byID: make(map[string]LibraryDoc, len(docs))}
	for _, d := range docs {
		if prev, ok := l.byID[d.ID]; ok && prev.Published {
			continue
		}
		d.Text = NormalizeQuote(d.Text)
		l.byID[d.ID] = d
	}
	for _, d := range l.byID {
		if d.Published {
			l.published = append(l.published, d)
		}
	}
	sort.Slice(l.published, func(i, j int) bool { return l.published[i].ID < l.published[j].ID })
	return l
}

// FindStale lists the rows whose reference documents are gone, archived or
// renamed, or whose supporting line no longer occurs in any live reference
// document. rowNums gives each row's number as Excel shows it; nil means
// 1-based positions. Every finding is a warning with its Reason.
func FindStale(rows []Row, rowNums []int, lib *Library) []Issue {
	out := []Issue{}
	for i, r := range rows {
		n := i + 1
		if i < len(rowNums) {
			n = rowNums[i]
		}
		add := func(f Field, reason StaleReason, suggest, format string, args ...any) {
			out = append(out, Issue{Severity: SevWarning, Row: n, RowID: r.ID, Field: f,
				Message: fmt.Sprintf(format, args...), Reason: reason, Suggest: suggest})
		}
		line := NormalizeQuote(r.SupportingLine)
		var live []LibraryDoc
		for _, id := range r.ReferenceDocIDs {
			d, ok := lib.byID[id]
			switch {
			case ok && d.Published:
				live = append(live, d)
			case ok:
				add(FieldReferenceDocIDs, StaleArchived, "", "reference doc %s is %s, no longer published", id, statusWord(d.Status))
			default:
				// The workspace cannot tell an ID that was renamed from
				// one that never existed, so it says what it knows: the
				// ID is not here, and the document that now holds the
				// line (or has the ID's name) is the closest.
				if to, ok := lib.renamedTo(id, line); ok {
					add(FieldReferenceDocIDs, StaleRenamed, to, "no document %s in this workspace; closest: %s (now appears as %s)", id, to, to)
				} else if to := lib.closestID(id); to != "" {
					add(FieldReferenceDocIDs, StaleGone, to, "no document %s in this workspace; closest: %s", id, to)
				} else {
					add(FieldReferenceDocIDs, StaleGone, "", "no document %s in this workspace", id)
				}
			}
		}
		if line == "" || len(live) == 0 {
			continue // no live document to look in: the reference findings say why
		}
		found := false
		ids := make([]string, 0, len(live))
		for _, d := range live {
			ids = append(ids, d.ID)
			found = found || strings.Contains(d.Text, line)
		}
		if !found {
			add(FieldSupportingLine, StaleLineMissing, "", "supporting line no longer occurs in %s", strings.Join(ids, ", "))
		}
	}
	return out
}

func statusWord(s string) string {
	if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
		return s
	}
	return "unpublished"
}

// renamedTo finds the published document a gone ID most likely became:
// the one holding the row's supporting line, else the one whose title
// reads like the old ID (help-refund-policy → "Refund policy").
func (l *Library) renamedTo(id, line string) (string, bool) {
	if line != "" {
		for _, d := range l.published {
			if strings.Contains(d.Text, line) {
				return d.ID, true
			}
		}
	}
	want := slug(id)
	for _, d := range l.published {
		t := slug(d.Title)
		if t != "" && (t == want || strings.HasSuffix(want, "-"+t)) {
			return d.ID, true
		}
	}
	return "", false
}

// closestID is the published document whose ID or title shares most
// distinctive words with id: a word most IDs carry ("help", "blog") says
// nothing about which document was meant. "" when none shares one.
func (l *Library) closestID(id string) string {
	words := func(d LibraryDoc) map[string]bool {
		out := map[string]bool{}
		for _, w := range strings.Split(slug(d.ID)+"-"+slug(d.Title), "-") {
			if len(w) > 2 {
				out[w] = true
			}
		}
		return out
	}
	df := map[string]int{}
	docWords := make([]map[string]bool, len(l.published))
	for i, d := range l.published {
		docWords[i] = words(d)
		for w := range docWords[i] {
			df[w]++
		}
	}
	best, bestN := "", 0
	for i, d := range l.published {
		n := 0
		for _, w := range strings.Split(slug(id), "-") {
			if docWords[i][w] && (df[w] == 1 || df[w]*4 <= len(l.published)) {
				n++
			}
		}
		if n > bestN {
			best, bestN = d.ID, n
		}
	}
	return best
}

// slug lower-cases s and joins its letter and digit runs with hyphens.
func slug(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	return strings.Join(words, "-")
}

// Holds reports whether id is a published document whose text contains
// the quote line (compared as NormalizeQuote makes it).
func (l *Library) Holds(id, line string) bool {
	d, ok := l.byID[id]
	line = NormalizeQuote(line)
	return ok && d.Published && line != "" && strings.Contains(d.Text, line)
}
