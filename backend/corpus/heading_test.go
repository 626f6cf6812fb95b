package corpus

import (
	"regexp"
	"testing"
)

var atxHeadingRe = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$`)

// checkATXHeading compares atxHeading with the regexp it replaces.
func checkATXHeading(t *testing.T, line string) {
	t.Helper()
	level, title, ok := atxHeading(line)
	m := atxHeadingRe.FindStringSubmatch(line)
	if ok != (m != nil) || ok && (level != len(m[1]) || title != m[2]) {
		t.Fatalf("atxHeading(%q) = %d %q %v, the regexp finds %q", line, level, title, ok, m)
	}
}

func TestATXHeadingMatchesTheRegexp(t *testing.T) {
	for name, line := range map[string]string{
		"level one":             "# Refunds",
		"level six":             "###### Deep",
		"seven hashes":          "####### Too deep",
		"closing hashes":        "## Plans ##",
		"closing with spaces":   "## Plans # #  ",
		"hash inside the title": "# C# and F#",
		"three spaces":          "   # Indented",
		"four spaces":           "    # Code",
		"tab after hashes":      "#\tTabbed",
		"no space":              "#hashtag",
		"only hashes":           "###",
		"hashes and a space":    "## ",
		"empty":                 "",
		"prose":                 "Refunds take 30 days.",
		"invalid utf-8":         "# caf\xe9 \xff",
	} {
		t.Run(name, func(t *testing.T) { checkATXHeading(t, line) })
	}
}

func FuzzATXHeading(f *testing.F) {
	for _, s := range []string{"# a", "  ## b ##", "#######", "#\t", "# a\nb"} {
		f.Add(s)
	}
	f.Fuzz(checkATXHeading)
}
