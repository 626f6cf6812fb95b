package claims

import (
	"reflect"
	"regexp"
	"testing"
)

var clauseBreakRe = regexp.MustCompile(`(?i)[,;:()|]|\s(so|but|and|because|while|though)\s|\s[-–—]\s`)

func TestClauseBreaksMatchTheRegexp(t *testing.T) {
	for name, text := range map[string]string{
		"plain":             "Refunds take 30 days, and exports are free.",
		"words in a row":    "this and and that but so what",
		"capitals":          "It works BUT only While online",
		"dashes":            "Plans — monthly – yearly - weekly -no space",
		"long s":            "it fails ſo we retry",
		"word at the end":   "cats and",
		"tabs and newlines": "a\tand\tb\nbecause\nc\fthough\rd",
		"punctuation only":  ",;:()|",
		"invalid utf-8":     "a \xff and \xe2\x80 b",
		"empty":             "",
	} {
		t.Run(name, func(t *testing.T) {
			if got, want := clauseBreaks(text), clauseBreakRe.FindAllStringIndex(text, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("clauseBreaks(%q) = %v, the regexp finds %v", text, got, want)
			}
		})
	}
}

func FuzzClauseBreaksMatchTheRegexp(f *testing.F) {
	for _, s := range []string{"a, b and c", "x — y", "so BUT and", "ſo \u212a", " and  and "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := clauseBreaks(text), clauseBreakRe.FindAllStringIndex(text, -1); !reflect.DeepEqual(got, want) {
			t.Fatalf("clauseBreaks(%q) = %v, the regexp finds %v", text, got, want)
		}
	})
}
