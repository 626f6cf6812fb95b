package xlsx

import (
	"archive/zip"
	"context"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
	"continuity/backend/text"
)

// record is one spreadsheet row's cell texts and its 1-based row number.
type record struct {
	num   int
	cells []string
}

// parse reads the questions sheet with caps on rows and columns, then
// hands the cell texts to parseRecords.
func parse(ctx context.Context, name string, f *excelize.File, zr *zip.Reader) (Result, error) {
	sheet, ok := pickSheet(f)
	if !ok {
		return fileProblem(name, "no sheet with golden questions (expected a sheet named %q)", QuestionsSheet), nil
	}
	corrupt, unchecked, err := scanSheet(ctx, zr, sheet)
	if err != nil {
		return Result{}, err
	}
	res, err := parseRows(ctx, name, f, sheet)
	// the corrupt cells first: they explain the blank fields and missing
	// rows the checks below then find
	res.Errors = append(corrupt, res.Errors...)
	res.Warnings = append(unchecked, res.Warnings...)
	return res, err
}

func parseRows(ctx context.Context, name string, f *excelize.File, sheet string) (Result, error) {
	rows, err := f.Rows(sheet)
	if err != nil {
		return Result{Sheet: sheet, Errors: []Problem{{Sheet: sheet, Message: fmt.Sprintf("%s: cannot read sheet %q: %v", name, sheet, err)}}}, nil
	}
	defer rows.Close()
	var recs []record
	var warnings []Problem
	limit := MaxRows + headerSearchRows
	wideWarned := false
	for num := 1; rows.Next(); num++ {
		if num%512 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		if num > excelize.TotalRows {
			break
		}
		cells, err := rows.Columns()
		if err != nil {
			return Result{Sheet: sheet, Errors: []Problem{{Sheet: sheet, Row: num, Message: fmt.Sprintf("cannot read row %d: %v", num, err)}}}, nil
		}
		for i, c := range cells {
			// a cell pasted from a file that began with a byte-order mark
			// keeps it; a header so marked would not be recognized
			cells[i] = text.TrimBOMString(c)
		}
		if isBlank(cells) {
			continue
		}
		if num > limit {
			return Result{Sheet: sheet, Errors: []Problem{{Sheet: sheet, Row: num,
				Message: fmt.Sprintf("row %d is past the import limit of %d question rows; split the set into smaller workbooks", num, MaxRows)}}}, nil
		}
		if len(cells) > MaxColumns {
			if !wideWarned && !isBlank(cells[MaxColumns:]) {
				warnings = append(warnings, Problem{Sheet: sheet, Row: num, Column: colName(MaxColumns),
					Message: fmt.Sprintf("columns from %s on are ignored (limit %d columns)", colName(MaxColumns), MaxColumns)})
				wideWarned = true
			}
			cells = cells[:MaxColumns]
		}
		recs = append(recs, record{num: num, cells: cells})
	}
	if err := rows.Error(); err != nil {
		return Result{Sheet: sheet, Errors: []Problem{{Sheet: sheet, Message: fmt.Sprintf("cannot read sheet %q: %v", sheet, err)}}}, nil
	}
	res := parseRecords(sheet, recs)
	res.Warnings = append(warnings, res.Warnings...)
	return res, nil
}

func isBlank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// parseRecords finds the header, maps columns to fields tolerantly and
// builds rows, reporting every problem at once. Records must be non-blank
// and in row order.
func parseRecords(sheet string, recs []record) Result {
	res := Result{Sheet: sheet, cols: map[golden.Field]string{}}
	if len(recs) == 0 || recs[0].num > headerSearchRows {
		res.Errors = append(res.Errors, Problem{Sheet: sheet, Row: 1,
			Message: fmt.Sprintf("no header row in the first %d rows; expected columns such as %s", headerSearchRows, requiredLabels())})
		return res
	}
	hi := headerIndex(recs)
	head := recs[hi]
	res.HeaderRow = head.num
	idx := map[golden.Field]int{}
	for i, h := range head.cells {
		if strings.TrimSpace(h) == "" {
			continue
		}
		f, ok := fieldForHeader(h)
		switch {
		case !ok:
			res.Warnings = append(res.Warnings, Problem{Sheet: sheet, Row: head.num, Column: colName(i),
				Message: fmt.Sprintf("column %q is not a golden set field; ignored", strings.TrimSpace(h))})
		case res.cols[f] != "":
			res.Warnings = append(res.Warnings, Problem{Sheet: sheet, Row: head.num, Column: colName(i),
				Message: fmt.Sprintf("column %q repeats %s (column %s); ignored", strings.TrimSpace(h), f.Label(), res.cols[f])})
		default:
			idx[f] = i
			res.cols[f] = colName(i)
		}
	}
	for _, c := range columns {
		if _, ok := idx[c.field]; c.required && !ok {
			res.Errors = append(res.Errors, Problem{Sheet: sheet, Row: head.num,
				Message: fmt.Sprintf("missing required column %q (found: %s)", c.field.Label(), foundHeaders(head.cells))})
		}
	}
	if len(res.Errors) > 0 {
		return res
	}
	for _, rec := range recs[hi+1:] {
		var row golden.Row
		for f, i := range idx {
			if i >= len(rec.cells) {
				continue
			}
			v := rec.cells[i]
			if n := len([]rune(v)); n > MaxCellChars {
				res.Errors = append(res.Errors, Problem{Sheet: sheet, Row: rec.num, Column: colName(i),
					Message: fmt.Sprintf("%s: %d characters, over Excel's %d-character cell limit", f.Label(), n, MaxCellChars)})
				continue
			}
			row.Set(f, v)
		}
		if row.ReferenceDocIDs == nil {
			row.ReferenceDocIDs = []string{}
		}
		if row.Tags == nil {
			row.Tags = []string{}
		}
		res.Rows = append(res.Rows, row)
		res.RowNums = append(res.RowNums, rec.num)
	}
	for _, is := range golden.Check(res.Rows, res.RowNums) {
		res.Errors = append(res.Errors, res.Locate(is))
	}
	return res
}

// headerIndex picks the first early row that names at least two fields,
// so a title line above the header is tolerated; else the first row.
func headerIndex(recs []record) int {
	for i, rec := range recs {
		if rec.num > headerSearchRows {
			break
		}
		known := 0
		for _, h := range rec.cells {
			if _, ok := fieldForHeader(h); ok {
				known++
			}
		}
		if known >= 2 {
			return i
		}
	}
	return 0
}

// ValidRows returns the rows without errors, for a valid-rows-only import.
func (r *Result) ValidRows() ([]golden.Row, []int) {
	bad := map[int]bool{}
	for _, p := range r.Errors {
		bad[p.Row] = true
	}
	var rows []golden.Row
	var nums []int
	for i, row := range r.Rows {
		if !bad[r.RowNums[i]] {
			rows = append(rows, row)
			nums = append(nums, r.RowNums[i])
		}
	}
	return rows, nums
}

func requiredLabels() string {
	var out []string
	for _, c := range columns {
		if c.required {
			out = append(out, fmt.Sprintf("%q", c.field.Label()))
		}
	}
	return strings.Join(out, ", ")
}

func foundHeaders(cells []string) string {
	var out []string
	for i, h := range cells {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, fmt.Sprintf("%s=%q", colName(i), h))
		}
		if len(out) == 12 {
			out = append(out, "…")
			break
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}
