package vale

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Expected lines are Vale's own, from testdata/features/checks.feature of
// errata-ai/vale and features/rules.feature of errata-ai/write-good (see
// testdata/upstream/SOURCE.md).
func TestUpstreamFixtures(t *testing.T) {
	cases := []struct {
		name, dir string
		files     []string
		want      []string
	}{
		{"capitalization sentence case", "SentenceCase", []string{"test.md"}, []string{
			"test.md:5:3:demo.SentenceCase:'this isn't in sentence case' should be sentence-cased",
			"test.md:11:3:demo.SentenceCase:'This Does Not Comply' should be sentence-cased",
		}},
		{"capitalization threshold", "Capitalization", []string{"test2.md"}, []string{
			"test2.md:1:3:demo.CustomCap:'Section about the MacBook pro ultimate edition' should be in title case",
		}},
		{"occurrence min per scope", "Occurrence", []string{"test2.md"}, []string{
			"test2.md:1:3:demo.MinCount:Content too short.",
		}},
		{"repetition", "Illusions", []string{"test.md"}, []string{
			"test.md:1:1:write-good.Illusions:'the' is repeated!",
		}},
		{"existence raw", "ThereIs", []string{"test.md"}, []string{
			"test.md:3:1:write-good.ThereIs:Don't start a sentence with 'There is'.",
			"test.md:5:1:write-good.ThereIs:Don't start a sentence with 'There are'.",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "upstream", tc.dir)
			st, err := Load(context.Background(), filepath.Join(dir, ".vale.ini"))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range tc.files {
				src, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				found, err := st.Lint(context.Background(), f, string(src))
				if err != nil {
					t.Fatal(err)
				}
				for _, fd := range found {
					got = append(got, fd.String())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("findings:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
