package golden

import (
	"context"
	"fmt"
	"strings"
	"unicode"
)

// Severity says whether an issue blocks an import.
type Severity string

// Issue severities.
const (
	SevError   Severity = "error"   // the row is unusable as it stands
	SevWarning Severity = "warning" // the row is usable but probably stale
)

// Issue is one validation finding, located by row and field.
type Issue struct {
	Severity Severity `json:"severity"`
	Row      int      `json:"row"`    // spreadsheet row number as Excel shows it, or 1-based position in the set
	RowID    string   `json:"row_id"` // the row's ID when it has one
	Field    Field    `json:"field"`  // empty when the issue is about the whole row
	Message  string   `json:"message"`
	// Reason is set on stale-row findings (see FindStale); Suggest holds a
	// replacement value when one is known, such as a renamed document's ID.
	Reason  StaleReason `json:"reason,omitempty"`
	Suggest string      `json:"suggest,omitempty"`
}

// DocLookup finds a published document's visible text by ID. The corpus
// index implements it; ok is false for an ID that is not in the library.
type DocLookup interface {
	DocumentText(ctx context.Context, id string) (text string, ok bool, err error)
}

// DocLister is a DocLookup that can also list the published documents, so
// a reference to an ID the workspace never had names the closest one.
type DocLister interface {
	PublishedDocs(ctx context.Context) ([]LibraryDoc, error)
}

// Check finds structural errors: missing required fields, unknown
// categories, missing or duplicate IDs. rowNums gives each row's number
// for locating issues; nil means 1-based positions.
func Check(rows []Row, rowNums []int) []Issue {
	var out []Issue
	num := func(i int) int {
		if i < len(rowNums) {
			return rowNums[i]
		}
		return i + 1
	}
	firstSeen := map[string]int{}
	for i, r := range rows {
		add := func(f Field, format string, args ...any) {
			out = append(out, Issue{Severity: SevError, Row: num(i), RowID: r.ID, Field: f, Message: fmt.Sprintf(format, args...)})
		}
		if r.ID == "" {
			add(FieldID, "missing ID")
		} else if prev, dup := firstSeen[r.ID]; dup {
			add(FieldID, "duplicate ID %q (first on row %d)", r.ID, prev)
		} else {
			firstSeen[r.ID] = num(i)
		}
		if strings.TrimSpace(r.Question) == "" {
			add(FieldQuestion, "missing question")
		}
		needsEvidence := true
		switch {
		case r.Category == "":
			add(FieldCategory, "missing category: use routine, tricky or refuse")
		case !isCategory(r.Category):
			add(FieldCategory, "unknown category %q: use routine, tricky or refuse", string(r.Category))
			needsEvidence = false // which evidence is needed depends on the category
		case r.Category == Refuse:
			needsEvidence = false
		}
		if strings.TrimSpace(r.ApprovedAnswer) == "" {
			add(FieldApprovedAnswer, "missing approved answer")
		}
		if needsEvidence && len(r.ReferenceDocIDs) == 0 {
			add(FieldReferenceDocIDs, "missing reference doc IDs: give at least one published document")
		}
		if needsEvidence && strings.TrimSpace(r.SupportingLine) == "" {
			add(FieldSupportingLine, "missing supporting line: quote the exact line that answers the question")
		}
	}
	return out
}

func isCategory(c Category) bool {
	_, ok := ParseCategory(string(c))
	return ok && string(c) == strings.ToLower(string(c))
}

// CheckCorpus warns about reference doc IDs that are not in the library and
// supporting lines not found in any referenced document (a stale row). A
// failing lookup is an error, never a silent pass.
func CheckCorpus(ctx context.Context, rows []Row, rowNums []int, docs DocLookup) ([]Issue, error) {
	type doc struct {
		text string
		ok   bool
	}
	cache := map[string]doc{}
	get := func(id string) (doc, error) {
		if d, hit := cache[id]; hit {
			return d, nil
		}
		text, ok, err := docs.DocumentText(ctx, id)
		if err != nil {
			return doc{}, fmt.Errorf("look up document %q: %w", id, err)
		}
		d := doc{text: NormalizeQuote(text), ok: ok}
		cache[id] = d
		return d, nil
	}
	var lib *Library
	closest := func(id string) (string, error) {
		lister, ok := docs.(DocLister)
		if !ok {
			return "", nil
		}
		if lib == nil {
			all, err := lister.PublishedDocs(ctx)
			if err != nil {
				return "", fmt.Errorf("list documents: %w", err)
			}
			lib = NewLibrary(all)
		}
		return lib.closestID(id), nil
	}
	var out []Issue
	for i, r := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n := i + 1
		if i < len(rowNums) {
			n = rowNums[i]
		}
		warn := func(f Field, format string, args ...any) {
			out = append(out, Issue{Severity: SevWarning, Row: n, RowID: r.ID, Field: f, Message: fmt.Sprintf(format, args...)})
		}
		var known []string
		found := false
		line := NormalizeQuote(r.SupportingLine)
		for _, id := range r.ReferenceDocIDs {
			d, err := get(id)
			if err != nil {
				return nil, err
			}
			if !d.ok {
				to, err := closest(id)
				if err != nil {
					return nil, err
				}
				if to != "" {
					warn(FieldReferenceDocIDs, "no document %s in this workspace; closest: %s", id, to)
				} else {
					warn(FieldReferenceDocIDs, "no document %s in this workspace", id)
				}
				continue
			}
			known = append(known, id)
			if line != "" && strings.Contains(d.text, line) {
				found = true
			}
		}
		if line != "" && len(known) > 0 && !found {
			warn(FieldSupportingLine, "supporting line not found in %s", strings.Join(known, ", "))
		}
	}
	return out, nil
}

// NormalizeQuote makes a quote comparable with document text: curly quotes
// become straight, Markdown emphasis and code marks go, and every run of
// whitespace becomes one space.
func NormalizeQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch r {
		case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '`':
			if r == '`' {
				continue
			}
			r = '\''
		case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u00AB', '\u00BB':
			r = '"'
		case '*':
			continue
		}
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// HasErrors reports whether any issue is an error.
func HasErrors(issues []Issue) bool {
	for _, i := range issues {
		if i.Severity == SevError {
			return true
		}
	}
	return false
}
