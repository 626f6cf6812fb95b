package claims

import (
	"regexp"
	"strings"
)

// replacedConfidence is the contradicted probability a replaced name
// (replacedName) has at least. The corpus not knowing the claim's name
// at all while it fills the same slot with another is strong evidence
// the slot changed ("Expensify" after the team moved to Ramp), which
// the verdict model, trained mostly on names the corpus also uses,
// underweights (0.31 for that pair). On development data (pairs train
// and dev, handbook-dev claims, the sample drafts) 88 of the 91 verdicts
// the rule turned contradicted were (docs/benchmarks.md); 0.9 keeps it
// under that, above the model's threshold.
const replacedConfidence = 0.9

// replacedName: the unit names another thing where the claim names one
// that no retrieved passage uses, the rest of the claim aligned and no
// figure in conflict ("Submit your expense reports in Expensify within
// 30 days" against "Expense reports are filed in Ramp within 30 days").
// A name the corpus does use elsewhere ("Team" beside "Starter") is a
// different subject as often as a changed one, so it does not count.
func replacedName(ca analysis, cd *candidate, v *corpusView, common func(string) bool) bool {
	// A plan ("we'll open a third region in Sydney") adds to what the
	// corpus names; it replaces nothing.
	if cd == nil || cd.nConflict > 0 || cd.al.softNonName < 0.5 || firstOf(ca, future) != "" || willRe.MatchString(ca.src) {
		return false
	}
	// One or two names for one or two: a unit that names four other
	// things speaks of something else.
	cn, un, ok := substitution(cd.scored, common)
	if !ok || len(cn) > 2 || len(un) > 2 {
		return false
	}
	for _, n := range cn {
		if v.df[n] != 0 {
			continue
		}
		cr := nameRoles(ca.src, ca.surface[n])
		for _, m := range un {
			if sharesRole(cr, nameRoles(cd.u.a.src, cd.u.a.surface[m])) {
				return true
			}
		}
	}
	return false
}

// roleSkip are words between a name and the word that gives its role:
// "in your Ramp account" fills the same slot as "in Expensify".
var roleSkip = setOf(`a an the your our their its my his her this that these those`)

// nameRoles are the words that place a name in its sentence: the
// nearest word before it (past articles and possessives) and the word
// after it, lower-cased; names around it do not count.
func nameRoles(src, surface string) map[string]bool {
	out := map[string]bool{}
	if surface == "" {
		return out
	}
	ws := roleWords.FindAllString(src, -1)
	for i, w := range ws {
		if !strings.EqualFold(w, surface) {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			lw := strings.ToLower(ws[j])
			if roleSkip[lw] {
				continue
			}
			if lw == ws[j] {
				out["<"+lw] = true
			}
			break
		}
		if i+1 < len(ws) && strings.ToLower(ws[i+1]) == ws[i+1] {
			out[">"+ws[i+1]] = true
		}
	}
	return out
}

var willRe = regexp.MustCompile(`(?i)\w['’]ll\b`)

var roleWords = regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}'’-]*`)

func sharesRole(a, b map[string]bool) bool {
	for r := range a {
		if b[r] {
			return true
		}
	}
	return false
}
