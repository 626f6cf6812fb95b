package app

import (
	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

// GoldenSetDTO is a set's metadata.
type GoldenSetDTO struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Version     int    `json:"version"`
	UpdatedAt   string `json:"updated_at"`
	UpdatedBy   string `json:"updated_by"`
	RowCount    int    `json:"row_count"`
}

// GoldenRowDTO is one row as the grid edits it: lists as arrays.
type GoldenRowDTO struct {
	ID              string   `json:"id"`
	Question        string   `json:"question"`
	Category        string   `json:"category"`
	ApprovedAnswer  string   `json:"approved_answer"`
	ReferenceDocIDs []string `json:"reference_doc_ids"`
	SupportingLine  string   `json:"supporting_line"`
	Owner           string   `json:"owner"`
	Notes           string   `json:"notes"`
	Tags            []string `json:"tags"`
}

// GoldenIssueDTO is a validation finding on a row's field.
type GoldenIssueDTO struct {
	Severity string `json:"severity"` // error | warning
	RowID    string `json:"row_id"`
	Position int    `json:"position"` // 1-based row position in the set
	Field    string `json:"field"`
	Message  string `json:"message"`
	// Reason is set on stale findings: gone, archived, renamed,
	// supporting_line_missing or contradicted; Row is then the row as the
	// set's export shows it and Suggest a replacement (a renamed doc's ID).
	Reason  string `json:"reason,omitempty"`
	Row     int    `json:"row,omitempty"`
	Suggest string `json:"suggest,omitempty"`
}

// GoldenSetViewDTO is everything the grid shows for one set.
type GoldenSetViewDTO struct {
	Set    GoldenSetDTO     `json:"set"`
	Rows   []GoldenRowDTO   `json:"rows"`
	Issues []GoldenIssueDTO `json:"issues"`
	// ValidationNote says when corpus checks could not run ("" when they did).
	ValidationNote string `json:"validation_note"`
}

// GoldenVersionDTO is one saved version.
type GoldenVersionDTO struct {
	Version  int    `json:"version"`
	SavedAt  string `json:"saved_at"`
	SavedBy  string `json:"saved_by"`
	Summary  string `json:"summary"`
	RowCount int    `json:"row_count"`
}

// GoldenProblemDTO is a located import problem (row as Excel shows it).
type GoldenProblemDTO struct {
	Sheet   string `json:"sheet"`
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// GoldenImportDTO reports an import. Nothing is saved when Errors is
// non-empty unless the import asked for valid rows only. Saved means the
// set holds the imported rows; Unchanged that it already did, so no new
// version was made.
type GoldenImportDTO struct {
	Cancelled bool               `json:"cancelled"`
	File      string             `json:"file"`
	Set       string             `json:"set"`
	Imported  int                `json:"imported"`
	Saved     bool               `json:"saved"`
	Unchanged bool               `json:"unchanged"`
	Version   int                `json:"version"`
	Errors    []GoldenProblemDTO `json:"errors"`
	Warnings  []GoldenProblemDTO `json:"warnings"`
}

func setDTO(s golden.Set) GoldenSetDTO {
	return GoldenSetDTO{Name: s.Name, Description: s.Description, Version: s.Version, UpdatedAt: s.UpdatedAt,
		UpdatedBy: s.UpdatedBy, RowCount: s.RowCount}
}

func setDTOs(sets []golden.Set) []GoldenSetDTO {
	out := make([]GoldenSetDTO, len(sets))
	for i, st := range sets {
		out[i] = setDTO(st)
	}
	return out
}

func versionDTOs(vs []golden.Version) []GoldenVersionDTO {
	out := make([]GoldenVersionDTO, len(vs))
	for i, v := range vs {
		out[i] = GoldenVersionDTO(v)
	}
	return out
}

// issueDTO is a finding as the grid shows it, on the row at position.
func issueDTO(is golden.Issue, position int) GoldenIssueDTO {
	return GoldenIssueDTO{Severity: string(is.Severity), RowID: is.RowID, Position: position, Field: string(is.Field),
		Message: is.Message, Reason: string(is.Reason), Row: is.Row, Suggest: is.Suggest}
}

// validationDTOs are the grid's validation findings (their Row is the
// row's position in the set).
func validationDTOs(issues []golden.Issue) []GoldenIssueDTO {
	out := make([]GoldenIssueDTO, 0, len(issues))
	for _, is := range issues {
		out = append(out, GoldenIssueDTO{Severity: string(is.Severity), RowID: is.RowID, Position: is.Row,
			Field: string(is.Field), Message: is.Message})
	}
	return out
}

func rowDTO(r golden.Row) GoldenRowDTO {
	return GoldenRowDTO{ID: r.ID, Question: r.Question, Category: string(r.Category), ApprovedAnswer: r.ApprovedAnswer,
		ReferenceDocIDs: nonNil(r.ReferenceDocIDs), SupportingLine: r.SupportingLine, Owner: r.Owner, Notes: r.Notes, Tags: nonNil(r.Tags)}
}

func importDTO(o goldenset.Outcome) GoldenImportDTO {
	return GoldenImportDTO{File: o.File, Set: o.Set, Imported: o.Imported, Saved: o.Stored, Unchanged: o.Unchanged,
		Version: o.Version, Errors: problemDTOs(o.Errors), Warnings: problemDTOs(o.Warnings)}
}

func problemDTOs(ps []xlsx.Problem) []GoldenProblemDTO {
	out := make([]GoldenProblemDTO, len(ps))
	for i, p := range ps {
		out[i] = GoldenProblemDTO(p)
	}
	return out
}

func nonNil(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}
