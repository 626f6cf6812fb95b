package text

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestNormalize(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"plain text is untouched", "The Team plan costs $29.", "The Team plan costs $29."},
		{"full-width digits", "costs ２９ dollars", "costs 29 dollars"},
		{"arabic-indic digits", "costs ٢٩ dollars", "costs 29 dollars"},
		{"devanagari digits", "costs २९ dollars", "costs 29 dollars"},
		{"nko digits", "costs ߂߉ dollars", "costs 29 dollars"},
		{"zero-width space inside a word", "con\u200btradicted", "contradicted"},
		{"soft hyphen", "re\u00adfund", "refund"},
		{"bidi controls", "\u202eevil\u202c and \u2066x\u2069", "evil and x"},
		{"nul and other controls", "a\x00b\x01c\x7fd", "abcd"},
		{"tabs and line breaks stay", "a\tb\nc\r\nd", "a\tb\nc\r\nd"},
		{"byte-order mark anywhere", "\ufeffone\ufefftwo", "onetwo"},
		{"private use", "x\ue000y", "xy"},
		{"tag characters", "x\U000E0041y", "xy"},
		{"no-break and ideographic spaces", "14\u00a0days\u3000now", "14 days now"},
		{"line separator", "one\u2028two", "one\ntwo"},
		{"full-width letters", "Ｔｅａｍ", "Team"},
		{"accents and scripts stay", "café 東京 مرحبا", "café 東京 مرحبا"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := Normalize(tc.in)
			if n.Text != tc.want {
				t.Fatalf("Normalize(%q) = %q, want %q", tc.in, n.Text, tc.want)
			}
			if n.Changed() != (tc.in != tc.want) {
				t.Errorf("Changed() = %v", n.Changed())
			}
			if s, e := n.Span(0, len(n.Text)); n.Original()[s:e] != strings.TrimRightFunc(strings.TrimLeftFunc(tc.in, Invisible), Invisible) {
				t.Errorf("whole span maps to %q", n.Original()[s:e])
			}
		})
	}
}

func TestSpanMapsToTheWritersBytes(t *testing.T) {
	cases := []struct {
		name, in, clean, want string // clean is a substring of the normalized text
	}{
		{"after a removed character", "a\u200b b costs 29", "costs 29", "costs 29"},
		{"span with a zero-width space inside", "It is con\u200btradicted here", "contradicted", "con\u200btradicted"},
		{"folded digits", "costs ２９ dollars", "29", "２９"},
		{"span ending before a removed character", "refund\u200b policy", "refund", "refund"},
		{"span starting after a removed character", "\u200b\u200brefund", "refund", "refund"},
		{"mixed", "\ufeffThe ２\u200b９-day plan", "2\u200b"[:1] + "9-day", "２\u200b９-day"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := Normalize(tc.in)
			i := strings.Index(n.Text, tc.clean)
			if i < 0 {
				t.Fatalf("%q not in %q", tc.clean, n.Text)
			}
			if got := n.Quote(i, i+len(tc.clean)); got != tc.want {
				t.Errorf("Quote = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDigitValueCoversEveryDecimalDigit(t *testing.T) {
	count := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		v, ok := DigitValue(r)
		if ok != unicode.IsDigit(r) {
			t.Fatalf("DigitValue(%U) ok = %v, IsDigit = %v", r, ok, unicode.IsDigit(r))
		}
		if !ok {
			continue
		}
		count++
		// the digit's own decomposition or position says its value: zero
		// is the first of every run of ten
		if v < 0 || v > 9 {
			t.Fatalf("DigitValue(%U) = %d", r, v)
		}
		if v > 0 {
			if pv, pok := DigitValue(r - 1); !pok || pv != v-1 {
				t.Fatalf("%U = %d but %U = %d", r, v, r-1, pv)
			}
		}
	}
	if count < 600 {
		t.Fatalf("only %d digits seen", count)
	}
	for in, want := range map[rune]int{'7': 7, '７': 7, '٧': 7, '۷': 7, '७': 7, '৭': 7, '߇': 7, '𝟕': 7} {
		if v, ok := DigitValue(in); !ok || v != want {
			t.Errorf("DigitValue(%q) = %d, %v", in, v, ok)
		}
	}
}

func TestTrimBOM(t *testing.T) {
	if got := string(TrimBOM([]byte("\ufeff---\nid: a\n"))); got != "---\nid: a\n" {
		t.Errorf("TrimBOM = %q", got)
	}
	if got := TrimBOMString("\ufeff\ufeffx"); got != "\ufeffx" {
		t.Errorf("only one mark is a BOM; got %q", got)
	}
	if got := TrimBOMString("x\ufeff"); got != "x\ufeff" {
		t.Errorf("a later mark is not a BOM; got %q", got)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "plain", "２９", "con\u200btradicted", "\ufeff---\n", "a\x00b", "\xff\xfe", "٢\u200b٩\u00a0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if strings.ContainsFunc(n.Text, func(r rune) bool { _, f := fold(r); return Invisible(r) || (f && r != utf8.RuneError) }) {
			t.Fatalf("normalized text %q still has characters to fold or drop", n.Text)
		}
		// every span between rune boundaries of the normalized text maps to
		// original bytes that normalize back to the same text
		for i := 0; i <= len(n.Text); i++ {
			if i < len(n.Text) && !utf8.RuneStart(n.Text[i]) {
				continue
			}
			s0, e0 := n.Span(0, i)
			if s0 < 0 || e0 > len(s) || s0 > e0 {
				t.Fatalf("Span(0,%d) = %d,%d outside %d bytes", i, s0, e0, len(s))
			}
			if utf8.ValidString(s) {
				if got := Clean(s[s0:e0]); got != n.Text[:i] {
					t.Fatalf("Span(0,%d) of %q = %q, normalizes to %q, want %q", i, s, s[s0:e0], got, n.Text[:i])
				}
			}
		}
	})
}
