package voice

import "regexp"

// externalExistence flags every match of a pattern in its scopes (Vale's
// existence): the message's %s is the match.
type externalExistence struct {
	external
	re *regexp.Regexp
}

// NewExistence compiles an existence rule from a finished pattern.
func NewExistence(s Spec, re *regexp.Regexp) ExternalRule {
	return ExternalRule{&externalExistence{external: newExternal(s), re: re}}
}

func (r *externalExistence) check(d *draft) []Issue {
	var out []Issue
	for _, u := range r.units(d) {
		for _, m := range r.re.FindAllStringIndex(u.text[u.Start:u.End], -1) {
			s, e := u.Start+m[0], u.Start+m[1]
			if e == s || r.excepted(d.Text[s:e]) {
				continue
			}
			out = append(out, r.alert(d, s, e, "", false, d.Text[s:e]))
		}
	}
	return out
}
