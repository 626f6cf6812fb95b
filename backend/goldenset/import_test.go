package goldenset

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

func TestImportPolicy(t *testing.T) {
	t.Parallel()
	stale := goodRow
	stale.ID, stale.SupportingLine = "Q3", "within 14 days"
	unknown := goodRow
	unknown.ID, unknown.ReferenceDocIDs = "Q4", []string{"kb-991"}
	cases := []struct {
		name         string
		rows         []golden.Row
		mode         Mode
		wantStored   bool
		wantImported int
		wantErrors   []xlsx.Problem // sheet, row, column; message checked by substring
		wantWarnRows []int
	}{
		{name: "clean workbook is stored", rows: []golden.Row{goodRow}, wantStored: true, wantImported: 1},
		{name: "all or nothing stores nothing on one error", rows: []golden.Row{goodRow, badRow},
			wantErrors: []xlsx.Problem{{Sheet: xlsx.QuestionsSheet, Row: 3, Column: "C", Message: "sometimes"}}},
		{name: "valid only stores the rows without errors", rows: []golden.Row{goodRow, badRow}, mode: ValidOnly,
			wantStored: true, wantImported: 1,
			wantErrors: []xlsx.Problem{{Sheet: xlsx.QuestionsSheet, Row: 3, Column: "C", Message: "sometimes"}}},
		{name: "valid only with no valid row stores nothing", rows: []golden.Row{badRow}, mode: ValidOnly,
			wantErrors: []xlsx.Problem{{Sheet: xlsx.QuestionsSheet, Row: 2, Column: "C", Message: "sometimes"}}},
		{name: "corpus problems are located warnings, not errors", rows: []golden.Row{goodRow, stale, unknown},
			wantStored: true, wantImported: 3, wantWarnRows: []int{3, 4}},
		{name: "no question rows is an error", rows: nil,
			wantErrors: []xlsx.Problem{{Sheet: xlsx.QuestionsSheet, Row: 2, Message: "no question rows below the header (row 1)"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t)
			o, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", c.rows...), Request{Mode: c.mode})
			must(t, err)
			if o.Set != "billing" || o.Stored != c.wantStored || o.Imported != c.wantImported || o.Rows != len(c.rows) {
				t.Fatalf("outcome %+v; want stored %v, %d imported of %d", o, c.wantStored, c.wantImported, len(c.rows))
			}
			if len(o.Errors) != len(c.wantErrors) {
				t.Fatalf("errors %+v, want %+v", o.Errors, c.wantErrors)
			}
			for i, w := range c.wantErrors {
				e := o.Errors[i]
				if e.Sheet != w.Sheet || e.Row != w.Row || e.Column != w.Column || !strings.Contains(e.Message, w.Message) {
					t.Errorf("error %+v, want %+v", e, w)
				}
			}
			if (o.Err() == nil) != (len(c.wantErrors) == 0) || (o.Err() != nil && !errors.Is(o.Err(), ErrWorkbook)) {
				t.Errorf("Err() = %v with errors %+v", o.Err(), o.Errors)
			}
			if len(o.Warnings) != len(c.wantWarnRows) {
				t.Fatalf("warnings %+v, want rows %v", o.Warnings, c.wantWarnRows)
			}
			for i, row := range c.wantWarnRows {
				if w := o.Warnings[i]; w.Row != row || w.Sheet != xlsx.QuestionsSheet || w.Column == "" {
					t.Errorf("warning %+v, want located on row %d", w, row)
				}
			}
			rows, err := f.repo.Rows(ctx, "billing")
			switch {
			case !c.wantStored && !errors.Is(err, golden.ErrNotFound):
				t.Fatalf("nothing should be stored: rows %+v, err %v", rows, err)
			case c.wantStored && (err != nil || len(rows) != c.wantImported || o.Version != 1):
				t.Fatalf("stored rows %+v (version %d), err %v", rows, o.Version, err)
			}
		})
	}
}

// A run records a golden-set version, so re-importing the same workbook
// must not add one; a changed workbook must.
func TestImportAddsAVersionOnlyWhenRowsChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	first, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", goodRow), Request{})
	must(t, err)
	again, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", goodRow), Request{})
	must(t, err)
	if first.Version != 1 || first.Unchanged || again.Version != 1 || !again.Unchanged || !again.Stored || again.Imported != 1 {
		t.Fatalf("first %+v, again %+v; want version 1 twice, the second unchanged", first, again)
	}
	edited := goodRow
	edited.Question = "How long is the refund window?"
	changed, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", edited), Request{})
	must(t, err)
	if changed.Version != 2 || changed.Unchanged {
		t.Fatalf("changed %+v, want version 2", changed)
	}
	// valid-only: the valid rows are what is compared
	same, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", edited, badRow), Request{Mode: ValidOnly})
	must(t, err)
	if same.Version != 2 || !same.Unchanged || len(same.Errors) != 1 {
		t.Fatalf("valid-only re-import %+v, want version 2 unchanged with the bad row's error", same)
	}
	vs, err := f.repo.Versions(ctx, "billing")
	must(t, err)
	if len(vs) != 2 || vs[0].Summary != "imported billing.xlsx (1 rows)" {
		t.Fatalf("versions %+v", vs)
	}
}

func TestImportRefusesBeforeReading(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name    string
		file    string
		set     string
		wantErr error  // a Go error: nothing was looked at
		wantMsg string // else the located file-level problem
	}{
		{name: "a bad set name", file: "billing.xlsx", set: " padded", wantErr: golden.ErrInvalid},
		{name: "a name that is not .xlsx", file: "billing.csv", wantMsg: "billing.csv: not an .xlsx workbook"},
		{name: "a macro workbook", file: "billing.xlsm", wantMsg: "not an .xlsx workbook"},
		{name: "a missing file", file: "missing.xlsx", wantMsg: "missing.xlsx: cannot open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			path := filepath.Join(f.dir, c.file)
			if c.file != "missing.xlsx" {
				must(t, xlsx.WriteFile(path, []golden.Row{goodRow}))
			}
			wb, err := ReadFile(ctx, path)
			must(t, err)
			o, err := Import(ctx, f.repo, f.docs, wb, Request{Set: c.set})
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				return
			}
			must(t, err)
			if o.Stored || len(o.Errors) != 1 || o.Errors[0].Row != 0 || !strings.Contains(o.Errors[0].Message, c.wantMsg) {
				t.Fatalf("outcome %+v, want one file-level error %q", o, c.wantMsg)
			}
		})
	}
}

// Headers are matched tolerantly (other spellings, a title line above,
// byte-order marks from pasted cells) and dropped bytes read like a file.
func TestImportToleratesHeadersAndReadsDroppedBytes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	path := f.rawWorkbook(t, "Support.xlsx", "Golden", [][]string{
		{"Support questions, March"},
		{"\ufeffQID", "Query", "Type", "Expected answer", "Sources", "Quote", "Reviewer comments"},
		{"\ufeffQ1", "Refund?", "Routine", "Within 30 days.", "help-refund", "full refund within 30 days"},
	})
	data, err := os.ReadFile(path)
	must(t, err)
	wb, err := ReadBytes(ctx, "/somewhere/else/Support.xlsx", data)
	must(t, err)
	o, err := Import(ctx, f.repo, f.docs, wb, Request{Set: "support"})
	must(t, err)
	if !o.Stored || o.File != "Support.xlsx" || o.Set != "support" || len(o.Errors) != 0 {
		t.Fatalf("outcome %+v", o)
	}
	if len(o.Warnings) != 1 || o.Warnings[0].Column != "G" || !strings.Contains(o.Warnings[0].Message, "not a golden set field") {
		t.Fatalf("warnings %+v, want the unknown column G", o.Warnings)
	}
	rows, err := f.repo.Rows(ctx, "support")
	must(t, err)
	if len(rows) != 1 || rows[0].ID != "Q1" || rows[0].Category != golden.Routine || rows[0].SupportingLine != goodRow.SupportingLine {
		t.Fatalf("rows %+v", rows)
	}
}

func TestValidateStoresNothingAndWarnsOnAnEmptyTemplate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	cases := []struct {
		name       string
		rows       []golden.Row
		wantErrors int
		wantWarn   string
	}{
		{"an empty template is valid, with a warning", nil, 0, "no question rows below the header"},
		{"errors are reported as on import", []golden.Row{goodRow, badRow}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := Validate(ctx, f.docs, f.workbook(t, "check.xlsx", c.rows...))
			must(t, err)
			if o.Stored || len(o.Errors) != c.wantErrors {
				t.Fatalf("outcome %+v", o)
			}
			if c.wantWarn != "" && (len(o.Warnings) != 1 || !strings.Contains(o.Warnings[0].Message, c.wantWarn) || !o.Empty) {
				t.Fatalf("warnings %+v, want %q", o.Warnings, c.wantWarn)
			}
		})
	}
	if sets, err := f.repo.List(ctx); err != nil || len(sets) != 0 {
		t.Fatalf("validate stored %+v (%v)", sets, err)
	}
}

func TestWorkbookErrorLocatesTheFirstFive(t *testing.T) {
	t.Parallel()
	var ps []xlsx.Problem
	for i := range 7 {
		ps = append(ps, xlsx.Problem{Sheet: "Golden questions", Row: i + 2, Column: "C", Message: "unknown category"})
	}
	msg := (&WorkbookError{File: "billing.xlsx", Problems: ps}).Error()
	for _, want := range []string{"billing.xlsx: golden workbook has errors (7):", "billing.xlsx sheet Golden questions row 2 column C: unknown category", "… and 2 more"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestIssuesOfAStoredSet(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	unknown := goodRow
	unknown.ID, unknown.ReferenceDocIDs = "Q5", []string{"kb-991"}
	cases := []struct {
		name string
		docs golden.DocLookup
		want int
	}{
		{"structure and corpus", f.docs, 2},
		{"structure only without a corpus", nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			issues, err := Issues(context.Background(), []golden.Row{goodRow, unknown, badRow}, c.docs)
			if err != nil || len(issues) != c.want {
				t.Fatalf("issues %+v (%v), want %d", issues, err, c.want)
			}
		})
	}
}
