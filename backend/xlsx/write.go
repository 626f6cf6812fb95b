package xlsx

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
)

// numFmtText is Excel's built-in "@" (Text) format: what a user later types
// into such a cell stays text, so "=…" never turns into a formula on edit.
const numFmtText = 49

// WriteTemplate writes an empty golden set workbook.
func WriteTemplate(w io.Writer) error { return Write(w, nil) }

// Write writes rows in the template's layout. Every value is a typed
// string cell, never a formula, so text starting with = + - @ or a tab
// cannot be evaluated (formula injection), and it reads back unchanged.
func Write(w io.Writer, rows []golden.Row) error { return write(w, rows, nil) }

func write(w io.Writer, rows []golden.Row, id *SetIdentity) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := layoutQuestions(f, len(rows)); err != nil {
		return fmt.Errorf("lay out %s: %w", QuestionsSheet, err)
	}
	for i, r := range rows {
		for j, c := range columns {
			v := r.Cell(c.field)
			if v == "" {
				continue
			}
			if len([]rune(v)) > MaxCellChars {
				return fmt.Errorf("row %s %s: text longer than Excel's %d-character cell limit", r.ID, c.field.Label(), MaxCellChars)
			}
			if err := setText(f, QuestionsSheet, fmt.Sprintf("%s%d", colName(j), i+2), v); err != nil {
				return fmt.Errorf("write row %s: %w", r.ID, err)
			}
		}
	}
	if err := writeInstructions(f); err != nil {
		return fmt.Errorf("write %s: %w", InstructionsSheet, err)
	}
	if id != nil {
		if err := setIdentity(f, *id); err != nil {
			return fmt.Errorf("name the set in the workbook: %w", err)
		}
	}
	f.SetActiveSheet(0)
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("write workbook: %w", err)
	}
	return nil
}

// WriteFile writes rows to path atomically (temp file, then rename), so a
// failed export never leaves half a workbook where the old one was.
func WriteFile(path string, rows []golden.Row) error { return writeWorkbook(path, rows, nil) }

func writeWorkbook(path string, rows []golden.Row, id *SetIdentity) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".golden-*.xlsx")
	if err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp, rows, id); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}

func layoutQuestions(f *excelize.File, n int) error {
	if err := f.SetSheetName("Sheet1", QuestionsSheet); err != nil {
		return err
	}
	const s = QuestionsSheet
	head, err := f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E8ECF2"}},
		Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"},
		Border:    []excelize.Border{{Type: "bottom", Color: "8A94A6", Style: 1}},
	})
	if err != nil {
		return err
	}
	body, err := f.NewStyle(&excelize.Style{NumFmt: numFmtText, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	last := colName(len(columns) - 1)
	for i, c := range columns {
		col := colName(i)
		if err := f.SetColWidth(s, col, col, c.width); err != nil {
			return err
		}
		if err := f.SetColStyle(s, col, body); err != nil {
			return err
		}
		if err := f.SetCellStr(s, col+"1", c.field.Label()); err != nil {
			return err
		}
	}
	if err := f.SetCellStyle(s, "A1", last+"1", head); err != nil {
		return err
	}
	if err := f.SetPanes(s, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	end := max(1000, n+500)
	if err := f.AutoFilter(s, fmt.Sprintf("A1:%s%d", last, n+1), nil); err != nil {
		return err
	}
	for i, c := range columns {
		ref := fmt.Sprintf("%s2:%s%d", colName(i), colName(i), end)
		dv := excelize.NewDataValidation(true)
		dv.SetSqref(ref)
		if c.field == golden.FieldCategory {
			keys := make([]string, len(golden.Categories))
			for k, cat := range golden.Categories {
				keys[k] = string(cat)
			}
			if err := dv.SetDropList(keys); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleStop, "Category", "Pick routine, tricky or refuse.")
		}
		dv.SetInput(c.field.Label(), c.hint)
		if err := f.AddDataValidation(s, dv); err != nil {
			return err
		}
	}
	return nil
}

var instructions = [][]string{
	{"How to fill in a golden set", "", ""},
	{"A golden set is a list of real questions with the answer a subject expert approves, the exact line that answers it and the documents it comes from. Continuity asks each question, then checks the answer and the sources against this sheet.", "", ""},
	{"The best questions are natural ones from someone who does not know the answer, asked in their own words. Avoid quiz questions that repeat the document's wording.", "", ""},
	{"", "", ""},
	{"Column", "What to write", "Example"},
	{"ID", "A unique ID. Keep it when you edit a row, so results can be compared across runs. Required.", "Q001"},
	{"Question", "The question as a customer or colleague would ask it. Required.", "If I cancel today, can I still get into my account next week?"},
	{"Category", "routine, tricky or refuse (see below). Required.", "routine"},
	{"Approved answer", "The answer a subject expert signs off, in one to three sentences. For refuse: how the assistant should decline. Required.", "Yes. You keep access until the end of the billing period you already paid for."},
	{"Reference doc IDs", "IDs of the published documents that answer the question, separated by commas. Archived and draft documents are not valid references. Required for routine and tricky.", "help-cancel-subscription"},
	{"Supporting line", "The exact line from a reference document that answers the question, copied word for word. Required for routine and tricky.", "You keep access until the end of the billing period you already paid for."},
	{"Owner", "Who answers for this row. Optional.", "Billing team"},
	{"Notes", "Anything a reviewer should know. Optional.", "Asked often in chat after renewals."},
	{"Tags", "Comma-separated tags for filtering. Optional.", "billing, cancellation"},
	{"", "", ""},
	{"Category", "When to use it", "Example question"},
	{"routine", "One published line answers it directly.", "How long is the free trial?"},
	{"tricky", "The answer needs care: an exception, a plan difference, a number written in words, or an old page that says something else.", "I'm on the monthly plan and it's been six weeks. Can I still get my money back?"},
	{"refuse", "The published content does not answer it, or it asks for something the assistant must not give. The approved answer says so and points somewhere useful.", "What will the Team plan cost next year?"},
	{"", "", ""},
	{"Cells that start with = + - or @ are kept as text: nothing in this workbook is a formula.", "", ""},
}

func writeInstructions(f *excelize.File) error {
	const s = InstructionsSheet
	if _, err := f.NewSheet(s); err != nil {
		return err
	}
	wrap, err := f.NewStyle(&excelize.Style{NumFmt: numFmtText, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	for col, w := range map[string]float64{"A": 22, "B": 70, "C": 60} {
		if err := f.SetColWidth(s, col, col, w); err != nil {
			return err
		}
	}
	if err := f.SetColStyle(s, "A:C", wrap); err != nil {
		return err
	}
	for i, line := range instructions {
		for j, v := range line {
			if v == "" {
				continue
			}
			if err := f.SetCellStr(s, fmt.Sprintf("%s%d", colName(j), i+1), v); err != nil {
				return err
			}
		}
		if i == 0 || line[0] == "Column" || (line[0] == "Category" && line[1] == "When to use it") {
			if err := f.SetCellStyle(s, fmt.Sprintf("A%d", i+1), fmt.Sprintf("C%d", i+1), bold); err != nil {
				return err
			}
		}
	}
	return nil
}
