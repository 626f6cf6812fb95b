package xlsx

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
)

// Problem is a located import error or warning. Row is the row number
// Excel shows (0 for the whole file); Column is a letter ("" for a row or
// the whole file).
type Problem struct {
	Sheet   string `json:"sheet"`
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// Result is what a workbook held. Rows and RowNums run in parallel; rows
// with errors are kept so callers can report them and import only the
// valid ones on request.
type Result struct {
	Sheet     string
	HeaderRow int // spreadsheet row number of the header; 0 when none was found
	Rows      []golden.Row
	RowNums   []int // spreadsheet row number of each row
	// Identity is the set the workbook was exported from (WriteSet); zero
	// for a workbook made elsewhere.
	Identity SetIdentity
	Errors   []Problem
	Warnings []Problem
	cols     map[golden.Field]string // field → column letter
}

// Locate turns a validation issue into a Problem with this file's sheet
// and column letter.
func (r *Result) Locate(is golden.Issue) Problem {
	msg := is.Message
	if is.Field != "" {
		msg = is.Field.Label() + ": " + msg
	}
	return Problem{Sheet: r.Sheet, Row: is.Row, Column: r.cols[is.Field], Message: msg}
}

// ReadFile reads a golden set workbook from disk. File-level problems
// (too big, not an .xlsx, encrypted, malformed) come back as a Problem in
// Result.Errors; the returned error is only for cancellation.
func ReadFile(ctx context.Context, path string) (Result, error) {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return fileProblem(name, "cannot open: %v", err), nil
	}
	if !st.Mode().IsRegular() {
		return fileProblem(name, "not a regular file"), nil
	}
	if st.Size() > MaxFileSize {
		return fileProblem(name, "file is %d MB; the limit is %d MB", st.Size()>>20, MaxFileSize>>20), nil
	}
	fh, err := os.Open(path)
	if err != nil {
		return fileProblem(name, "cannot open: %v", err), nil
	}
	defer fh.Close()
	head := make([]byte, 8)
	n, _ := io.ReadFull(fh, head)
	if p, bad := sniff(name, head[:n]); bad {
		return p, nil
	}
	return read(ctx, name, func() (*excelize.File, error) { return excelize.OpenFile(path, openOptions()) },
		func() (*zip.Reader, io.Closer, error) {
			zr, err := zip.OpenReader(path)
			if err != nil {
				return nil, nil, err
			}
			return &zr.Reader, zr, nil
		})
}

// ReadBytes reads a workbook held in memory, e.g. one dropped on the window.
func ReadBytes(ctx context.Context, name string, data []byte) (Result, error) {
	if len(data) > MaxFileSize {
		return fileProblem(name, "file is %d MB; the limit is %d MB", len(data)>>20, MaxFileSize>>20), nil
	}
	if p, bad := sniff(name, data[:min(8, len(data))]); bad {
		return p, nil
	}
	return read(ctx, name, func() (*excelize.File, error) { return excelize.OpenReader(bytes.NewReader(data), openOptions()) },
		func() (*zip.Reader, io.Closer, error) {
			zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			return zr, io.NopCloser(nil), err
		})
}

func openOptions() excelize.Options {
	return excelize.Options{UnzipSizeLimit: UnzipSizeLimit, UnzipXMLSizeLimit: UnzipXMLSizeLimit}
}

func fileProblem(name, format string, args ...any) Result {
	return Result{Errors: []Problem{{Message: name + ": " + fmt.Sprintf(format, args...)}}}
}

// sniff refuses what is not a zip before excelize sees it: encrypted
// workbooks (and legacy .xls) are OLE compound files, and excelize's
// decryption has panicked on malformed ones (GO-2026-6684).
func sniff(name string, head []byte) (Result, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return Result{}, false
	case bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return fileProblem(name, "the workbook is password-protected (encrypted) or an old .xls file; remove the password or save it as .xlsx and import again"), true
	case len(head) == 0:
		return fileProblem(name, "the file is empty"), true
	default:
		return fileProblem(name, "not an .xlsx workbook (an .xlsx file is a zip archive); save it from Excel as .xlsx"), true
	}
}

// read opens the workbook and parses it, turning any panic inside
// excelize into a located error. raw opens the same file as a plain zip
// for the cross-check of what excelize reads silently (scanSheet).
func read(ctx context.Context, name string, open func() (*excelize.File, error), raw func() (*zip.Reader, io.Closer, error)) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = fileProblem(name, "the workbook is malformed and could not be read (%v)", p), nil
		}
	}()
	f, err := open()
	if err != nil {
		return fileProblem(name, "%s", describeOpenError(err)), nil
	}
	defer f.Close()
	zr, closer, err := raw()
	if err != nil { // excelize opened it, so this is not expected; say so rather than skip the check
		return fileProblem(name, "not a readable .xlsx workbook (%v)", err), nil
	}
	defer closer.Close()
	res, err = parse(ctx, name, f, zr)
	if err != nil {
		return res, err
	}
	id, warn := readIdentity(f)
	res.Identity = id
	if warn != nil {
		res.Warnings = append(res.Warnings, *warn)
	}
	return res, nil
}

func describeOpenError(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "unzip size"):
		return fmt.Sprintf("the workbook unpacks to more than %d MB, over the import limit (%v)", UnzipSizeLimit>>20, err)
	case errors.Is(err, excelize.ErrWorkbookFileFormat), strings.Contains(msg, "zip:"):
		return fmt.Sprintf("not a readable .xlsx workbook (%v)", err)
	}
	return "cannot read the workbook: " + msg
}

func pickSheet(f *excelize.File) (string, bool) {
	var first string
	for _, s := range f.GetSheetList() {
		switch normHeader(s) {
		case normHeader(QuestionsSheet), "questions", "golden", "goldenset":
			return s, true
		case normHeader(InstructionsSheet), "lists":
			continue
		}
		if first == "" {
			first = s
		}
	}
	return first, first != ""
}
