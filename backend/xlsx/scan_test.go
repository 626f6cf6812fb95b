package xlsx

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// sstXML is a shared-string table holding strs, written by hand.
func sstXML(strs ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, len(strs), len(strs))
	for _, s := range strs {
		fmt.Fprintf(&b, `<si><t>%s</t></si>`, s)
	}
	return b.String() + `</sst>`
}

// crafted is the header workbook with a hand-written sheet and
// shared-string table in place of excelize's.
func crafted(t *testing.T, sheet, sst string) []byte {
	t.Helper()
	valid := workbook(t, QuestionsSheet, [][]string{header})
	return rezip(t, valid, func(name string) (io.Reader, bool) {
		switch name {
		case sheetPart:
			return strings.NewReader(sheet), true
		case "xl/sharedStrings.xml":
			return strings.NewReader(sst), true
		}
		return nil, false
	})
}

// sstRow is a row numbered r whose cells are shared-string references
// (t="s"), by column from A. A cell written "-:N" has no r attribute, so
// its column is its position; "" leaves the column empty.
func sstRow(r string, refs ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<row r="%s">`, r)
	for i, v := range refs {
		switch {
		case v == "":
		case strings.HasPrefix(v, "-:"):
			fmt.Fprintf(&b, `<c t="s"><v>%s</v></c>`, v[2:])
		default:
			fmt.Fprintf(&b, `<c r="%s%s" t="s"><v>%s</v></c>`, colName(i), r, v)
		}
	}
	return b.String() + `</row>`
}

// fullHead is a header row naming every column, Owner, Notes and Tags too.
var fullHead = func() string {
	var b strings.Builder
	b.WriteString(`<row r="1">`)
	for i, c := range columns {
		fmt.Fprintf(&b, `<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>`, colName(i), c.field.Label())
	}
	return b.String() + `</row>`
}()

// The strings the crafted rows point at: a refuse question needs only the
// first four columns.
var craftedStrings = []string{"Q1", "Is there a moon plan?", "refuse", "No", "Q2", "Is there a sun plan?", "a note"}

func TestCorruptCellsAndRowNumbersAreLocatedErrors(t *testing.T) {
	t.Parallel()
	sst := sstXML(craftedStrings...)
	q1 := sstRow("2", "0", "1", "2", "3")
	cases := []struct {
		name    string
		rows    []string
		row     int
		column  string
		message string
	}{
		{"negative shared-string index in the optional notes column", []string{sstRow("2", "0", "1", "2", "3", "", "", "", "-1")}, 2, "H", `shared string "-1"`},
		{"negative index in a cell without a reference", []string{sstRow("2", "0", "1", "-:-1", "-:3")}, 2, "C", `shared string "-1", but the workbook's shared-string table has 7 entries`},
		{"index past the end of the table", []string{sstRow("2", "0", "7", "2", "3")}, 2, "B", "has 7 entries (0 to 6)"},
		{"index that is not a number", []string{sstRow("2", "0", "1", "2", "x3")}, 2, "D", `shared string "x3"`},
		{"negative row number after a good row", []string{q1, sstRow("-1", "-:4", "-:5", "-:2", "-:3")}, 3, "", `the row after row 2 has row number r="-1"`},
		{"sheet cut short inside a row", []string{q1, `<row r="3"><c r="A3" t="inlineStr"><is><t>Q2`}, 3, "", "the file is cut short"},
		{"row number going backwards", []string{q1, sstRow("3", "4", "5", "2", "3"), sstRow("2", "4", "6", "2", "3")}, 4, "", "the row after row 3 has row number 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := crafted(t, sheetXML(append([]string{fullHead}, tc.rows...)...), sst)
			fromFile, err := ReadFile(context.Background(), writeFile(t, "corrupt.xlsx", data))
			if err != nil {
				t.Fatal(err)
			}
			for how, res := range map[string]Result{"ReadFile": fromFile, "ReadBytes": readBytes(t, data)} {
				if len(res.Errors) == 0 {
					t.Fatalf("%s: no error; the corruption was read silently as rows %+v", how, res.Rows)
				}
				e := res.Errors[0]
				if e.Sheet != QuestionsSheet || e.Row != tc.row || e.Column != tc.column || !strings.Contains(e.Message, tc.message) {
					t.Fatalf("%s: first error %+v, want sheet %q row %d column %q with %q", how, e, QuestionsSheet, tc.row, tc.column, tc.message)
				}
				if valid, _ := res.ValidRows(); len(valid) > 0 && tc.column != "" {
					t.Fatalf("%s: the corrupt row is among the valid rows %+v", how, valid)
				}
			}
		})
	}
}

// The cross-check must not cry wolf: good references to a hand-written
// table, and rows without numbers (as some generators write them), read
// as before with no error or warning.
func TestCraftedWorkbookWithGoodReferencesReads(t *testing.T) {
	t.Parallel()
	unnumbered := strings.Replace(sstRow("3", "-:4", "-:5", "-:2", "-:3", "", "", "", ""), `<row r="3">`, `<row>`, 1)
	unnumbered = strings.Replace(unnumbered, `</row>`, `<c r="H3" t="s"><v>6</v></c></row>`, 1)
	data := crafted(t, sheetXML(fullHead, sstRow("2", "0", "1", "2", "3"), unnumbered), sstXML(craftedStrings...))
	res := readBytes(t, data)
	if len(res.Errors) > 0 || len(res.Warnings) > 0 {
		t.Fatalf("errors %+v, warnings %+v", res.Errors, res.Warnings)
	}
	if len(res.Rows) != 2 || res.Rows[0].Question != "Is there a moon plan?" || res.Rows[1].ID != "Q2" || res.Rows[1].Notes != "a note" || res.RowNums[1] != 3 {
		t.Fatalf("rows %+v at %v", res.Rows, res.RowNums)
	}
}

func TestCorruptCellsAreCappedWithASummary(t *testing.T) {
	t.Parallel()
	rows := []string{fullHead}
	for n := 2; n < 2+maxScanProblems+5; n++ {
		rows = append(rows, sstRow(fmt.Sprint(n), "0", "1", "2", "-1"))
	}
	res := readBytes(t, crafted(t, sheetXML(rows...), sstXML(craftedStrings...)))
	var scan []Problem
	for _, e := range res.Errors {
		if strings.Contains(e.Message, "shared string") || strings.Contains(e.Message, "more problems") {
			scan = append(scan, e)
		}
	}
	if len(scan) != maxScanProblems+1 || !strings.Contains(scan[maxScanProblems].Message, "and 5 more") {
		t.Fatalf("scan problems %+v; want %d located ones and a summary of 5 more", scan, maxScanProblems)
	}
}
