package voice

import "regexp"

// externalOccurrence counts a pattern's matches in each scope unit and
// reports a unit once when the count is above Max or below Min (Vale's
// occurrence), at the first match, or at the unit's start when there is none.
type externalOccurrence struct {
	external
	re       *regexp.Regexp
	min, max int
}

// NewOccurrence compiles an occurrence rule; 0 means no limit.
func NewOccurrence(s Spec, re *regexp.Regexp, minCount, maxCount int) ExternalRule {
	return ExternalRule{&externalOccurrence{external: newExternal(s), re: re, min: minCount, max: maxCount}}
}

func (r *externalOccurrence) check(d *draft) []Issue {
	var out []Issue
	anyMatch, zeroUnit := false, false
	for _, u := range r.units(d) {
		locs := r.re.FindAllStringIndex(u.text[u.Start:u.End], -1)
		n := len(locs)
		anyMatch = anyMatch || n > 0
		if (r.max <= 0 || n <= r.max) && (r.min <= 0 || n >= r.min) {
			continue
		}
		if n == 0 {
			zeroUnit = true
			continue
		}
		out = append(out, r.alertAt(d, u.Start+locs[0][0], u.Start+locs[0][1]))
	}
	// No match has no place to point at: Vale makes that a document-level
	// alert on line 1, and its fixtures show it only when the scope has no
	// match anywhere (a heading "Second" beside "Introduction" meets min: 1).
	if zeroUnit && !anyMatch {
		out = append(out, r.alertAt(d, 0, 0))
	}
	return out
}

func (r *externalOccurrence) alertAt(d *draft, s, e int) Issue {
	is := r.alert(d, s, e, "", false)
	is.Guideline, is.Explanation = r.Message, r.Message // Vale leaves the message unformatted
	return is
}
