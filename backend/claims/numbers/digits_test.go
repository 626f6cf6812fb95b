package numbers

import (
	"testing"
)

// Digits of other scripts mean what they say. Each used to stall the
// tokenizer, which advanced only over ASCII digits, until memory ran out.
func TestDigitsOfEveryScript(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		value      float64
	}{
		{"ascii", "The Team plan costs 29 dollars a month.", 29},
		{"full-width", "The Team plan costs ２９ dollars a month.", 29},
		{"arabic-indic", "The Team plan costs ٢٩ dollars a month.", 29},
		{"extended arabic-indic", "The Team plan costs ۲۹ dollars a month.", 29},
		{"devanagari", "The Team plan costs २९ dollars a month.", 29},
		{"nko", "The Team plan costs ߂߉ dollars a month.", 29},
		{"full-width thousands and decimals", "It costs ＄１,２５０.５０ a year", 1250.5},
		{"mathematical bold", "It costs 𝟐𝟗 dollars", 29},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			qs := Extract(tc.text)
			if len(qs) != 1 {
				t.Fatalf("Extract(%q) = %v, want one quantity", tc.text, qs)
			}
			if qs[0].Value != tc.value {
				t.Errorf("value = %v, want %v", qs[0].Value, tc.value)
			}
		})
	}
}

func TestTimesOfDayInOtherScripts(t *testing.T) {
	t.Parallel()
	a, b := Extract("support opens at ９:３０"), Extract("support opens at 9:30")
	if len(a) != 1 || len(b) != 1 || !Same(a[0], b[0]) {
		t.Fatalf("full-width time %v, ascii time %v: want the same quantity", a, b)
	}
}
