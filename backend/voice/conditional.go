package voice

import "regexp"

// conditional flags matches of First (an acronym, say) that Second does not
// account for (Vale's conditional). When Second has a capture group, a
// First match is fine if some Second match captured the same text; without
// one, any Second match anywhere in the unit excuses every First match.
type conditional struct {
	external
	first, second *regexp.Regexp
	secondGroups  bool
}

// NewConditional compiles a conditional rule.
func NewConditional(s Spec, first, second *regexp.Regexp) ExternalRule {
	return ExternalRule{&conditional{external: newExternal(s), first: first, second: second, secondGroups: second.NumSubexp() > 0}}
}

func (r *conditional) check(d *draft) []Issue {
	var out []Issue
	defined := map[string]bool{} // per file, like Vale's sequences
	for _, u := range r.units(d) {
		txt := u.text[u.Start:u.End]
		if !r.secondGroups && r.second.MatchString(txt) {
			continue
		}
		for _, m := range r.second.FindAllStringSubmatch(txt, -1) {
			for _, g := range m[1:] {
				if g != "" {
					defined[g] = true
				}
			}
		}
		for _, loc := range r.first.FindAllStringIndex(txt, -1) {
			s, e := u.Start+loc[0], u.Start+loc[1]
			if e == s || defined[txt[loc[0]:loc[1]]] || r.excepted(d.Text[s:e]) {
				continue
			}
			out = append(out, r.alert(d, s, e, "", false, d.Text[s:e]))
		}
	}
	return out
}
