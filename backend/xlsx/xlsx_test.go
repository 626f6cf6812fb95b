package xlsx

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
)

func sampleRows() []golden.Row {
	return []golden.Row{
		{ID: "Q001", Question: "How long is the free trial?", Category: golden.Routine,
			ApprovedAnswer: "14 days, with every Team feature.", ReferenceDocIDs: []string{"help-free-trial"},
			SupportingLine: "Every trial lasts 14 days.", Owner: "Billing", Notes: "", Tags: []string{"trial", "billing"}},
		{ID: "Q002", Question: "=HYPERLINK(\"http://evil.example\",\"click\")", Category: golden.Tricky,
			ApprovedAnswer: "+1 line one\nline two", ReferenceDocIDs: []string{"docs-pricing", "help/keyboard-shortcuts.txt"},
			SupportingLine: "-5 is \"quoted\" and ‘curly’", Owner: "@owner", Notes: "\tstarts with a tab", Tags: []string{}},
		{ID: "Q003", Question: "What will prices be next year?", Category: golden.Refuse,
			ApprovedAnswer: "=1+1", ReferenceDocIDs: []string{}, Owner: "", Tags: []string{}},
	}
}

func writeBytes(t *testing.T, rows []golden.Row) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, rows); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.Bytes()
}

func readBytes(t *testing.T, data []byte) Result {
	t.Helper()
	res, err := ReadBytes(context.Background(), "test.xlsx", data)
	if err != nil {
		t.Fatalf("ReadBytes: %v", err)
	}
	return res
}

func TestExportImportExportKeepsRows(t *testing.T) {
	t.Parallel()
	want := sampleRows()
	first := readBytes(t, writeBytes(t, want))
	if len(first.Errors) > 0 {
		t.Fatalf("errors on re-import: %+v", first.Errors)
	}
	if !reflect.DeepEqual(first.Rows, want) {
		t.Fatalf("rows changed on round trip:\n got %#v\nwant %#v", first.Rows, want)
	}
	second := readBytes(t, writeBytes(t, first.Rows))
	if !reflect.DeepEqual(second.Rows, first.Rows) {
		t.Fatalf("second round trip differs:\n got %#v\nwant %#v", second.Rows, first.Rows)
	}
	if !reflect.DeepEqual(first.RowNums, []int{2, 3, 4}) {
		t.Fatalf("row numbers = %v, want [2 3 4]", first.RowNums)
	}
}

func TestExportNeverWritesFormulas(t *testing.T) {
	t.Parallel()
	data := writeBytes(t, sampleRows())
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, cell := range []string{"B3", "D3", "F3", "G3", "H3", "D4"} {
		formula, err := f.GetCellFormula(QuestionsSheet, cell)
		if err != nil || formula != "" {
			t.Errorf("%s: formula %q (err %v), want none", cell, formula, err)
		}
		typ, err := f.GetCellType(QuestionsSheet, cell)
		if err != nil || (typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString) {
			t.Errorf("%s: cell type %v (err %v), want a string cell", cell, typ, err)
		}
	}
	sheetXML := zipPart(t, data, "xl/worksheets/sheet1.xml")
	if strings.Contains(sheetXML, "<f>") || strings.Contains(sheetXML, "<f ") {
		t.Fatalf("sheet XML holds a formula element")
	}
}

func TestTemplateLayout(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := WriteTemplate(&buf); err != nil {
		t.Fatal(err)
	}
	data := bytes.Clone(buf.Bytes())
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); !reflect.DeepEqual(got, []string{QuestionsSheet, InstructionsSheet}) {
		t.Fatalf("sheets = %v", got)
	}
	header, _ := f.GetRows(QuestionsSheet)
	wantHead := []string{"ID", "Question", "Category", "Approved answer", "Reference doc IDs", "Supporting line", "Owner", "Notes", "Tags"}
	if len(header) != 1 || !reflect.DeepEqual(header[0], wantHead) {
		t.Fatalf("header = %v", header)
	}
	panes, err := f.GetPanes(QuestionsSheet)
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Fatalf("panes = %+v (err %v), want the header row frozen", panes, err)
	}
	if w, _ := f.GetColWidth(QuestionsSheet, "B"); w < 40 {
		t.Fatalf("question column width %v, want ≥ 40", w)
	}
	dvs, err := f.GetDataValidations(QuestionsSheet)
	if err != nil {
		t.Fatal(err)
	}
	var drop, hints int
	for _, dv := range dvs {
		if dv.Type == "list" && strings.Contains(dv.Formula1, "routine,tricky,refuse") && strings.HasPrefix(dv.Sqref, "C2:") {
			drop++
		}
		if dv.PromptTitle != nil && dv.Prompt != nil && *dv.Prompt != "" {
			hints++
		}
	}
	if drop != 1 || hints != len(columns) {
		t.Fatalf("category dropdowns %d (want 1), input hints %d (want %d)", drop, hints, len(columns))
	}
	style, _ := f.GetCellStyle(QuestionsSheet, "D2")
	st, err := f.GetStyle(style)
	if err != nil || st.Alignment == nil || !st.Alignment.WrapText || st.NumFmt != numFmtText {
		t.Fatalf("body style = %+v (err %v), want wrapped text cells", st, err)
	}
	instr, _ := f.GetRows(InstructionsSheet)
	text := ""
	for _, r := range instr {
		text += strings.Join(r, " ") + "\n"
	}
	for _, want := range []string{"routine", "tricky", "refuse", "Supporting line", "natural"} {
		if !strings.Contains(text, want) {
			t.Errorf("instructions do not mention %q", want)
		}
	}
	// An empty template imports as an empty set, not an error.
	if res := readBytes(t, data); len(res.Errors) > 0 || len(res.Rows) != 0 {
		t.Fatalf("template import: %+v", res)
	}
}

// workbook builds an .xlsx with one sheet holding the given rows.
func workbook(t *testing.T, sheet string, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if sheet != "Sheet1" {
		if err := f.SetSheetName("Sheet1", sheet); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range rows {
		for j, v := range r {
			if v != "" {
				if err := f.SetCellStr(sheet, colName(j)+strconv.Itoa(i+1), v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zipPart(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
	t.Fatalf("no part %s", name)
	return ""
}

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
