package voice

import (
	"slices"
	"testing"
)

// Voice reads sentences with the shared splitter (text.SplitSentences)
// inside its blocks: Markdown markers stay outside, code is blanked, and
// URLs and addresses are kept so a sentence that ends in one still ends.
func TestDraftSentences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		want []string
	}{
		{"a clock time ends a sentence", "The meeting starts at 8 a.m. and ends at 5 p.m. Bring a laptop.",
			[]string{"The meeting starts at 8 a.m. and ends at 5 p.m.", "Bring a laptop."}},
		{"a clock time before a weekday does not", "Doors open at 9 a.m. Monday. Parking is free.",
			[]string{"Doors open at 9 a.m. Monday.", "Parking is free."}},
		{"a URL at the end of a sentence", "See https://example.com/a.b?c=d. Then log in.", []string{"See https://example.com/a.b?c=d.", "Then log in."}},
		{"an e-mail address at the end of a sentence", "Mail help@example.org. We reply.", []string{"Mail help@example.org.", "We reply."}},
		{"a version", "Python 3.12.1 was released. It is faster.", []string{"Python 3.12.1 was released.", "It is faster."}},
		{"a lowercase word continues the sentence", "It costs $5. or less.", []string{"It costs $5. or less."}},
		{"a single lowercase letter ends a sentence", "Write capital T, lowercase h. Never TallyHub.",
			[]string{"Write capital T, lowercase h.", "Never TallyHub."}},
		{"a quotation", `Say "We're sorry. It was down." Then stop.`, []string{`Say "We're sorry. It was down."`, "Then stop."}},
		{"list markers stay outside", "- First item. Second part.\n- Next item", []string{"First item.", "Second part.", "Next item"}},
		{"a table rule is no sentence", "| Plan | Price |\n|---|---|\n| Team | $29 |", []string{"Plan | Price |", "Team | $29 |"}},
		{"inline code is blanked", "Run `make test`. Then push.", []string{"Run `make test`.", "Then push."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := newDraft(tc.in)
			var got []string
			for _, s := range d.Sentences {
				got = append(got, d.Text[s.Start:s.End])
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("sentences of %q\n got %q\nwant %q", tc.in, got, tc.want)
			}
			total := 0
			for _, b := range d.Blocks {
				total += d.sentencesIn(b)
			}
			if total != len(d.Sentences) {
				t.Fatalf("blocks hold %d sentences, the draft %d", total, len(d.Sentences))
			}
		})
	}
}
