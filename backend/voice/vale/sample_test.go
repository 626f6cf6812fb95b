package vale

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

const draftsDir = "../../../corpus/drafts"

// TestSampleDrafts lints the sample drafts with the Vale equivalent of
// corpus/guidelines.md; the golden file holds what Vale reports with it
// (checked by hand against Vale's semantics, see testdata/sample/README.md).
func TestSampleDrafts(t *testing.T) {
	st, err := Load(context.Background(), filepath.Join("testdata", "sample", ".vale.ini"))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Warnings) > 0 {
		t.Fatalf("the sample style should load cleanly: %v", st.Warnings)
	}
	drafts, err := filepath.Glob(filepath.Join(draftsDir, "*.md"))
	if err != nil || len(drafts) == 0 {
		t.Fatalf("no drafts in %s: %v", draftsDir, err)
	}
	var b strings.Builder
	for _, p := range drafts {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		found, err := st.Lint(context.Background(), filepath.Base(p), string(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			b.WriteString(f.String() + "\n")
		}
	}
	golden := filepath.Join("testdata", "sample", "expected.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("findings differ from %s (run with -update after checking):\n%s", golden, got)
	}
}
