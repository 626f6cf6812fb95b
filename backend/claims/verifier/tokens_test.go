package verifier

import (
	"testing"
	"unicode/utf8"
)

func TestTokenize(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
		nums     []float64
	}{
		{"money and rate", "Up to $75 per month.", []string{"up", "to", "$", "75", "per", "month"}, []float64{75}},
		{"thousands", "A 1,500-word draft", []string{"a", "1500", "word", "draft"}, []float64{1500}},
		{"number word", "Everyone gets two weeks", []string{"everyone", "gets", "two", "weeks"}, []float64{2}},
		{"contraction", "You can't file it", []string{"you", "can", "not", "file", "it"}, nil},
		{"decimal", "Version 2.5 ships", []string{"version", "2.5", "ships"}, []float64{2.5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Tokenize(tc.in)
			var words []string
			var nums []float64
			for _, tk := range got {
				words = append(words, tk.Word)
				if tk.Num {
					nums = append(nums, tk.Value)
				}
			}
			if len(words) != len(tc.want) {
				t.Fatalf("%q: %q, want %q", tc.in, words, tc.want)
			}
			for i := range words {
				if words[i] != tc.want[i] {
					t.Fatalf("%q: %q, want %q", tc.in, words, tc.want)
				}
			}
			if len(nums) != len(tc.nums) {
				t.Fatalf("%q: numbers %v, want %v", tc.in, nums, tc.nums)
			}
		})
	}
}

func TestFlagsMarkTheChangedFigure(t *testing.T) {
	claim := Tokenize("We cover home internet up to $50 a month.")
	unit := Tokenize("Employees can claim up to $75 per month for home internet.")
	in := func(string) bool { return true }
	f := Flags(claim, unit, in)
	for i, tk := range claim {
		if tk.Word == "50" && f[i]&FlagNumMismatch == 0 {
			t.Errorf("50 against 75: flags %b, want the mismatch bit", f[i])
		}
		if tk.Word == "internet" && f[i]&FlagExact == 0 {
			t.Errorf("internet: flags %b, want exact", f[i])
		}
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"Up to $75 per month.", "1,2,3.4.5", "can't won't", "", "\xff\xfe", "A-B-C 'quoted'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokenize(s)
		if len(toks) > MaxTokens {
			t.Fatalf("%d tokens", len(toks))
		}
		for _, tk := range toks {
			if !utf8.ValidString(tk.Word) && utf8.ValidString(s) {
				t.Fatalf("invalid token %q", tk.Word)
			}
		}
		_ = Flags(toks, toks, func(string) bool { return false })
	})
}
