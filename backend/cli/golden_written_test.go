package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// TestGoldenImportExportKeepsEveryCell is the reproduction of issue 29
// item 7 through the real CLI: golden import then golden export changed
// \r\n to \n, re-joined tags "a, b,c ,  d" and wrote a literal _x0041_ that
// Excel shows as "A".
func TestGoldenImportExportKeepsEveryCell(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	goldenMust(t, os.WriteFile(filepath.Join(ws, "content", "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644))
	head := make([]string, len(golden.Fields))
	for i, f := range golden.Fields {
		head[i] = f.Label()
	}
	cells := [][]string{head,
		{"Q1", "Refund?\r\nWithin how long?", "Routine", "Within 30 days.\r\nAsk support.", "help-refund", "full refund within 30 days", "Billing", "", "a, b,c ,  d"},
		{"Q2", "What is _x0041_?", "refuse", "It is _x0041_, not A.", "", "", "", "see _x005F_ too", "x;y"},
	}
	in := filepath.Join(dir, "billing.xlsx")
	writeExcelLike(t, in, cells)
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}
	if r := run(t, nil, append(base, "golden", "import", in, "--set", "Billing")...); r.code != 0 {
		t.Fatalf("import: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	out := filepath.Join(dir, "out.xlsx")
	if r := run(t, nil, append(base, "golden", "export", "--set", "Billing", "-o", out)...); r.code != 0 {
		t.Fatalf("export: exit %d %s", r.code, r.stderr)
	}
	want, got := sheetCells(t, in), sheetCells(t, out)
	if len(got) != len(want) {
		t.Fatalf("exported %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("row %d\n got %q\nwant %q", i+1, got[i], want[i])
		}
	}
	// and importing the export is no change
	if r := run(t, nil, append(base, "golden", "import", out, "--set", "Billing")...); r.code != 0 || !strings.Contains(r.stdout, "unchanged") {
		t.Fatalf("re-import of the export: exit %d %q", r.code, r.stdout)
	}
}

// writeExcelLike stores cells as Excel does, a literal _xHHHH_ escaped as
// _x005F_xHHHH_ (excelize's rich text does that; SetCellStr does not).
func writeExcelLike(t *testing.T, path string, cells [][]string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	goldenMust(t, f.SetSheetName("Sheet1", xlsx.QuestionsSheet))
	for i, row := range cells {
		for j, v := range row {
			if v == "" {
				continue
			}
			name, err := excelize.CoordinatesToCellName(j+1, i+1)
			goldenMust(t, err)
			goldenMust(t, f.SetCellRichText(xlsx.QuestionsSheet, name, []excelize.RichTextRun{{Text: v}}))
		}
	}
	goldenMust(t, f.SaveAs(path))
}

// sheetCells is every cell text of the questions sheet, trailing blanks dropped.
func sheetCells(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	goldenMust(t, err)
	defer f.Close()
	rows, err := f.GetRows(xlsx.QuestionsSheet)
	goldenMust(t, err)
	for i, r := range rows {
		for len(r) > 0 && r[len(r)-1] == "" {
			r = r[:len(r)-1]
		}
		rows[i] = r
	}
	for len(rows) > 0 && len(rows[len(rows)-1]) == 0 {
		rows = rows[:len(rows)-1]
	}
	return rows
}
