package voice

import (
	"regexp"
	"strings"
)

// externalSubstitution flags matches of a swap table's patterns and
// suggests the replacement (Vale's substitution). Capture group i+1 of re
// is the i-th pattern; the message's %s are the replacement, then the match.
type externalSubstitution struct {
	external
	re         *regexp.Regexp
	repl       []string
	ignoreCase bool
}

// NewSubstitution compiles a substitution rule; group i+1 of re belongs to
// replacements[i].
func NewSubstitution(s Spec, re *regexp.Regexp, replacements []string, ignoreCase bool) ExternalRule {
	return ExternalRule{&externalSubstitution{external: newExternal(s), re: re, repl: replacements, ignoreCase: ignoreCase}}
}

func (r *externalSubstitution) check(d *draft) []Issue {
	var out []Issue
	for _, u := range r.units(d) {
		for _, sub := range r.re.FindAllStringSubmatchIndex(u.text[u.Start:u.End], -1) {
			for g := 1; 2*g+1 < len(sub) && g-1 < len(r.repl); g++ {
				if sub[2*g] < 0 {
					continue
				}
				s, e := u.Start+sub[2*g], u.Start+sub[2*g+1]
				observed := strings.TrimSpace(d.Text[s:e])
				expected := r.repl[g-1]
				if e == s || sameToken(expected, observed, r.ignoreCase) || r.excepted(observed) {
					continue
				}
				concrete := !strings.Contains(expected, "|")
				sug := expected
				if concrete {
					sug = matchCase(d.Text[s:e], expected)
				}
				out = append(out, r.alert(d, s, e, sug, concrete, expected, observed))
			}
		}
	}
	return out
}

// sameToken reports whether observed already is the replacement: the
// replacement read as a whole-text pattern, or as a literal when it is a
// phrase or no valid pattern.
func sameToken(expected, observed string, ignoreCase bool) bool {
	if strings.ContainsAny(expected, " \t") {
		return expected == observed
	}
	p := "^(?:" + expected + ")$"
	if ignoreCase {
		p = "(?i)" + p
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return expected == observed
	}
	return re.MatchString(observed)
}
