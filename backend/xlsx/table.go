package xlsx

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/xuri/excelize/v2"

	"continuity/backend/text"
)

// Table is the cell texts of a workbook's first sheet, for readers of
// tabular files other than golden sets (recorded responses). Rows and
// RowNums run in parallel; blank rows are left out.
type Table struct {
	Sheet   string
	Rows    [][]string
	RowNums []int // the row number Excel shows
}

// ErrTable marks a workbook that cannot be read as a table.
var ErrTable = errors.New("cannot read the workbook")

// ReadTable reads the first sheet of a workbook with the import limits
// (file size, unzip size, MaxRows rows, MaxColumns columns). A panic inside
// excelize on a malformed file is an error wrapping ErrTable.
func ReadTable(ctx context.Context, path string) (t Table, err error) {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w", name, err)
	}
	if st.Size() > MaxFileSize {
		return Table{}, fmt.Errorf("%s: %w: file is %d MB; the limit is %d MB", name, ErrTable, st.Size()>>20, MaxFileSize>>20)
	}
	head := make([]byte, 8)
	if fh, err := os.Open(path); err == nil {
		n, _ := fh.Read(head)
		head = head[:n]
		fh.Close()
	}
	if p, bad := sniff(name, head); bad {
		return Table{}, fmt.Errorf("%w: %s", ErrTable, p.Errors[0].Message)
	}
	defer func() {
		if p := recover(); p != nil {
			t, err = Table{}, fmt.Errorf("%s: %w: the workbook is malformed (%v)", name, ErrTable, p)
		}
	}()
	f, err := excelize.OpenFile(path, openOptions())
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w: %s", name, ErrTable, describeOpenError(err))
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return Table{}, fmt.Errorf("%s: %w: no sheet", name, ErrTable)
	}
	t.Sheet = sheets[0]
	rows, err := f.Rows(t.Sheet)
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w: sheet %q: %w", name, ErrTable, t.Sheet, err)
	}
	defer rows.Close()
	for num := 1; rows.Next(); num++ {
		if num%512 == 0 {
			if err := ctx.Err(); err != nil {
				return Table{}, err
			}
		}
		if num > MaxRows+headerSearchRows {
			return Table{}, fmt.Errorf("%s: %w: row %d is past the limit of %d rows", name, ErrTable, num, MaxRows)
		}
		cells, err := rows.Columns()
		if err != nil {
			return Table{}, fmt.Errorf("%s: %w: row %d: %w", name, ErrTable, num, err)
		}
		if isBlank(cells) {
			continue
		}
		cells = cells[:min(len(cells), MaxColumns)]
		for i, c := range cells {
			cells[i] = text.TrimBOMString(c)
		}
		t.Rows, t.RowNums = append(t.Rows, cells), append(t.RowNums, num)
	}
	if err := rows.Error(); err != nil {
		return Table{}, fmt.Errorf("%s: %w: %w", name, ErrTable, err)
	}
	return t, nil
}

// WriteTable writes rows (the first is the header) to a one-sheet
// workbook, every cell as a string.
func WriteTable(path, sheet string, rows [][]string) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	for r, row := range rows {
		for c, v := range row {
			cell, err := excelize.CoordinatesToCellName(c+1, r+1)
			if err != nil {
				return fmt.Errorf("write %s: %w", path, err)
			}
			if err := setText(f, sheet, cell, v); err != nil {
				return fmt.Errorf("write %s: %w", path, err)
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
