package voice

import (
	"os"
	"strings"
	"testing"
	"testing/quick"
	"unicode/utf8"
)

func mustSample(t testing.TB) *Guidelines {
	t.Helper()
	src, err := os.ReadFile("../../corpus/guidelines.md")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestOffsetsSlicePassage: for any text, built from words the rules know
// mixed with non-ASCII, every issue's offsets slice exactly its passage.
func TestOffsetsSlicePassage(t *testing.T) {
	t.Parallel()
	g := mustSample(t)
	pieces := []string{"TallyHub", "cancelled", "Log in", "simply", "ALWAYS", "!", "é", "ß", "日本", "👍🏽", " ", "\n\n",
		"\u200b", "e-mail", "the the", "Über", "naïve", ".", "# ", "- ", "`code`", "https://x.example/a", "Tally Hub",
		"word ", "\r\n", "\xff", "organisation's", "’"}
	f := func(picks []uint8) bool {
		var b strings.Builder
		for _, p := range picks {
			b.WriteString(pieces[int(p)%len(pieces)])
		}
		text := b.String()
		issues, err := NewOffline(g).Check(t.Context(), text)
		if err != nil {
			t.Log(err)
			return false
		}
		for _, is := range issues {
			if is.Start < 0 || is.End > len(text) || is.Start >= is.End || text[is.Start:is.End] != is.Passage {
				t.Logf("text %q: issue %+v", text, is)
				return false
			}
			if utf8.ValidString(text) && !utf8.ValidString(is.Passage) {
				t.Logf("passage %q cuts a character", is.Passage)
				return false
			}
		}
		return true
	}
	if err := quick.Check(f, &quick.Config{MaxCount: 400}); err != nil {
		t.Error(err)
	}
}
