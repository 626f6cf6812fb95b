package corpus

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// CandidatePath judges paths that may no longer exist; on a tree that
// does, it must pick exactly the files the scan hands on.
func TestCandidatePathAgreesWithTheScan(t *testing.T) {
	t.Parallel()
	files := []string{"help/refunds.md", "a.htm", "B.MD", "notes.txt", "logo.png", ".github/notes.md", ".draft.md",
		"old/x.md", "x.tmp.md", "skip/keep.md", "skip/other.md", "deep/skip/keep.md", "drafts/a.md"}
	rules := IgnoreFile + "=old/\n*.tmp.md\nskip/\n!skip/keep.md\n"
	cases := []struct {
		name    string
		layout  func(string) (ws, root string)
		inRoot  []string // files under the content root
		besides []string // files at the workspace root
	}{
		{"a content folder", func(d string) (string, string) { return d, filepath.Join(d, "content") }, files, []string{rules}},
		{"a workspace without one", func(d string) (string, string) { return d, d }, append(files, "README.md"), []string{rules}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ws, root := c.layout(t.TempDir())
			writeTree(t, root, c.inRoot)
			writeTree(t, ws, c.besides)
			res, err := ScanAll(context.Background(), root)
			if err != nil {
				t.Fatal(err)
			}
			var scanned []string
			for _, f := range res.Files {
				scanned = append(scanned, f.Rel)
			}
			var judged []string
			for _, rel := range append(append([]string{}, c.inRoot...), IgnoreFile) {
				if _, ok := CandidatePath(root, res.Ignore, rel); ok {
					judged = append(judged, rel)
				}
			}
			slices.Sort(judged)
			if strings.Join(judged, " ") != strings.Join(scanned, " ") {
				t.Errorf("CandidatePath keeps %v, the scan %v", judged, scanned)
			}
		})
	}
}
