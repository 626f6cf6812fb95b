package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// The golden command's flags live in package state (see golden.go), so
// these tests run one after another, not in parallel.
func TestGoldenImportIsAllOrNothingWithLocatedErrors(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	goldenMust(t, os.WriteFile(filepath.Join(ws, "content", "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644))
	good := golden.Row{ID: "Q1", Question: "Refund?", Category: golden.Routine, ApprovedAnswer: "Within 30 days.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}
	stale := good
	stale.ID, stale.SupportingLine = "Q2", "within 14 days"
	unknown := good
	unknown.ID, unknown.ReferenceDocIDs = "Q3", []string{"kb-991"}
	bad := golden.Row{ID: "Q4", Question: "Why?", Category: "sometimes", ApprovedAnswer: "x"}
	file := filepath.Join(dir, "billing.xlsx")
	goldenMust(t, xlsx.WriteFile(file, []golden.Row{good, stale, unknown, bad}))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}

	r := run(t, nil, append(base, "golden", "import", file, "--json")...)
	if r.code != ExitFailed {
		t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
	}
	var got importJSON
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &got))
	if got.Set != "billing" || got.Imported != 0 || len(got.Errors) != 1 {
		t.Fatalf("import = %+v", got)
	}
	if e := got.Errors[0]; e.Sheet != xlsx.QuestionsSheet || e.Row != 5 || e.Column != "C" || !strings.Contains(e.Message, "sometimes") {
		t.Fatalf("error = %+v, want sheet/row 5/column C", e)
	}
	if len(got.Warnings) != 2 || got.Warnings[0].Row != 3 || got.Warnings[1].Row != 4 {
		t.Fatalf("warnings = %+v, want the stale line (row 3) and the unknown doc (row 4)", got.Warnings)
	}
	if r := run(t, nil, append(base, "golden", "list", "--json")...); strings.TrimSpace(r.stdout) != "[]" {
		t.Fatalf("a failed import saved something: %s", r.stdout)
	}

	r = run(t, nil, append(base, "golden", "import", file, "--valid-only", "--set", "Billing", "--json")...)
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &got))
	if r.code != ExitFailed || got.Imported != 3 {
		t.Fatalf("valid-only: exit %d, %+v", r.code, got)
	}

	out := filepath.Join(dir, "out.xlsx")
	if r := run(t, nil, append(base, "golden", "export", "--set", "Billing", "-o", out)...); r.code != 0 {
		t.Fatalf("export: %d %s", r.code, r.stderr)
	}
	r = run(t, nil, append(base, "golden", "validate", out, "--json")...)
	if r.code != ExitFailed { // no errors, but rows 3 and 4 are stale
		t.Fatalf("validate exported file: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, nil, append(base, "golden", "validate", "--set", "Billing")...); r.code != ExitFailed || !strings.Contains(r.stdout, "3 rows, 2 issues") {
		t.Fatalf("validate set: %d %q", r.code, r.stdout)
	}
	tmpl := filepath.Join(dir, "template.xlsx")
	if r := run(t, nil, append(base, "golden", "template", "-o", tmpl)...); r.code != 0 {
		t.Fatalf("template: %d %s", r.code, r.stderr)
	}
	if r := run(t, nil, append(base, "golden", "frobnicate")...); r.code != ExitError {
		t.Fatalf("unknown subcommand exit %d", r.code)
	}
}

// An import of a workbook with a header and no questions stored an empty
// set and exited 0, so a script believed its golden set was loaded.
func TestGoldenImportOfNoRowsFailsWithALocatedError(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}
	empty := filepath.Join(dir, "empty.xlsx")
	if r := run(t, nil, append(base, "golden", "template", "-o", empty)...); r.code != 0 {
		t.Fatalf("template: %d %s", r.code, r.stderr)
	}

	r := run(t, nil, append(base, "golden", "import", empty, "--json")...)
	var got importJSON
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &got))
	if r.code != ExitFailed || got.Imported != 0 || len(got.Errors) != 1 {
		t.Fatalf("exit %d, %+v; want exit 1 with one error", r.code, got)
	}
	if e := got.Errors[0]; e.Sheet != xlsx.QuestionsSheet || e.Row != 2 || !strings.Contains(e.Message, "no question rows below the header (row 1)") {
		t.Fatalf("error = %+v, want it located on the sheet below the header", e)
	}
	if r := run(t, nil, append(base, "golden", "list", "--json")...); strings.TrimSpace(r.stdout) != "[]" {
		t.Fatalf("an import of nothing saved a set: %s", r.stdout)
	}
	r = run(t, nil, append(base, "golden", "import", empty, "--valid-only")...)
	if r.code != ExitFailed || !strings.Contains(r.stdout, "nothing imported: empty.xlsx has no question rows") {
		t.Fatalf("valid-only: exit %d, %q", r.code, r.stdout)
	}
	// validating the empty template is not an import: it passes, with a warning
	r = run(t, nil, append(base, "golden", "validate", empty)...)
	if r.code != 0 || !strings.Contains(r.stdout, "warning: "+xlsx.QuestionsSheet+" row 2: no question rows") {
		t.Fatalf("validate: exit %d, %q", r.code, r.stdout)
	}
}

func goldenMust(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
