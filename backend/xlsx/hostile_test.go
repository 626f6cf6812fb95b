package xlsx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

var header = []string{"ID", "Question", "Category", "Approved answer", "Reference doc IDs", "Supporting line"}

// rezip copies an .xlsx, letting edit replace (or drop, with nil) parts.
func rezip(t *testing.T, src []byte, edit func(name string) (io.Reader, bool)) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for _, f := range zr.File {
		var body io.Reader
		if r, replaced := edit(f.Name); replaced {
			if r == nil {
				continue
			}
			body = r
		} else {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			body = rc
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(w, body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func replacePart(part string, r io.Reader) func(string) (io.Reader, bool) {
	return func(name string) (io.Reader, bool) {
		if name == part {
			return r, true
		}
		return nil, false
	}
}

const sheetPart = "xl/worksheets/sheet1.xml"

// bombZip returns valid with its sheet replaced by a genuine deflate bomb:
// a few hundred KB that inflate to size bytes of XML. The compressed
// stream repeats one independently compressed, sync-flushed 1 MB block of
// spaces, so building it costs a CRC pass instead of compressing size bytes.
func bombZip(t *testing.T, valid []byte, size int64) []byte {
	t.Helper()
	head := []byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	tail := []byte(`</sheetData></worksheet>`)
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	block := func(p []byte) []byte {
		var b bytes.Buffer
		w, _ := flate.NewWriter(&b, flate.BestCompression)
		_, _ = w.Write(p)
		_ = w.Flush()
		return b.Bytes()
	}
	n := size >> 20
	var comp bytes.Buffer
	comp.Write(block(head))
	one := block(chunk)
	crc := crc32.NewIEEE()
	crc.Write(head)
	for i := int64(0); i < n; i++ {
		comp.Write(one)
		crc.Write(chunk)
	}
	comp.Write(block(tail))
	crc.Write(tail)
	comp.Write([]byte{0x03, 0x00}) // final, empty fixed-Huffman block
	zr, err := zip.NewReader(bytes.NewReader(valid), int64(len(valid)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name == sheetPart {
			w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, CRC32: crc.Sum32(),
				CompressedSize64: uint64(comp.Len()), UncompressedSize64: uint64(int64(len(head)+len(tail)) + n<<20)})
			if err != nil {
				t.Fatal(err)
			}
			_, _ = w.Write(comp.Bytes())
			continue
		}
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestBombFixtureIsAGenuineBomb(t *testing.T) {
	t.Parallel()
	valid := workbook(t, QuestionsSheet, [][]string{header})
	bomb := bombZip(t, valid, 4<<20)
	zr, err := zip.NewReader(bytes.NewReader(bomb), int64(len(bomb)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != sheetPart {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, rc)
		rc.Close()
		if err != nil || n < 4<<20 || f.CompressedSize64 > 64<<10 {
			t.Fatalf("inflated %d bytes from %d (err %v)", n, f.CompressedSize64, err)
		}
		return
	}
	t.Fatal("no sheet part")
}

func TestHostileAndMalformedFilesGiveLocatedErrors(t *testing.T) {
	t.Parallel()
	valid := workbook(t, QuestionsSheet, [][]string{header, {"Q1", "Is there a trial?", "routine", "Yes", "help-free-trial", "Every trial lasts 14 days."}})
	encrypted := func(t *testing.T) string {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetCellStr("Sheet1", "A1", "ID")
		p := filepath.Join(t.TempDir(), "locked.xlsx")
		if err := f.SaveAs(p, excelize.Options{Password: "secret"}); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tooBig := func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), "big.xlsx")
		if err := os.WriteFile(p, []byte("PK\x03\x04"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, MaxFileSize+1); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
		return p
	}
	fromBytes := func(b []byte) func(*testing.T) string {
		return func(t *testing.T) string { return writeFile(t, "fixture.xlsx", b) }
	}
	far := excelize.TotalRows - 6
	tests := []struct {
		name    string
		file    func(*testing.T) string
		row     int
		column  string
		message string
	}{
		{"text file renamed .xlsx", fromBytes([]byte("id,question\nQ1,hello\n")), 0, "", "not an .xlsx workbook"},
		{"empty file", fromBytes(nil), 0, "", "empty"},
		{"encrypted workbook", encrypted, 0, "", "password-protected"},
		{"file over the size limit", tooBig, 0, "", "limit is 25 MB"},
		{"zip bomb", fromBytes(bombZip(t, valid, UnzipSizeLimit+(8<<20))), 0, "", "unpacks to more than"},
		{"truncated zip", fromBytes(valid[:len(valid)/2]), 0, "", "not a readable .xlsx"},
		{"only an instructions sheet", fromBytes(workbook(t, InstructionsSheet, [][]string{{"How to"}})), 0, "", "no sheet with golden questions"},
		{"sheet part missing from the zip", fromBytes(rezip(t, valid, replacePart(sheetPart, nil))), 0, "", "does not exist"},
		{"garbage sheet XML", fromBytes(rezip(t, valid, replacePart(sheetPart, strings.NewReader("<worksheet><sheetData><row r=\"-1\"><c r=\"A-1\" t=\"s\"><v>-7</v>")))), 1, "", `row number r="-1"`},
		{"negative shared string index", fromBytes(rezip(t, valid, replacePart(sheetPart, strings.NewReader(
			`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>-1</v></c></row></sheetData></worksheet>`)))), 1, "A", `shared string "-1"`},
		{"wrong headers", fromBytes(workbook(t, "Data", [][]string{{"Name", "Email", "Phone"}, {"a", "b", "c"}})), 1, "", `missing required column "ID" (found: A="Name"`},
		{"row index near 1,048,576", fromBytes(rezip(t, valid, replacePart(sheetPart, strings.NewReader(sheetXML(
			head, fmt.Sprintf(`<row r="%d"><c r="B%d" t="inlineStr"><is><t>far away</t></is></c></row>`, far, far)))))), far, "", "past the import limit"},
		{"unknown category", fromBytes(workbook(t, QuestionsSheet, [][]string{header, {"Q1", "Why?", "weird", "Because", "doc-a", "Line."}})), 2, "C", `unknown category "weird"`},
		{"missing required field", fromBytes(workbook(t, QuestionsSheet, [][]string{header, {"Q1", "", "routine", "Because", "doc-a", "Line."}})), 2, "B", "missing question"},
		{"duplicate ID", fromBytes(workbook(t, QuestionsSheet, [][]string{header, {"Q1", "A?", "refuse", "No"}, {"Q1", "B?", "refuse", "No"}})), 3, "A", `duplicate ID "Q1" (first on row 2)`},
		{"missing ID", fromBytes(workbook(t, QuestionsSheet, [][]string{header, {"", "A?", "refuse", "No"}})), 2, "A", "missing ID"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tc.file(t)
			res, err := ReadFile(context.Background(), path)
			if err != nil {
				t.Fatalf("ReadFile returned %v; file problems must be located errors", err)
			}
			if len(res.Errors) == 0 {
				t.Fatalf("no error; rows %+v", res.Rows)
			}
			e := res.Errors[0]
			if tc.row >= 0 && e.Row != tc.row {
				t.Errorf("row = %d, want %d (%+v)", e.Row, tc.row, e)
			}
			if e.Column != tc.column {
				t.Errorf("column = %q, want %q (%+v)", e.Column, tc.column, e)
			}
			if !strings.Contains(e.Message, tc.message) {
				t.Errorf("message %q does not contain %q", e.Message, tc.message)
			}
		})
	}
}

func TestHeadersMatchTolerantly(t *testing.T) {
	t.Parallel()
	data := workbook(t, "Sheet1", [][]string{
		{"Golden questions for billing"},
		{"  QUESTION ", "Extra column", "approved_answer", "type", "Sources", "Quote", "#", "Comments", "Labels"},
		{"Can I cancel any time?", "ignored", "Yes.", "Routine", "help-cancel-subscription; docs-pricing", "You can cancel", "Q9", "n", "billing, cancel"},
	})
	res := readBytes(t, data)
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %+v", res.Errors)
	}
	if len(res.Rows) != 1 {
		t.Fatalf("rows = %+v", res.Rows)
	}
	r := res.Rows[0]
	if r.ID != "Q9" || r.Category != "routine" || r.Question != "  Can I cancel any time?"[2:] || len(r.ReferenceDocIDs) != 2 || r.Tags[1] != "cancel" || r.Notes != "n" {
		t.Fatalf("row = %+v", r)
	}
	if res.RowNums[0] != 3 {
		t.Fatalf("row number %d, want 3", res.RowNums[0])
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Column != "B" || !strings.Contains(res.Warnings[0].Message, "Extra column") {
		t.Fatalf("warnings = %+v, want one about column B", res.Warnings)
	}
}

// sheetXML is a worksheet part holding the given <row> elements.
func sheetXML(rows ...string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		strings.Join(rows, "") + `</sheetData></worksheet>`
}

// head is the header row as inline strings.
var head = func() string {
	var b strings.Builder
	b.WriteString(`<row r="1">`)
	for i, h := range header {
		fmt.Fprintf(&b, `<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>`, colName(i), h)
	}
	return b.String() + `</row>`
}()

func TestFormulaCellsReadAsValueAndEqualsTextStaysText(t *testing.T) {
	t.Parallel()
	valid := workbook(t, QuestionsSheet, [][]string{header})
	// D2 is a formula with its cached result, as Excel saves it; B2 is text
	// that looks like a formula.
	row := `<row r="2"><c r="A2" t="inlineStr"><is><t>Q1</t></is></c><c r="B2" t="inlineStr"><is><t>=not a formula</t></is></c>` +
		`<c r="C2" t="inlineStr"><is><t>refuse</t></is></c><c r="D2" t="str"><f>"Ans"&amp;"wer"</f><v>Answer</v></c></row>`
	res := readBytes(t, rezip(t, valid, replacePart(sheetPart, strings.NewReader(sheetXML(head, row)))))
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %+v", res.Errors)
	}
	if got := res.Rows[0]; got.Question != "=not a formula" || got.ApprovedAnswer != "Answer" {
		t.Fatalf("row = %+v, want the formula's value and the = text kept", got)
	}
}
