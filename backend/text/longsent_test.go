package text

import (
	"strings"
	"testing"
)

// CutSentences names exactly the sentences SplitSentencesAll returns in
// pieces, and the pieces tile each of them.
func TestCutSentences(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Item x costs $3, ", 300) + "end"
	cases := []struct {
		name string
		text string
		want []string // the cut sentences
	}{
		{name: "prose", text: "Short one. Another short one.\nA third.", want: nil},
		{name: "one long line between sentences", text: "Before it. " + long + ". After it.", want: []string{long + "."}},
		{name: "a word over the byte bound", text: strings.Repeat("x", MaxSentenceBytes+10), want: []string{strings.Repeat("x", MaxSentenceBytes+10)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := CutSentences(tc.text)
			if len(got) != len(tc.want) {
				t.Fatalf("%d cut sentences, want %d", len(got), len(tc.want))
			}
			pieces := SplitSentencesAll(tc.text)
			for i, s := range got {
				if s.Text != tc.want[i] || tc.text[s.Start:s.End] != s.Text {
					t.Fatalf("cut %d: %.80q at %d..%d", i, s.Text, s.Start, s.End)
				}
				var inside []Span
				for _, p := range pieces {
					if s.Start <= p.Start && p.End <= s.End {
						inside = append(inside, p)
					}
				}
				if len(inside) < 2 || inside[0].Start != s.Start || inside[len(inside)-1].End != s.End {
					t.Errorf("cut %d: %d pieces inside, not tiling %d..%d", i, len(inside), s.Start, s.End)
				}
			}
		})
	}
}
