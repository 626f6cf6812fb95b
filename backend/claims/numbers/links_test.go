package numbers

import (
	"slices"
	"testing"
)

func TestLinkTargetsAreNotQuantities(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string // the quantities' text, in order
	}{
		{"a Markdown link's target", "Reset it by following [the guide](https://example.com/kb?rank=1&id=361130c11) within 14 days.", []string{"14 days"}},
		{"a link's text is kept", "See [the 2 notes](https://example.com/v3/notes).", []string{"2"}},
		{"a bare URL", "Download it from https://example.com/releases/2024/v9 in 5 minutes.", []string{"5 minutes"}},
		{"an e-mail address", "Email hspd12.security@gsa.gov to start this process, which takes 3 days.", []string{"3 days"}},
		{"a reference-style link is untouched", "Costs $12 [per seat][pricing].", []string{"$12"}},
		{"no link, nothing blanked", "Backups run every 6 hours and are kept for 30 days.", []string{"6 hours", "30 days"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Extract(c.in)
			var texts []string
			for _, q := range got {
				texts = append(texts, c.in[q.Start:q.End])
			}
			if !slices.Equal(texts, c.want) {
				t.Fatalf("Extract(%q) = %q, want %q", c.in, texts, c.want)
			}
		})
	}
}
