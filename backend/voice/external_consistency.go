package voice

import (
	"regexp"
	"strings"
)

// externalConsistency flags a scope unit where both variants of a pair
// appear (Vale's consistency): once per pair, at the first place the
// last-matched variant is written.
type externalConsistency struct {
	external
	pairs []*regexp.Regexp // each with two groups: variant one | variant two
}

// NewConsistency compiles a consistency rule; each pattern has exactly two
// capture groups, one per variant.
func NewConsistency(s Spec, pairs []*regexp.Regexp) ExternalRule {
	return ExternalRule{&externalConsistency{external: newExternal(s), pairs: pairs}}
}

func (r *externalConsistency) check(d *draft) []Issue {
	var out []Issue
	for _, u := range r.units(d) {
		txt := u.text[u.Start:u.End]
		for _, re := range r.pairs {
			seen := [3]bool{}
			last := ""
			for _, sub := range re.FindAllStringSubmatchIndex(txt, -1) {
				for g := 1; g <= 2 && 2*g+1 < len(sub); g++ {
					if sub[2*g] >= 0 {
						seen[g] = true
						last = txt[sub[2*g]:sub[2*g+1]]
					}
				}
			}
			if !seen[1] || !seen[2] || last == "" {
				continue
			}
			at := strings.Index(txt, last)
			s, e := u.Start+at, u.Start+at+len(last)
			out = append(out, r.alert(d, s, e, "", false, d.Text[s:e]))
		}
	}
	return out
}
