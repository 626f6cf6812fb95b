package xlsx

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
)

// excelWorkbook writes cells the way Excel stores them: SetCellRichText
// escapes a literal _xHHHH_ as _x005F_xHHHH_ (SetCellStr does not).
func excelWorkbook(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", QuestionsSheet); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		for j, v := range r {
			if v == "" {
				continue
			}
			if err := f.SetCellRichText(QuestionsSheet, colName(j)+strconv.Itoa(i+1), []excelize.RichTextRun{{Text: v}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func fullHeader() []string {
	h := make([]string, len(columns))
	for i, c := range columns {
		h[i] = c.field.Label()
	}
	return h
}

// cellsOf reads back every cell text of the questions sheet.
func cellsOf(t *testing.T, data []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(QuestionsSheet)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestExportKeepsCellsAsWritten is the reproduction of issue 29 item 7:
// import then export turned \r\n into \n, re-joined "a, b,c ,  d" as
// "a, b, c, d" and wrote a literal _x0041_ so that Excel showed "A".
func TestExportKeepsCellsAsWritten(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		row  []string
	}{
		{"CRLF in a question", []string{"Q1", "How long?\r\nAnd where?", "routine", "30 days.", "help-a", "30 days", "", "", ""}},
		{"a list as typed", []string{"Q2", "Tags?", "routine", "Yes.", "help-a;help-b ,help-c", "Yes", "", "", "a, b,c ,  d"}},
		{"a literal OOXML escape", []string{"Q3", "What is _x0041_?", "tricky", "It reads _x0041_, not A; _x005F_ stays too.", "help-a", "x", "", "", ""}},
		{"a category as typed", []string{"Q4", "Refund?", "Routine", "No.", "help-a", "No", "", "", ""}},
		{"space kept around text", []string{"Q5", " leading and trailing ", "refuse", "  ", "", "", "Billing\n", "\tnote", ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := [][]string{fullHeader(), c.row}
			res := readBytes(t, excelWorkbook(t, in))
			if len(res.Rows) != 1 {
				t.Fatalf("read %d rows, errors %+v", len(res.Rows), res.Errors)
			}
			out := writeBytes(t, res.Rows)
			got := cellsOf(t, out)
			want := cellsOf(t, excelWorkbook(t, in))
			if len(got) < 2 || !reflect.DeepEqual(trimRight(got[1]), trimRight(want[1])) {
				t.Fatalf("exported cells\n got %q\nwant %q", got[1:], want[1:])
			}
			if strings.Contains(c.row[1], "_x0041_") && !strings.Contains(zipPart(t, out, "xl/sharedStrings.xml"), "What is _x005F_x0041_?") {
				t.Fatalf("the literal is not escaped in the export:\n%s", zipPart(t, out, "xl/sharedStrings.xml"))
			}
			again := readBytes(t, out)
			if !reflect.DeepEqual(again.Rows, res.Rows) {
				t.Fatalf("re-import differs:\n got %#v\nwant %#v", again.Rows, res.Rows)
			}
		})
	}
}

func trimRight(cells []string) []string {
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// Characters XML cannot hold survive as _xHHHH_ instead of turning into
// U+FFFD, and a stored text never doubles an escape.
func TestOOXMLText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, stored string
	}{
		{"plain", "30 days", "30 days"},
		{"an underscore alone", "snake_case_x", "snake_case_x"},
		{"a literal escape", "_x0041_", "_x005F_x0041_"},
		{"lower-case hex", "_x00e9_", "_x005F_x00e9_"},
		{"an escaped underscore", "_x005F_", "_x005F_x005F_"},
		{"a control character", "a\bb", "a_x0008_b"},
		{"tab, LF and CR stay", "a\tb\nc\r", "a\tb\nc\r"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := ooxmlText(c.in); got != c.stored {
				t.Fatalf("ooxmlText(%q) = %q, want %q", c.in, got, c.stored)
			}
			rows := []golden.Row{{ID: "Q1", Question: c.in, Category: golden.Refuse, ApprovedAnswer: "x"}}
			if back := readBytes(t, writeBytes(t, rows)); len(back.Rows) != 1 || back.Rows[0].Question != c.in {
				t.Fatalf("round trip of %q: %+v", c.in, back.Rows)
			}
		})
	}
}
