package vale

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// The Microsoft style (errata-ai/Microsoft, MIT; see testdata/microsoft/SOURCE.md)
// loads with no error; what Continuity cannot run is listed here, once each.
func TestMicrosoftStyleLoads(t *testing.T) {
	st, err := Load(context.Background(), filepath.Join("testdata", "microsoft", ".vale.ini"))
	if err != nil {
		t.Fatal(err)
	}
	ms := filepath.Join("testdata", "microsoft", "styles", "Microsoft")
	var got []string
	for _, w := range st.Warnings {
		rel, _ := filepath.Rel(ms, w.File)
		got = append(got, rel+":"+strconv.Itoa(w.Line))
	}
	// pos needs a part-of-speech tagger; the skipped swaps use lookarounds.
	want := []string{"Backend.yml:6"}
	for _, l := range []int{19, 20, 21, 23, 24, 25, 26, 28, 29, 30, 31, 33, 34, 35, 36, 37} {
		want = append(want, "Contractions.yml:"+strconv.Itoa(l))
	}
	if !slices.Equal(got, want) {
		for _, w := range st.Warnings {
			t.Log(w)
		}
		t.Errorf("warnings at\n got %q\nwant %q", got, want)
	}
	rules := st.For("docs/page.md")
	if n := rules.Guidelines.RuleCount(); n != 14 {
		t.Errorf("rules for a .md file = %d, want all 14", n)
	}
	found, err := st.Lint(context.Background(), "page.md", "# Getting Started!\n\nWe do not use the API... It is fast.Really.\n")
	if err != nil {
		t.Fatal(err)
	}
	var checks []string
	for _, f := range found {
		checks = append(checks, f.String())
	}
	wantFound := []string{
		"page.md:1:3:Microsoft.Headings:'Getting Started!' should use sentence-style capitalization.",
		"page.md:1:11:Microsoft.HeadingPunctuation:Don’t use punctuation in headings.",
		"page.md:3:1:Microsoft.FirstPerson:Use first person sparingly ('We').",
		"page.md:3:1:Microsoft.We:Try to avoid using first-person plural like 'We'.",
		"page.md:3:4:Microsoft.Contractions:Use 'don't' instead of 'do not'.",
		"page.md:3:19:Microsoft.Acronyms:'API' has no definition.",
		"page.md:3:22:Microsoft.Ellipses:In general, don’t use an ellipsis.",
		"page.md:3:36:Microsoft.Spacing:'.R' should have one space.",
	}
	if !slices.Equal(checks, wantFound) {
		t.Errorf("findings:\n got %q\nwant %q", checks, wantFound)
	}
}
