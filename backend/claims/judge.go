package claims

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// scored is one unit measured against a claim.
type scored struct {
	u               *unit
	cov, topic      float64 // all content; words only
	nonName         float64 // words that are not names
	qtyConflict     string  // explanation of the first conflicting slot
	qtyAllMatched   bool
	nMatched        int    // claim quantities the unit states the same
	nConflict       int    // claim quantities whose slot the unit fills otherwise
	conflictQty     int    // index of the first conflicting claim quantity
	conflictText    string // how the unit writes the conflicting value
	conflictUnitQty int    // its index in the unit's quantities
	namesInUnit     bool   // every subject name of the claim is in the unit
	missing         []string
	extra           []string
}

// score measures u against the claim c; sorted is c's stems in order, so
// that the weights add up the same way for every unit, and cq its
// quantities prepared for relate once per claim.
func (e *OfflineEngine) score(c analysis, sorted []string, cq []slotQty, u *unit, v *corpusView) scored {
	s := scored{u: u, qtyAllMatched: true, namesInUnit: true}
	var tot, hit, ttot, thit, ntot, nhit float64
	for _, t := range sorted {
		w := v.weight(t)
		tot += w
		ttot += w
		if !c.names[t] {
			ntot += w
		}
		if u.a.stems[t] {
			hit += w
			thit += w
			if !c.names[t] {
				nhit += w
			}
		}
	}
	for i, q := range cq {
		tot += e.Thresholds.QtyWeight
		rel, text, ui := relate(c, q, u)
		switch rel {
		case qtyMatched:
			hit += e.Thresholds.QtyWeight
			s.nMatched++
		case qtyConflict:
			s.qtyAllMatched = false
			s.nConflict++
			if s.qtyConflict == "" {
				s.conflictQty, s.conflictText, s.conflictUnitQty = i, text, ui
				s.qtyConflict = fmt.Sprintf("the corpus says %s; the draft says %s", text, c.qtext[i])
			}
		default:
			s.qtyAllMatched = false
		}
	}
	if tot > 0 {
		s.cov = hit / tot
	}
	if ttot > 0 {
		s.topic = thit / ttot
	}
	if ntot > 0 {
		s.nonName = nhit / ntot
	}
	for n := range c.names {
		if u.a.names[n] || u.a.stems[n] {
			continue
		}
		// A page titled "Tallyhub Insights dashboards" is about Insights
		// in every sentence, named or not.
		if v.title[u.passage][n] {
			continue
		}
		// "Tallyhub Insights" is about Insights: a qualifying name may be
		// left out when its head name is there.
		// Unless the unit puts another name before that head: "Business
		// Cloud" for "Enterprise Cloud" is another product, not the same
		// one named short.
		if h := c.modifiers[n]; h != "" && (u.a.names[h] || u.a.stems[h]) && !otherModifier(c, u.a, h) {
			continue
		}
		if float64(v.df[n]) <= e.Thresholds.CommonName*float64(v.n) {
			s.namesInUnit = false
		}
		s.missing = append(s.missing, n)
	}
	for n := range u.a.names {
		if !c.stems[n] {
			s.extra = append(s.extra, n)
		}
	}
	sort.Strings(s.missing)
	sort.Strings(s.extra)
	return s
}

// nameNegated: a name the claim asserts sits in a negated clause of the
// unit ("It isn't available on Starter", "not Adyen").
func nameNegated(c analysis, u *unit, common func(string) bool) string {
	// Only a claim without negation asserts its names outright: one that
	// negates anything ("CART doesn't cost anything, and doesn't require
	// documentation"; "does not break the API without a grace period")
	// is compared clause by clause (clauseNegation), not name by name.
	if c.neg > 0 {
		return ""
	}
	for _, n := range slices.Sorted(maps.Keys(c.names)) {
		if common(n) {
			continue
		}
		if u.negatedNames()[n] {
			return fmt.Sprintf("The corpus negates this for %s: %q.", c.word(n), strings.TrimSpace(u.quote()))
		}
	}
	return ""
}

// onlyConflict: the draft restricts to "only" some names, the unit names
// more in the same place.
func onlyConflict(c analysis, s scored) string {
	if !c.only || len(s.extra) == 0 || len(c.names) == 0 {
		return ""
	}
	for n := range c.names {
		if !s.u.a.names[n] {
			return ""
		}
	}
	return fmt.Sprintf("the corpus also lists %s; the draft says only %s.", strings.Join(surfaces(s.u.a, s.extra), ", "), strings.Join(surfaces(c, slices.Sorted(maps.Keys(c.names))), ", "))
}

// surfaces turns stems back into the words a text used, for explanations.
func surfaces(a analysis, stems []string) []string {
	out := make([]string, len(stems))
	for i, st := range stems {
		out[i] = a.word(st)
	}
	return out
}

// otherModifier: the unit qualifies head with a name the claim lacks.
func otherModifier(c, u analysis, head string) bool {
	for m, h := range u.modifiers {
		if h == head && !c.stems[m] {
			return true
		}
	}
	return false
}
