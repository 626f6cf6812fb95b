package xlsx

import (
	"archive/zip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// maxScanProblems caps what one corrupt sheet reports; the rest is summed up.
const maxScanProblems = 20

// excelize reads some corruption silently: a cell whose shared-string
// index is outside the table comes back empty, and a row whose number is
// not positive or goes backwards is dropped or merged into another row.
// An import would then store a question with a blank field, or without a
// row, and nobody would know. scanSheet reads the sheet's own XML once
// more and returns each of those as an error at its sheet, row and column.
// A sheet it cannot cross-check comes back as a warning: excelize read it,
// so refusing it would be a false alarm, but passing it silently would not.
func scanSheet(ctx context.Context, zr *zip.Reader, sheet string) (errs, warnings []Problem, err error) {
	skip := func(format string, args ...any) ([]Problem, []Problem, error) {
		return nil, []Problem{{Sheet: sheet, Message: "the sheet XML could not be cross-checked for corrupt cells: " + fmt.Sprintf(format, args...)}}, nil
	}
	part, err := findSheetPart(zr, sheet)
	if err != nil {
		return skip("%v", err)
	}
	strs, err := countSharedStrings(zr)
	if err != nil {
		return skip("shared-string table: %v", err)
	}
	rc, err := part.Open()
	if err != nil {
		return skip("%v", err)
	}
	defer rc.Close()
	s := sheetScanner{sheet: sheet, strings: strs}
	d := xml.NewDecoder(io.LimitReader(rc, UnzipSizeLimit))
	d.CharsetReader = refuseCharset
	errs, err = s.run(ctx, d)
	if errors.Is(err, errCharset) {
		return skip("%v", err)
	}
	return errs, nil, err
}

// errCharset: the part declares an encoding other than UTF-8, which this
// cross-check does not decode (excelize does).
var errCharset = errors.New("the sheet XML is not UTF-8")

func refuseCharset(label string, r io.Reader) (io.Reader, error) {
	return nil, fmt.Errorf("%w (declared %q)", errCharset, label)
}

type sheetScanner struct {
	sheet    string
	strings  int
	problems []Problem
	more     int
	row      int    // number of the row being read (what excelize will call it)
	col      int    // 0-based column of the cell being read
	cellType string // t attribute of the cell being read
	inValue  bool
	value    strings.Builder
}

func (s *sheetScanner) add(row int, col, format string, args ...any) {
	if len(s.problems) >= maxScanProblems {
		s.more++
		return
	}
	s.problems = append(s.problems, Problem{Sheet: s.sheet, Row: row, Column: col, Message: fmt.Sprintf(format, args...)})
}

func (s *sheetScanner) run(ctx context.Context, d *xml.Decoder) ([]Problem, error) {
	limit := MaxRows + headerSearchRows
	depth := 0 // RawToken does not match end tags to start tags; a sheet cut short shows as depth > 0 at EOF
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// RawToken skips namespace bookkeeping, a third of the time on
		// the sheet (the big part); only local names matter here.
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			if depth > 0 {
				line, _ := d.InputPos()
				s.add(s.row, "", "the sheet XML ends at line %d with %d element(s) still open: the file is cut short, and rows after row %d cannot be read", line, depth, s.row)
			}
			break
		}
		if errors.Is(err, errCharset) {
			return nil, err
		}
		if err != nil {
			line, _ := d.InputPos()
			s.add(s.row, "", "the sheet XML is malformed near line %d (%v); rows after it cannot be read", line, err)
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "row":
				s.startRow(t)
			case "c":
				s.startCell(t)
			case "v":
				s.inValue = true
				s.value.Reset()
			}
		case xml.CharData:
			if s.inValue && s.value.Len() < 64 {
				s.value.Write(t)
			}
		case xml.EndElement:
			depth--
			if t.Name.Local == "v" && s.inValue {
				s.inValue = false
				s.checkValue()
			}
		}
		if s.row > limit { // parse refuses the rows past here on its own
			break
		}
	}
	if s.more > 0 {
		s.problems = append(s.problems, Problem{Sheet: s.sheet, Message: fmt.Sprintf("… and %d more problems of the same kind in the sheet XML", s.more)})
	}
	return s.problems, nil
}

func (s *sheetScanner) startRow(t xml.StartElement) {
	prev := s.row
	s.row, s.col = prev+1, -1
	r, ok := attr(t, "r")
	if !ok {
		return // rows without a number follow the previous one, as excelize reads them
	}
	n, err := strconv.Atoi(strings.TrimSpace(r))
	switch {
	case err != nil || n < 1:
		s.add(s.row, "", "the row after row %d has row number r=%q; Excel numbers rows from 1, so the row cannot be placed (it would be dropped or misnumbered)", prev, r)
	case n <= prev:
		s.add(s.row, "", "the row after row %d has row number %d; rows must be in increasing order, so this row would overwrite or merge into another", prev, n)
	case n > excelize.TotalRows:
		s.row = n // parse reports rows past Excel's limit
	default:
		s.row = n
	}
}

func (s *sheetScanner) startCell(t xml.StartElement) {
	s.col++
	s.cellType, _ = attr(t, "t")
	if ref, ok := attr(t, "r"); ok {
		if c, _, err := excelize.CellNameToCoordinates(ref); err == nil {
			s.col = c - 1
		}
	}
}

// checkValue checks a shared-string cell's index against the table.
func (s *sheetScanner) checkValue() {
	if s.cellType != "s" || s.col >= MaxColumns || s.row < 1 {
		return
	}
	v := strings.TrimSpace(s.value.String())
	i, err := strconv.Atoi(v)
	if err == nil && i >= 0 && i < s.strings {
		return
	}
	s.add(s.row, colName(max(s.col, 0)), "the cell refers to shared string %q, but the workbook's shared-string table has %d entries (0 to %d); the cell would read as empty. Re-save the workbook from Excel",
		v, s.strings, s.strings-1)
}

func attr(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}
