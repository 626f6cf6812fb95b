package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Requirement levels and quantifiers: a claim that makes optional what
// the corpus requires ("recommended" for "required"), or says "all" where
// the corpus says "some", states another fact with the same words. The
// lists are closed-class words, not vocabulary of any one corpus.
var (
	obligation = setOf(`must required require requires mandatory obligatory compulsory shall`)
	option     = setOf(`optional recommended recommend encouraged voluntary may`)
	universal  = setOf(`all every always everyone everybody`)
	partial    = setOf(`some sometimes occasionally`)
	future     = setOf(`will soon upcoming`)
	past       = setOf(`was were used previously formerly former earlier`)
)

// firstOf is the first token of a in set, or "".
func firstOf(a analysis, set map[string]bool) string {
	for _, t := range a.tokens {
		if set[t] {
			return t
		}
	}
	return ""
}

// levels are the requirement level and quantifier words of a text; a
// negated one counts as its opposite ("recommended, not required" is
// optional; "not optional" is required).
func levels(a analysis) (obl, opt, uni, part string) {
	for i, t := range a.tokens {
		neg := false
		for j := max(0, i-2); j < i; j++ {
			lw := a.tokens[j]
			// "recommended rather than required", "optional instead of
			// mandatory": the level after the contrast is the one denied.
			contrast := j > 0 && (lw == "than" && a.tokens[j-1] == "rather" || lw == "of" && a.tokens[j-1] == "instead")
			neg = neg || negators[lw] || strings.HasSuffix(lw, "n't") || contrast
		}
		switch {
		case obligation[t] && neg, option[t] && !neg:
			opt = first(opt, t)
		case option[t], obligation[t]:
			obl = first(obl, t)
		case universal[t]:
			uni = first(uni, t)
		case partial[t]:
			part = first(part, t)
		}
	}
	return
}

func first(have, t string) string {
	if have != "" {
		return have
	}
	return t
}

// levelChange reports a requirement level or quantifier the claim and
// the unit state differently: one side has a word of one level and none
// of the other, the other side the reverse. It returns the claim's word
// and the unit's.
func levelChange(c, u analysis) (string, string) {
	cObl, cOpt, cUni, cPart := levels(c)
	uObl, uOpt, uUni, uPart := levels(u)
	for _, p := range [][4]string{{cObl, cOpt, uOpt, uObl}, {cOpt, cObl, uObl, uOpt}, {cUni, cPart, uPart, uUni}, {cPart, cUni, uUni, uPart}} {
		if p[0] != "" && p[1] == "" && p[2] != "" && p[3] == "" {
			return p[0], p[2]
		}
	}
	return "", ""
}

// tenseChange: the claim speaks of the future and the unit of the past,
// or the other way round.
func tenseChange(c, u analysis) bool {
	cf, uf := firstOf(c, future) != "", firstOf(u, future) != ""
	cp, up := firstOf(c, past) != "" || c.hist, firstOf(u, past) != "" || u.hist
	return (cf && !uf && up && !cp) || (uf && !cf && cp && !up)
}

// substitution is a name the claim states that the unit replaces with
// another in an otherwise matching sentence ("book through FedRooms" for
// "book through Concur"). Names common in the retrieved passages (the
// organisation's own name) are neither missing nor extra: they name no
// slot.
func substitution(s scored, common func(string) bool) (claimNames, unitNames []string, ok bool) {
	for _, n := range s.missing {
		if !common(n) {
			claimNames = append(claimNames, n)
		}
	}
	for _, n := range s.extra {
		if !common(n) {
			unitNames = append(unitNames, n)
		}
	}
	claimNames, unitNames = dropAliases(claimNames, unitNames)
	if len(claimNames) == 0 || len(unitNames) == 0 || len(claimNames) > 3 || len(unitNames) > 4 {
		return nil, nil, false
	}
	if len(claimNames) == 1 && len(unitNames) == 1 && transposed(claimNames[0], unitNames[0]) {
		return nil, nil, false // a fixed typo: "Cirtix" for "Citrix"
	}
	if strings.Join(claimNames, "") == strings.Join(unitNames, "") {
		return nil, nil, false // one name spaced otherwise: "HRLinks", "HR Links"
	}
	return claimNames, unitNames, true
}

// clauseNegation compares polarity clause by clause: each clause of the
// claim with the unit clause that shares most of its words, so "X doesn't
// cost anything, and Y doesn't require Z" against "there is no cost, and
// Y does not require Z" agrees though the claim as a whole negates twice.
func clauseNegation(cc []analysis, u *unit) string {
	// Each claim clause is read against the unit sentence that shares most
	// of its words; clauses that land on the same sentence are read
	// together ("If your expenses are more than five days overdue, future
	// trips may not be approved" against "future travel may not be approved
	// for anyone with expenses more than 5 days outstanding": one negation
	// on each side, though the claim's first clause has none).
	groups := map[int][]analysis{}
	var order []int
	for _, c := range cc {
		best := bestPart(c, u)
		if best < 0 {
			continue
		}
		if _, seen := groups[best]; !seen {
			order = append(order, best)
		}
		groups[best] = append(groups[best], c)
	}
	for _, best := range order {
		p, group := u.parts[best], groups[best]
		if groupPolarity(group, p) != (p.neg%2 == 1) && negationMeets(group, p) {
			neg := 0
			for _, c := range group {
				neg += c.neg
			}
			if neg%2 == 1 {
				return fmt.Sprintf("the corpus states %q; the draft negates it", strings.TrimSpace(p.src))
			}
			return fmt.Sprintf("the corpus states the opposite, %q", strings.TrimSpace(p.src))
		}
	}
	return ""
}

// groupPolarity is the polarity of claim clauses read together against
// p: each clause's polarity (antonyms swapped against p), combined.
func groupPolarity(group []analysis, p analysis) bool {
	neg := false
	for _, c := range group {
		neg = neg != c.polarity(p)
	}
	return neg
}

// bestPart is the unit sentence that shares most of clause c's words, or
// -1 when none shares enough: at least three and more than half (a clause
// of fewer than three content words, "your time off works", shares them
// with any sentence on the topic).
func bestPart(c analysis, u *unit) int {
	if len(c.stems) < 3 {
		return -1
	}
	best, bestN := -1, 0
	for i, p := range u.parts {
		n := 0
		every := firstOf(p, universal) != ""
		for t := range c.stems {
			// a word of a product name ("Remote Work Analysis Tool")
			// is not the claim's predicate; an antonym is its opposite;
			// a name the claim gives is covered by "every plan"
			if (p.stems[t] && !p.names[t]) || hasAntonymIn(t, p) || (every && c.names[t] && !p.stems[t]) {
				n++
			}
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	if best < 0 || bestN < 3 || 2*bestN <= len(c.stems) {
		return -1
	}
	return best
}

func hasAntonymIn(t string, p analysis) bool {
	for _, a := range antonyms[t] {
		if p.stems[a] {
			return true
		}
	}
	return false
}

// contextsAgree: the words around two quantities name the same thing
// (a shared stem or close GloVe neighbours), or one side has no context.
func (cx *cueContext) contextsAgree(a, b map[string]bool) bool {
	if contextsMeet(a, b) {
		return true
	}
	for x := range a {
		for y := range b {
			if cx.res.GloVe != nil {
				if s, ok := cx.res.GloVe.Similarity(x, y); ok && s >= 0.6 {
					return true
				}
			}
		}
	}
	return false
}

func (cx *cueContext) newSubject(cd *candidate) bool {
	if cd.meaning {
		return false
	}
	for _, t := range cx.lead {
		if cd.al.weak[t] {
			return true
		}
	}
	return false
}

// cueContext is what the cues read about a claim, once per claim.
type cueContext struct {
	ca      analysis
	clauses []analysis
	res     *Resources
	common  func(string) bool
	// lead are the claim's first two content stems that no retrieved
	// sentence uses: when the unit has nothing like them either
	// ("Nonprofits get a 50% discount" against "save 20% on any plan"),
	// a figure the corpus gives for everyone is not about them.
	lead []string
	// head is the claim's first content stem that is not a name: its
	// subject, or the first word of its predicate.
	head string
}

// A conflict is a cue that the unit states another fact about the claim's
// subject; kind names the cue for features and explanations.
type conflict struct {
	kind string
	why  string // "the corpus says X; the draft says Y"
}

// Conflict kinds, in the order they are preferred for the explanation.
const (
	cueQuantity     = "quantity"
	cueNegation     = "negation"
	cueAntonym      = "antonym"
	cueSubstitution = "substitution"
	cueNameNegated  = "name_negated"
	cueOnly         = "only"
	cueLevel        = "level"
	cueTense        = "tense"
)

// conflicts lists every cue that fires on the candidate, first the
// strongest kind. A unit that names other things than the claim (a
// swapped name) can only conflict by that substitution: its numbers and
// negations are about something else.
func (cx *cueContext) conflicts(cd *candidate) []conflict {
	c, s := cx.ca, cd.scored
	if !cd.namesOK {
		if cn, un, ok := substitution(s, cx.common); ok && cx.sameFrame(s.u) {
			return []conflict{{cueSubstitution, fmt.Sprintf("the corpus says %s; the draft says %s",
				strings.Join(surfaces(s.u.a, un), " "), strings.Join(surfaces(c, cn), " "))}}
		}
		return nil
	}
	var out []conflict
	if cw, uw := otherAddress(c.src, s.u.quote()); cw != "" {
		out = append(out, conflict{cueSubstitution, fmt.Sprintf("the corpus says %s; the draft says %s", uw, cw)})
	}
	// A sentence that says the claim in other words puts its figure in
	// the claim's slot whatever words stand around it ("$800 once to set
	// up a desk" against "a one-time stipend of $500 for a desk").
	if s.qtyConflict != "" && !cx.newSubject(cd) && (cx.contextsAgree(c.qctx[s.conflictQty], s.u.a.qctx[s.conflictUnitQty]) || cd.meaning) {
		out = append(out, conflict{cueQuantity, s.qtyConflict})
	}
	if why := clauseNegation(cx.clauses, s.u); why != "" {
		out = append(out, conflict{cueNegation, why})
	}
	if cd.al.antonym != "" {
		out = append(out, conflict{cueAntonym, fmt.Sprintf("the corpus says %q; the draft says %q", cd.al.antonymOf, cd.al.antonym)})
	}
	if cw, uw, ok := cx.spanSwap(s.u); ok && cd.al.antonym == "" {
		out = append(out, conflict{cueSubstitution, swapWhy(cw, uw)})
	}
	if why := nameNegated(c, s.u, cx.common); why != "" {
		out = append(out, conflict{cueNameNegated, strings.TrimSuffix(why, ".")})
	}
	if why := onlyConflict(c, s); why != "" {
		out = append(out, conflict{cueOnly, strings.TrimSuffix(why, ".")})
	}
	if cw, uw := levelChange(c, s.u.a); cw != "" {
		out = append(out, conflict{cueLevel, fmt.Sprintf("the corpus says %q; the draft says %q", uw, cw)})
	} else if cw, uw, n := scopedLevelChange(c, s.u.a); cw != "" {
		out = append(out, conflict{cueLevel, fmt.Sprintf("the corpus says %q for %s; the draft says %q", uw, n, cw)})
	}
	if tenseChange(c, s.u.a) {
		out = append(out, conflict{cueTense, "the corpus and the draft place this in different times"})
	}
	return out
}

var addressRe = regexp.MustCompile(`[\w.+-]+@[\w-]+(\.[\w-]+)+`)

// otherAddress: the claim gives an e-mail address and the unit gives
// others, none of them the claim's (a changed contact address).
func otherAddress(claim, unit string) (string, string) {
	if !strings.Contains(claim, "@") || !strings.Contains(unit, "@") {
		return "", ""
	}
	cs := addressRe.FindAllString(strings.ToLower(claim), -1)
	us := addressRe.FindAllString(strings.ToLower(unit), -1)
	if len(cs) == 0 || len(us) == 0 {
		return "", ""
	}
	for _, a := range cs {
		if slices.Contains(us, strings.TrimRight(a, ".")) {
			return "", ""
		}
	}
	return strings.TrimRight(cs[0], "."), us[0]
}
