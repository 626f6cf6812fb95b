package numbers

import "testing"

func TestListMarkersAreNotQuantities(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want int // quantities found
	}{
		{"ordered item", "3. 7 days after the due date.", 1},
		{"paren marker", "2) 14 days after the due date.", 1},
		{"indented item on a later line", "Reminders:\n  1. 3 days before the due date\n  2. On the due date", 1},
		{"a number that ends a sentence is kept", "Upgrade to version 3. Then restart.", 1},
		{"a decimal at a line start is kept", "3.5 hours of support", 1},
		{"no space after the dot is not a marker", "3.x releases", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Extract(c.in)
			if len(got) != c.want {
				t.Fatalf("Extract(%q) = %d quantities %+v, want %d", c.in, len(got), got, c.want)
			}
			if c.name == "ordered item" && got[0].Value != 7 {
				t.Fatalf("the value is the 7 days, not the ordinal: %+v", got)
			}
		})
	}
}
