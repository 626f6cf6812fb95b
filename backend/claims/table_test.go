package claims

import (
	"strings"
	"testing"
)

// Tables: each cell is a fact of its row and column (phenomenon: tabular
// facts, transposed or not; dash and tick marks).
// Whole rows and columns: one entity with all its attributes, so a claim
// naming two attributes of one plan aligns with one unit.
func TestTableRowsAndColumns(t *testing.T) {
	t.Parallel()
	text := "| | Starter | Team |\n|---|---|---|\n| Invoices | 50 per month | Unlimited |\n| Storage | 1 GB | 20 GB |"
	var got []string
	for _, tc := range tableCells(text) {
		if tc.whole {
			got = append(got, tc.text)
			if q := text[tc.start:tc.end]; !strings.HasPrefix(q, "|") || !strings.HasSuffix(q, "|") {
				t.Fatalf("quote %q is not table text", q)
			}
		}
	}
	want := []string{"Invoices | Starter: 50 per month | Team: Unlimited", "Storage | Starter: 1 GB | Team: 20 GB",
		"Starter | Invoices: 50 per month | Storage: 1 GB", "Team | Invoices: Unlimited | Storage: 20 GB"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestTableCells(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       []string
	}{
		{"row per entity", "Uptime\n\n| Plan | Monthly uptime |\n|---|---|\n| Team | 99.9% |\n| Business | 99.95% |\n\nAfter.",
			[]string{"Plan | Team | Monthly uptime | 99.9%", "Plan | Business | Monthly uptime | 99.95%"}},
		{"column per entity", "| | Starter | Team |\n|---|---|---|\n| Insights | — | ✓ |",
			[]string{"Insights | Starter | is not included", "Insights | Team | is included"}},
		{"no table", "Just a sentence | with a bar.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, tc := range tableCells(c.text) {
				if tc.whole {
					continue
				}
				got = append(got, tc.text)
				if row := c.text[tc.start:tc.end]; !strings.HasPrefix(row, "|") || !strings.HasSuffix(row, "|") {
					t.Fatalf("quote %q is not the row", row)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("cells = %q, want %q", got, c.want)
			}
		})
	}
}
