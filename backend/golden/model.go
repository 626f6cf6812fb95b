package golden

import (
	"regexp"
	"strings"
)

// Category says how an answerer should treat a question.
type Category string

// The categories a golden row can have.
const (
	Routine Category = "routine" // answered directly by one passage
	Tricky  Category = "tricky"  // needs care: exceptions, numbers in words, archived traps
	Refuse  Category = "refuse"  // the corpus does not answer it; the right answer declines
)

// Categories lists the valid categories in display order.
var Categories = []Category{Routine, Tricky, Refuse}

// ParseCategory accepts any case and surrounding space.
func ParseCategory(s string) (Category, bool) {
	c := Category(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range Categories {
		if c == k {
			return c, true
		}
	}
	return c, false
}

// Row is one golden question. Field order is the spreadsheet's column order.
type Row struct {
	ID              string   `json:"id"`
	Question        string   `json:"question"`
	Category        Category `json:"category"`
	ApprovedAnswer  string   `json:"approved_answer"`
	ReferenceDocIDs []string `json:"reference_doc_ids"`
	SupportingLine  string   `json:"supporting_line"`
	Owner           string   `json:"owner"`
	Notes           string   `json:"notes"`
	Tags            []string `json:"tags"`
	// Written holds a cell's text as the workbook had it, for the fields
	// whose parsed value reads differently (see Cell); nil when none do.
	Written map[Field]string `json:"written,omitempty"`
}

// Set is a golden set's metadata at its current version.
type Set struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Version     int    `json:"version"`    // current version number, 1-based
	UpdatedAt   string `json:"updated_at"` // RFC 3339 UTC
	UpdatedBy   string `json:"updated_by"`
	RowCount    int    `json:"row_count"`
}

// Version is one saved state of a set. Every edit saves one.
type Version struct {
	Version  int    `json:"version"`
	SavedAt  string `json:"saved_at"` // RFC 3339 UTC
	SavedBy  string `json:"saved_by"`
	Summary  string `json:"summary"` // what changed, e.g. "edited Q007 question"
	RowCount int    `json:"row_count"`
}

// Field names a row's column, as used by edits and located issues.
type Field string

// The row fields, in column order.
const (
	FieldID              Field = "id"
	FieldQuestion        Field = "question"
	FieldCategory        Field = "category"
	FieldApprovedAnswer  Field = "approved_answer"
	FieldReferenceDocIDs Field = "reference_doc_ids"
	FieldSupportingLine  Field = "supporting_line"
	FieldOwner           Field = "owner"
	FieldNotes           Field = "notes"
	FieldTags            Field = "tags"
)

// Fields lists every field in column order.
var Fields = []Field{FieldID, FieldQuestion, FieldCategory, FieldApprovedAnswer, FieldReferenceDocIDs,
	FieldSupportingLine, FieldOwner, FieldNotes, FieldTags}

// Label is the column header shown to people.
func (f Field) Label() string {
	switch f {
	case FieldID:
		return "ID"
	case FieldQuestion:
		return "Question"
	case FieldCategory:
		return "Category"
	case FieldApprovedAnswer:
		return "Approved answer"
	case FieldReferenceDocIDs:
		return "Reference doc IDs"
	case FieldSupportingLine:
		return "Supporting line"
	case FieldOwner:
		return "Owner"
	case FieldNotes:
		return "Notes"
	case FieldTags:
		return "Tags"
	}
	return string(f)
}

// ParseField accepts a field name such as "approved_answer".
func ParseField(s string) (Field, bool) {
	for _, f := range Fields {
		if string(f) == s {
			return f, true
		}
	}
	return "", false
}

var listSep = regexp.MustCompile(`[,;\n\r\t ]+`)

// SplitList splits a cell holding several IDs or tags (comma, semicolon,
// space or newline separated), dropping empties.
func SplitList(s string) []string {
	out := []string{}
	for _, p := range listSep.Split(s, -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// JoinList is SplitList's inverse for display and export.
func JoinList(v []string) string { return strings.Join(v, ", ") }

// Get returns a field's value as cell text.
func (r Row) Get(f Field) string {
	switch f {
	case FieldID:
		return r.ID
	case FieldQuestion:
		return r.Question
	case FieldCategory:
		return string(r.Category)
	case FieldApprovedAnswer:
		return r.ApprovedAnswer
	case FieldReferenceDocIDs:
		return JoinList(r.ReferenceDocIDs)
	case FieldSupportingLine:
		return r.SupportingLine
	case FieldOwner:
		return r.Owner
	case FieldNotes:
		return r.Notes
	case FieldTags:
		return JoinList(r.Tags)
	}
	return ""
}

// Set stores cell text into a field. Category is normalised when valid and
// kept as typed when not, so validation can flag it without losing it. The
// text as written is kept too when it differs from what Get gives back.
func (r *Row) Set(f Field, v string) {
	r.set(f, v)
	r.remember(f, v)
}

func (r *Row) set(f Field, v string) {
	v = strings.ReplaceAll(v, "\r\n", "\n")
	switch f {
	case FieldID:
		r.ID = strings.TrimSpace(v)
	case FieldQuestion:
		r.Question = v
	case FieldCategory:
		if c, ok := ParseCategory(v); ok {
			r.Category = c
		} else {
			r.Category = Category(strings.TrimSpace(v))
		}
	case FieldApprovedAnswer:
		r.ApprovedAnswer = v
	case FieldReferenceDocIDs:
		r.ReferenceDocIDs = SplitList(v)
	case FieldSupportingLine:
		r.SupportingLine = v
	case FieldOwner:
		r.Owner = v
	case FieldNotes:
		r.Notes = v
	case FieldTags:
		r.Tags = SplitList(v)
	}
}

// normalize makes nil lists empty so stored and exported rows compare equal.
func (r Row) normalize() Row {
	if r.ReferenceDocIDs == nil {
		r.ReferenceDocIDs = []string{}
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	return r
}
