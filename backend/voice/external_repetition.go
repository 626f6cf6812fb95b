package voice

import (
	"regexp"
	"strings"
	"unicode"
)

// externalRepetition flags two consecutive matches of a token pattern with
// the same text, within one sentence (Vale's repetition).
type externalRepetition struct {
	external
	re                *regexp.Regexp
	max               int
	ignoreCase, alpha bool
}

// NewRepetition compiles a repetition rule; max repeats are allowed.
func NewRepetition(s Spec, re *regexp.Regexp, maxRepeats int, ignoreCase, alpha bool) ExternalRule {
	return ExternalRule{&externalRepetition{external: newExternal(s), re: re, max: maxRepeats, ignoreCase: ignoreCase, alpha: alpha}}
}

func (r *externalRepetition) check(d *draft) []Issue {
	var out []Issue
	for _, u := range r.units(d) {
		var prev string
		var ploc []int
		count := 0
		for _, loc := range r.re.FindAllStringIndex(u.text[u.Start:u.End], -1) {
			curr := strings.TrimSpace(u.text[u.Start+loc[0] : u.Start+loc[1]])
			hit := curr != "" && (curr == prev || (r.ignoreCase && strings.EqualFold(curr, prev)))
			hit = hit && (!r.alpha || isAlpha(curr))
			if hit {
				count++
			}
			if hit && count > r.max {
				s, e := u.Start+ploc[0], u.Start+loc[1]
				if len(splitSentences(u.text, span{s, e})) == 1 && !r.excepted(d.Text[s:e]) {
					out = append(out, r.alert(d, s, e, d.Text[u.Start+loc[0]:e], true, curr))
					count = 0
				}
			}
			ploc, prev = loc, curr
		}
	}
	return out
}

func isAlpha(s string) bool {
	for _, c := range s {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return s != ""
}
