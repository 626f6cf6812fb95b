package xlsx

import (
	"context"
	"path/filepath"
	"testing"

	"continuity/backend/golden"
)

// An exported workbook names its set in its document properties, and a
// read gets it back whatever the file is called; a workbook made
// elsewhere names none.
func TestExportedWorkbookNamesItsSet(t *testing.T) {
	rows := []golden.Row{{ID: "Q1", Question: "How fast?", Category: golden.Routine, ApprovedAnswer: "Two days.",
		ReferenceDocIDs: []string{"help-shipping"}, SupportingLine: "ship within two days"}}
	dir := t.TempDir()
	cases := []struct {
		name  string
		write func(path string) error
		want  SetIdentity
	}{
		{"an export of a set", func(p string) error { return WriteSetFile(p, SetIdentity{Set: "Support FAQ", Version: 3}, rows) }, SetIdentity{Set: "Support FAQ", Version: 3}},
		{"a workbook with no set", func(p string) error { return WriteFile(p, rows) }, SetIdentity{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "renamed copy "+c.name+".xlsx")
			if err := c.write(path); err != nil {
				t.Fatal(err)
			}
			res, err := ReadFile(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if res.Identity != c.want || len(res.Rows) != 1 || len(res.Errors) != 0 {
				t.Fatalf("identity %+v, %d rows, errors %v; want %+v", res.Identity, len(res.Rows), res.Errors, c.want)
			}
		})
	}
}
