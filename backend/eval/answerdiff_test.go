package eval

import "testing"

func TestNormalizeAnswer(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"case and trailing punctuation", "Refunds take 30 Days.", "refunds take 30 days"},
		{"whitespace runs and newlines", "  refunds\n\ttake   30 days ", "refunds take 30 days"},
		{"hyphen separates words", "a 30-day window", "a 30 day window"},
		{"apostrophes vanish", "You don’t need a reason", "you dont need a reason"},
		{"decimal point keeps digits apart", "costs $1.5", "costs 1 5"},
		{"only punctuation", " ... !? ", ""},
		{"non-latin letters kept", "Rückerstattung: 30 Tage", "rückerstattung 30 tage"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := NormalizeAnswer(tc.in); got != tc.want {
				t.Errorf("NormalizeAnswer(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestAnswerChanged(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, before, after string
		want                bool
	}{
		{"identical", "Refunds take 30 days.", "Refunds take 30 days.", false},
		{"only case, spacing and punctuation", "Refunds take 30 days.", "refunds  take 30 days", false},
		{"a number changed", "Refunds take 30 days.", "Refunds take 45 days.", true},
		{"a word added", "Refunds take 30 days.", "Full refunds take 30 days.", true},
		{"both empty", "", " ", false},
		{"answer appeared", "", "Refunds take 30 days.", true},
		{"decimal is not an integer", "It costs 1.5 dollars", "It costs 15 dollars", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := AnswerChanged(tc.before, tc.after); got != tc.want {
				t.Errorf("AnswerChanged(%q, %q) = %v, want %v", tc.before, tc.after, got, tc.want)
			}
		})
	}
}
