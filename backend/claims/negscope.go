package claims

// negationMeets: each side's negation denies something the other side
// says. "You can't change region from your account settings" denies a
// change, which "The region is set when you create the account" does not
// claim, though the two share three words. A polarity flip by an antonym
// needs no negation and always meets.
func negationMeets(group []analysis, p analysis) bool {
	claimStems := map[string]bool{}
	for _, c := range group {
		for t := range c.stems {
			claimStems[t] = true
		}
	}
	for _, c := range group {
		if c.neg > 0 && !deniesOneOf(c, p.stems) {
			return false
		}
	}
	return p.neg == 0 || deniesOneOf(p, claimStems)
}

// deniesOneOf: a's negations have no word of their own, or one of them is
// in stems (or its antonym is).
func deniesOneOf(a analysis, stems map[string]bool) bool {
	if a.negOpen || len(a.negScope) == 0 {
		return true
	}
	for _, t := range a.negScope {
		if stems[t] {
			return true
		}
		for _, ant := range antonyms[t] {
			if stems[ant] {
				return true
			}
		}
	}
	return false
}
