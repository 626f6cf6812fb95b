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

// Re-importing a workbook the set already holds adds no version, and a
// second copy of the file ("billing (1).xlsx") updates the same set.
func TestGoldenReimportOfAnUnchangedWorkbookAddsNoVersion(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	goldenMust(t, os.WriteFile(filepath.Join(ws, "content", "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644))
	row := golden.Row{ID: "Q1", Question: "Refund?", Category: golden.Routine, ApprovedAnswer: "Within 30 days.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}
	file := filepath.Join(dir, "billing.xlsx")
	goldenMust(t, xlsx.WriteFile(file, []golden.Row{row}))
	copyFile := filepath.Join(dir, "billing (1).xlsx")
	goldenMust(t, xlsx.WriteFile(copyFile, []golden.Row{row}))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}

	cases := []struct {
		name, file, want string
		wantVersion      int
	}{
		{name: "first import stores version 1", file: file, want: `imported 1 rows into "billing" (version 1)`, wantVersion: 1},
		{name: "the same file again is unchanged", file: file, want: "unchanged: no new version", wantVersion: 1},
		{name: "a browser's second copy is the same set, unchanged", file: copyFile, want: "unchanged: no new version", wantVersion: 1},
	}
	for _, c := range cases {
		r := run(t, nil, append(base, "golden", "import", c.file)...)
		if r.code != 0 || !strings.Contains(r.stdout, c.want) {
			t.Fatalf("%s: exit %d, stdout %q, want %q", c.name, r.code, r.stdout, c.want)
		}
		var sets []golden.Set
		r = run(t, nil, append(base, "golden", "list", "--json")...)
		goldenMust(t, json.Unmarshal([]byte(r.stdout), &sets))
		if len(sets) != 1 || sets[0].Name != "billing" || sets[0].Version != c.wantVersion {
			t.Fatalf("%s: sets %+v, want billing at version %d", c.name, sets, c.wantVersion)
		}
	}
}

// Issue 29 item 12: an exported workbook, renamed as people do ("golden
// for review.xlsx"), goes back to the set it was exported from when no
// --set is given: unchanged, not a new set named after the file.
func TestGoldenReimportOfARenamedExportGoesBackToItsSet(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	goldenMust(t, os.WriteFile(filepath.Join(ws, "content", "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644))
	row := golden.Row{ID: "Q1", Question: "Refund?", Category: golden.Routine, ApprovedAnswer: "Within 30 days.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}
	src := filepath.Join(dir, "billing.xlsx")
	goldenMust(t, xlsx.WriteFile(src, []golden.Row{row}))
	base := []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}
	if r := run(t, nil, append(base, "golden", "import", src, "--set", "Support FAQ")...); r.code != 0 {
		t.Fatalf("import: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	exported := filepath.Join(dir, "export.xlsx")
	if r := run(t, nil, append(base, "golden", "export", "--set", "Support FAQ", "-o", exported)...); r.code != 0 {
		t.Fatalf("export: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	renamed := filepath.Join(dir, "golden for review.xlsx")
	goldenMust(t, os.Rename(exported, renamed))
	r := run(t, nil, append(base, "golden", "import", renamed)...)
	if r.code != 0 || !strings.Contains(r.stdout, "unchanged: no new version") || !strings.Contains(r.stdout, "Support FAQ") {
		t.Fatalf("re-import: exit %d, stdout %q; want the Support FAQ set, unchanged", r.code, r.stdout)
	}
	var sets []golden.Set
	r = run(t, nil, append(base, "golden", "list", "--json")...)
	goldenMust(t, json.Unmarshal([]byte(r.stdout), &sets))
	if len(sets) != 1 || sets[0].Name != "Support FAQ" || sets[0].Version != 1 {
		t.Fatalf("sets %+v, want only Support FAQ at version 1", sets)
	}
}
