package audit

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Sheet names of the audit workbook.
const (
	SheetConflicts = "Conflicts"
	SheetMuddy     = "Muddy sentences"
)

var conflictHeader = []string{"Key", "Status", "Note", "Confidence", "Newer", "Differs",
	"A doc id", "A title", "A date", "A quote", "B doc id", "B title", "B date", "B quote"}

var muddyHeader = []string{"Doc id", "Title", "Kind", "Sentence", "Why", "Rewrite"}

// WriteXLSX writes the export as a workbook: one row per conflict on
// Conflicts, one row per muddy sentence on Muddy sentences. Text cells
// that start like a formula get a quote prefix (OWASP ASVS V1.2.10).
func WriteXLSX(w io.Writer, e Export) (err error) {
	f := excelize.NewFile()
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("audit workbook: %w", cerr)
		}
	}()
	if err := f.SetSheetName("Sheet1", SheetConflicts); err != nil {
		return fmt.Errorf("audit workbook: %w", err)
	}
	rows := make([][]any, 0, len(e.Conflicts)+1)
	rows = append(rows, headerRow(conflictHeader))
	for _, c := range e.Conflicts {
		rows = append(rows, []any{c.Key, c.Status, cellText(c.StatusNote), c.Confidence, c.Newer, cellText(valuesText(c.Values)),
			cellText(c.A.DocID), cellText(c.A.Title), c.A.Date, cellText(c.A.Quote),
			cellText(c.B.DocID), cellText(c.B.Title), c.B.Date, cellText(c.B.Quote)})
	}
	if err := writeRows(f, SheetConflicts, rows); err != nil {
		return err
	}
	if _, err := f.NewSheet(SheetMuddy); err != nil {
		return fmt.Errorf("audit workbook: %w", err)
	}
	rows = [][]any{headerRow(muddyHeader)}
	if e.MuddyNote != "" {
		rows = append(rows, []any{"", "", "", cellText("not measured: " + e.MuddyNote)})
	}
	for _, d := range e.Muddy {
		for _, m := range d.Findings {
			rows = append(rows, []any{cellText(d.DocID), cellText(d.Title), string(m.Kind), cellText(m.Sentence), cellText(m.Why), cellText(m.Rewrite)})
		}
	}
	if err := writeRows(f, SheetMuddy, rows); err != nil {
		return err
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("audit workbook: %w", err)
	}
	return nil
}

func headerRow(h []string) []any {
	out := make([]any, len(h))
	for i, s := range h {
		out[i] = s
	}
	return out
}

func writeRows(f *excelize.File, sheet string, rows [][]any) error {
	for i, r := range rows {
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			return fmt.Errorf("audit workbook: %w", err)
		}
		if err := f.SetSheetRow(sheet, cell, &r); err != nil {
			return fmt.Errorf("audit workbook %s row %d: %w", sheet, i+1, err)
		}
	}
	return nil
}

// cellText keeps corpus text from being read as a formula.
func cellText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r\x00", rune(s[0])) {
		return "'" + s
	}
	return s
}
