package goldenset

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// Mode says what an import stores when some rows have errors.
type Mode int

// The import modes.
const (
	AllOrNothing Mode = iota // any error stores nothing
	ValidOnly                // store the rows without errors, when there are any
)

// Request says where a workbook goes and how.
type Request struct {
	Set  string // the set to import into; "" is the workbook's DefaultSet
	Mode Mode
	By   string // who imports, for the version history; "" is golden.CurrentUser()
}

// Outcome is what an import or a validation found and did.
type Outcome struct {
	File      string
	Set       string
	Rows      int  // question rows in the workbook, valid or not
	Imported  int  // rows the set holds from this workbook; 0 when nothing was stored
	Stored    bool // the set holds the imported rows: as a new version, or unchanged
	Unchanged bool // the rows equal the set's current version, so no version was added
	Empty     bool // the workbook has a header and no question rows
	Version   int  // the set's current version once stored; 0 otherwise
	// Errors and Warnings are located by sheet, row as Excel shows it and
	// column letter; errors stop an all-or-nothing import.
	Errors   []xlsx.Problem
	Warnings []xlsx.Problem
}

// ErrWorkbook means a golden workbook has errors.
var ErrWorkbook = errors.New("golden workbook has errors")

// WorkbookError lists a workbook's located errors; it matches ErrWorkbook.
type WorkbookError struct {
	File     string
	Problems []xlsx.Problem
}

func (e *WorkbookError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s (%d):", e.File, ErrWorkbook, len(e.Problems))
	for i, p := range e.Problems {
		if i == 5 {
			fmt.Fprintf(&b, "\n  … and %d more", len(e.Problems)-5)
			break
		}
		fmt.Fprintf(&b, "\n  %s", Where(e.File, p))
	}
	return b.String()
}

func (e *WorkbookError) Unwrap() error { return ErrWorkbook }

// Err is a *WorkbookError when the workbook has errors, else nil.
func (o Outcome) Err() error {
	if len(o.Errors) == 0 {
		return nil
	}
	return &WorkbookError{File: o.File, Problems: o.Errors}
}

// Where locates a problem in one line: file, sheet, row and column.
func Where(file string, p xlsx.Problem) string {
	loc := file
	if p.Sheet != "" {
		loc += " sheet " + p.Sheet
	}
	if p.Row > 0 {
		loc += fmt.Sprintf(" row %d", p.Row)
	}
	if p.Column != "" {
		loc += " column " + p.Column
	}
	return loc + ": " + p.Message
}

// Validate checks a workbook exactly as Import would and stores nothing.
// A workbook with no question rows is a valid template, so that is a
// warning here and an error only on import.
func Validate(ctx context.Context, docs golden.DocLookup, wb Workbook) (Outcome, error) {
	o, _, _, err := assess(ctx, docs, wb, AllOrNothing, false)
	return o, err
}

// Import is the one workbook-import policy. It stores the rows when the
// workbook has no errors, or in ValidOnly mode the rows without errors
// when there are any; a workbook with no question rows stores nothing.
// Rows equal to the set's current version add no version. Reference
// documents and supporting lines are checked against docs (warnings).
func Import(ctx context.Context, repo *golden.Repo, docs golden.DocLookup, wb Workbook, req Request) (Outcome, error) {
	name := req.Set
	if name == "" {
		name = wb.DefaultSet()
	}
	if err := golden.ValidateName(name); err != nil {
		return Outcome{}, err
	}
	o, rows, nums, err := assess(ctx, docs, wb, req.Mode, true)
	if err != nil {
		return Outcome{}, err
	}
	o.Set = name
	if len(rows) == 0 || (len(o.Errors) > 0 && req.Mode != ValidOnly) {
		return o, nil
	}
	cur, err := repo.Rows(ctx, name)
	switch {
	case err == nil && sameRows(cur, rows):
		s, err := repo.Set(ctx, name)
		if err != nil {
			return Outcome{}, err
		}
		o.Stored, o.Unchanged, o.Imported, o.Version = true, true, len(rows), s.Version
		return o, nil
	case err != nil && !errors.Is(err, golden.ErrNotFound):
		return Outcome{}, err
	}
	by := req.By
	if by == "" {
		by = golden.CurrentUser()
	}
	summary := fmt.Sprintf("imported %s (%d rows)", wb.File, len(rows))
	if skipped := len(wb.read.Rows) - len(nums); skipped > 0 {
		summary = fmt.Sprintf("imported %s (%d rows; %d with errors skipped)", wb.File, len(rows), skipped)
	}
	s, err := repo.Save(ctx, name, "", by, summary, rows)
	if err != nil {
		return Outcome{}, err
	}
	o.Stored, o.Imported, o.Version = true, len(rows), s.Version
	return o, nil
}

// assess applies the policy's checks and returns the rows the mode keeps
// with their spreadsheet row numbers.
func assess(ctx context.Context, docs golden.DocLookup, wb Workbook, mode Mode, importing bool) (Outcome, []golden.Row, []int, error) {
	if docs == nil {
		return Outcome{}, nil, nil, errors.New("goldenset: no document lookup to check the workbook against")
	}
	res := wb.read
	o := Outcome{File: wb.File, Rows: len(res.Rows),
		Errors: append([]xlsx.Problem{}, res.Errors...), Warnings: append([]xlsx.Problem{}, res.Warnings...)}
	rows, nums := res.Rows, res.RowNums
	if mode == ValidOnly {
		rows, nums = res.ValidRows()
	}
	if len(res.Errors) == 0 && len(res.Rows) == 0 {
		o.Empty = true
		// exiting cleanly would let a script believe the set was loaded
		if importing {
			o.Errors = append(o.Errors, noRows(res))
		} else {
			o.Warnings = append(o.Warnings, noRows(res))
		}
	}
	if len(rows) > 0 {
		issues, err := golden.CheckCorpus(ctx, rows, nums, docs)
		if err != nil {
			return Outcome{}, nil, nil, fmt.Errorf("check %s against the corpus: %w", wb.File, err)
		}
		for _, is := range issues {
			o.Warnings = append(o.Warnings, res.Locate(is))
		}
	}
	return o, rows, nums, nil
}

func sameRows(a, b []golden.Row) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
