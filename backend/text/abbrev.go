package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// abbreviations end in a period that does not end the sentence, whatever
// follows. Keys are lower-case, without the final period.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "mr": true, "mrs": true, "ms": true, "dr": true,
	"inc": true, "approx": true, "st": true, "jr": true, "u.s": true,
}

// timeWords may follow "a.m." or "p.m." in the same sentence: "8 a.m.
// Monday", "5 p.m. CET". Any other capitalized word after a clock time
// starts a new sentence ("ends at 5 p.m. Bring a laptop.").
var timeWords = map[string]bool{
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"mon": true, "tue": true, "wed": true, "thu": true, "fri": true, "sat": true, "sun": true,
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
	"sept": true, "oct": true, "nov": true, "dec": true,
}

// abbreviationEnds reports whether the period after before ends an
// abbreviation rather than the sentence, given the text that follows.
// Only the last word is read: reading the whole sentence at every
// period made a long one quadratic.
func abbreviationEnds(before, next string) bool {
	w := strings.Trim(lastField(before), "(\"'[“‘")
	lw := strings.ToLower(w)
	switch {
	case abbreviations[lw]:
		return true
	case lw == "no":
		// "No. 5" is a number; "No. We do not." is an answer
		return startsDigit(next)
	case isClock(lw):
		return timeWords[strings.ToLower(firstWord(next))] || isZone(firstWord(next))
	}
	r, n := utf8.DecodeRuneInString(w)
	return n > 0 && n == len(w) && unicode.IsUpper(r) // an initial: "John F. Kennedy"
}

// isClock reports whether w is "a.m" or "p.m", possibly with the time
// written against it ("8a.m", "10:30p.m").
func isClock(w string) bool {
	w = strings.TrimLeft(w, "0123456789:.")
	return w == "a.m" || w == "p.m"
}

// isZone reports whether w looks like a time-zone abbreviation: two to
// five capitals ("CET", "UTC", "AEST").
func isZone(w string) bool {
	if len(w) < 2 || len(w) > 5 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// firstWord is the leading run of letters of s.
func firstWord(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		return s[:i]
	}
	return s
}

func startsDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// lastField is the last element of strings.Fields(s), or "".
func lastField(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	i := strings.LastIndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s
	}
	_, w := utf8.DecodeRuneInString(s[i:]) // a no-break space is two bytes
	return s[i+w:]
}
