package xlsx

import (
	"context"
	"strings"
	"testing"
)

// FuzzParseRecords feeds arbitrary sheets (rows split on \n, cells on \t)
// to the row parser: it must never panic and must keep rows and row
// numbers in step, with every error located on a real row.
func FuzzParseRecords(f *testing.F) {
	f.Add("ID\tQuestion\tCategory\tApproved answer\tReference doc IDs\tSupporting line\nQ1\tWhy?\troutine\tBecause\tdoc-a\tLine.")
	f.Add("Question\tanswer\ttype\n\tx\tREFUSE")
	f.Add("#\tquery\tkind\tanswer\tsources\tquote\n1\t=1+1\ttricky\t-2\t,;,\t@x\n1\t\t\t\t\t")
	f.Add("\n\n\n\n\n\n\n\n\n\n\nID")
	f.Fuzz(func(t *testing.T, sheet string) {
		var recs []record
		for i, line := range strings.Split(sheet, "\n") {
			cells := strings.Split(line, "\t")
			if isBlank(cells) {
				continue
			}
			recs = append(recs, record{num: i + 1, cells: cells})
		}
		res := parseRecords("S", recs)
		if len(res.Rows) != len(res.RowNums) {
			t.Fatalf("%d rows but %d row numbers", len(res.Rows), len(res.RowNums))
		}
		for _, e := range res.Errors {
			if e.Message == "" || e.Row < 0 {
				t.Fatalf("unlocated error %+v", e)
			}
		}
		valid, _ := res.ValidRows()
		if len(valid) > len(res.Rows) {
			t.Fatalf("more valid rows than rows")
		}
	})
}

// FuzzReadBytes throws arbitrary bytes at the whole import path.
func FuzzReadBytes(f *testing.F) {
	f.Add([]byte("PK\x03\x04garbage"))
	f.Add([]byte("id,question\n"))
	f.Add([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := ReadBytes(context.Background(), "fuzz.xlsx", data)
		if err != nil {
			t.Fatalf("error outside the result: %v", err)
		}
		if len(res.Errors) == 0 && len(res.Rows) > 0 && len(res.RowNums) != len(res.Rows) {
			t.Fatalf("rows and row numbers out of step")
		}
	})
}
