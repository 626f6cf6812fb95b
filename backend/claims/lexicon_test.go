package claims

import "testing"

// A fixed phrase's words name no topic: "order" in "in order to" made a
// claim about ordering business cards align with a travel sentence, and a
// name of each side read as swapped.
func TestFixedPhrasesNameNoTopic(t *testing.T) {
	cases := []struct {
		name, text, stem string
		want             bool
	}{
		{"in order to", "In order to travel officially, get set up in Concur.", "order", false},
		{"in order for", "In order for a voucher to be paid, attach receipts.", "order", false},
		{"order the verb stays", "You can order business cards for free.", "order", true},
		{"an order the noun stays", "Your order ships in 3 days.", "order", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := analyze(c.text, nil).stems[c.stem]; got != c.want {
				t.Fatalf("%q: stem %q present = %v, want %v", c.text, c.stem, got, c.want)
			}
		})
	}
}
