package goldenset

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// Workbook is a golden workbook as read, before the import policy applies.
// File-level problems (not an .xlsx, encrypted, too big, malformed) are in
// its problems, located like every other, never a Go error.
type Workbook struct {
	File string // the file's base name, as problems and version summaries name it
	read xlsx.Result
}

// ReadFile reads a workbook from disk. The error is only for cancellation.
func ReadFile(ctx context.Context, path string) (Workbook, error) {
	wb := Workbook{File: filepath.Base(path)}
	if p, bad := notXLSX(wb.File); bad {
		wb.read.Errors = []xlsx.Problem{p}
		return wb, nil
	}
	res, err := xlsx.ReadFile(ctx, path)
	if err != nil {
		return Workbook{}, fmt.Errorf("read %s: %w", wb.File, err)
	}
	wb.read = res
	return wb, nil
}

// ReadBytes reads a workbook held in memory (one dropped on a window),
// named by the file it came from.
func ReadBytes(ctx context.Context, name string, data []byte) (Workbook, error) {
	wb := Workbook{File: filepath.Base(name)}
	if p, bad := notXLSX(wb.File); bad {
		wb.read.Errors = []xlsx.Problem{p}
		return wb, nil
	}
	res, err := xlsx.ReadBytes(ctx, wb.File, data)
	if err != nil {
		return Workbook{}, fmt.Errorf("read %s: %w", wb.File, err)
	}
	wb.read = res
	return wb, nil
}

// notXLSX refuses a file not named .xlsx before it is opened: the set is
// named after the file, and a macro workbook or a CSV renamed by accident
// is not what the user meant to import.
func notXLSX(file string) (xlsx.Problem, bool) {
	if strings.EqualFold(filepath.Ext(file), ".xlsx") {
		return xlsx.Problem{}, false
	}
	return xlsx.Problem{Message: file + ": not an .xlsx workbook; save it from Excel as .xlsx"}, true
}

// copySuffix is what a browser or a file manager appends to a second
// copy of a file: "golden (1)", "golden - Copy", "golden copy 2".
var copySuffix = regexp.MustCompile(`(?i)(\s*\(\d+\)|\s+-\s+copy(\s*\(\d+\))?|\s+copy(\s+\d+)?)$`)

// DefaultSetName is the set a workbook is imported into when none is
// named: its file name without the extension and without the suffixes a
// second copy gets, so "golden (1).xlsx" updates "golden" rather than
// silently starting a new set.
func DefaultSetName(file string) string {
	base := filepath.Base(file)
	name := strings.TrimSuffix(base, filepath.Ext(base))
	for {
		trimmed := strings.TrimSpace(copySuffix.ReplaceAllString(name, ""))
		if trimmed == name || trimmed == "" {
			return name
		}
		name = trimmed
	}
}

// DefaultSet is the set the workbook is imported into when none is named:
// the set it was exported from (its document properties say), else the
// one DefaultSetName takes from its file name. A renamed or dated copy of
// an export ("golden-2026-03.xlsx") thus goes back to its set.
func (wb Workbook) DefaultSet() string {
	if s := wb.read.Identity.Set; s != "" {
		return s
	}
	return DefaultSetName(wb.File)
}

// ExportedFrom is the set and version the workbook was exported from;
// zero when it was made elsewhere.
func (wb Workbook) ExportedFrom() xlsx.SetIdentity { return wb.read.Identity }

// noRows is the problem of a workbook with a header and no questions: a
// valid template, but an import of nothing.
func noRows(res xlsx.Result) xlsx.Problem {
	p := xlsx.Problem{Sheet: res.Sheet, Message: "no question rows: the sheet holds only a header; nothing to import"}
	if res.HeaderRow > 0 {
		p.Row = res.HeaderRow + 1
		p.Message = fmt.Sprintf("no question rows below the header (row %d); nothing to import", res.HeaderRow)
	}
	return p
}

// Issues validates a stored set's rows: structural errors always, and the
// corpus warnings (unknown reference documents, stale supporting lines)
// when docs is given.
func Issues(ctx context.Context, rows []golden.Row, docs golden.DocLookup) ([]golden.Issue, error) {
	issues := golden.Check(rows, nil)
	if docs != nil {
		more, err := golden.CheckCorpus(ctx, rows, nil, docs)
		if err != nil {
			return nil, err
		}
		issues = append(issues, more...)
	}
	if issues == nil {
		issues = []golden.Issue{}
	}
	return issues, nil
}

// IssuesOrNote is what a grid shows: Issues with the corpus checks, or,
// when the index could not be read (docsErr) or the checks failed, the
// structural issues and a note that says the corpus checks did not run.
func IssuesOrNote(ctx context.Context, rows []golden.Row, docs golden.DocLookup, docsErr error) ([]golden.Issue, string, error) {
	if docsErr != nil {
		issues, err := Issues(ctx, rows, nil)
		return issues, "corpus checks not run: " + docsErr.Error(), err
	}
	issues, err := Issues(ctx, rows, docs)
	if err != nil && docs != nil {
		note := "corpus checks not run: " + err.Error()
		issues, err = Issues(ctx, rows, nil)
		return issues, note, err
	}
	return issues, "", err
}
