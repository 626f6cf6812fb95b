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
	u             *unit
	cov, topic    float64 // all content; words only
	nonName       float64 // words that are not names
	qtyConflict   string  // explanation of the first conflicting slot
	qtyAllMatched bool
	namesInUnit   bool // every subject name of the claim is in the unit
	noContra      bool // the claim's subject is not covered: this unit may not contradict it
	missing       []string
	extra         []string
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
		rel, text := relate(c, q, u)
		switch rel {
		case qtyMatched:
			hit += e.Thresholds.QtyWeight
		case qtyConflict:
			s.qtyAllMatched = false
			if s.qtyConflict == "" {
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
		if h := c.modifiers[n]; h != "" && (u.a.names[h] || u.a.stems[h]) {
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

// judge decides one claim: a slot contradiction in a unit about the same
// subject wins; otherwise the best unit that covers the claim supports
// it; otherwise a swapped name in an otherwise matching unit contradicts;
// otherwise the claim is not covered.
func (e *OfflineEngine) judge(c Claim, units []*unit, v *corpusView) Result {
	ca := analyze(c.SelfContained(), v.known)
	if len(ca.stems) == 0 && len(ca.qty) == 0 {
		return result(c, NotCovered, "the claim has no content words to check")
	}
	sorted := slices.Sorted(maps.Keys(ca.stems))
	cq := make([]slotQty, len(ca.qty))
	for i := range ca.qty {
		cq[i] = newSlotQty(ca, i)
	}
	all := make([]scored, 0, len(units))
	for _, u := range units {
		all = append(all, e.score(ca, sorted, cq, u, v))
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].cov > all[j].cov })
	if e.trace != nil {
		e.trace("CLAIM %q stems=%v names=%v qty=%v neg=%d", c.Text, slices.Sorted(maps.Keys(ca.stems)), slices.Sorted(maps.Keys(ca.names)), ca.qtext, ca.neg)
		for i, s := range all[:min(len(all), 5)] {
			e.trace("  #%d cov=%.2f topic=%.2f nonName=%.2f conflict=%q qtyOK=%v pol=%q missing=%v extra=%v hist=%v [%s] %q", i, s.cov, s.topic, s.nonName, s.qtyConflict, s.qtyAllMatched, polarityConflict(ca, s.u), s.missing, s.extra, s.u.a.hist, s.u.passage.DocID, s.u.quote())
		}
	}
	th := e.Thresholds
	// A claim whose subject no retrieved passage mentions ("a free coffee
	// mug with every plan") is about something the corpus does not cover:
	// sharing the generic rest ("free", "every plan") decides nothing.
	unseen := subjectUnseen(ca, v, th.Unseen)
	if unseen {
		all = dropContradictions(all)
	}
	common := func(n string) bool { return float64(v.df[n]) > th.CommonName*float64(v.n) }
	supports := func(s scored) bool {
		return s.cov >= th.Support && !s.u.a.hist && s.qtyAllMatched && polarityConflict(ca, s.u) == "" &&
			(len(s.missing) == 0 || s.namesInUnit) && nameNegated(ca, s.u, common) == ""
	}
	supported := func(s scored) Result {
		return result(c, Supported, "The corpus states this in "+describe(s.u)+".", corroborating(s, all, supports)...)
	}
	// A unit that states nearly all of the claim outranks a contradiction
	// found in a unit that covers less of it.
	for _, s := range all {
		if s.cov < th.Strong {
			break
		}
		if supports(s) {
			return supported(s)
		}
	}
	// A number conflict must come from a unit that covers more of the
	// claim than the best unit supporting it: "every account gets 600
	// requests" is not refuted by "Business accounts get 1,200".
	floor := -1.0
	for _, s := range all {
		if supports(s) {
			floor = s.cov
			break
		}
	}
	contradicts := func(s scored) string {
		if s.u.a.hist || !s.namesInUnit || s.noContra {
			return ""
		}
		// A name the claim asserts, negated in a unit that shares some of
		// the rest: "Tallyhub doesn't integrate with FreshBooks".
		if s.nonName >= th.NameNegation {
			if why := nameNegated(ca, s.u, common); why != "" {
				return why
			}
		}
		if s.topic < th.Topic {
			return ""
		}
		if s.qtyConflict != "" && s.cov > floor {
			return s.qtyConflict + "."
		}
		if s.topic >= th.Negation {
			if why := polarityConflict(ca, s.u); why != "" {
				return why
			}
			return onlyConflict(ca, s)
		}
		return ""
	}
	isContra := func(s scored) bool { return contradicts(s) != "" }
	for _, s := range all {
		if why := contradicts(s); why != "" {
			return result(c, Contradicted, why, corroborating(s, all, isContra)...)
		}
	}
	for _, s := range all {
		if s.cov < th.Support {
			break
		}
		if supports(s) {
			return supported(s)
		}
	}
	substituted := func(s scored) bool {
		return !s.noContra && !s.u.a.hist && s.nonName >= th.Substitution && len(s.missing) > 0 && len(s.extra) > 0 &&
			!s.namesInUnit && len(s.missing) <= 2 && len(s.extra) <= 3 && len(ca.stems)-len(ca.names) >= 3 &&
			polarityConflict(ca, s.u) == ""
	}
	for _, s := range all {
		if substituted(s) {
			return result(c, Contradicted, fmt.Sprintf("the corpus says %s; the draft says %s.", strings.Join(surfaces(s.u.a, s.extra), ", "), strings.Join(surfaces(ca, s.missing), ", ")),
				corroborating(s, all, substituted)...)
		}
	}
	if len(all) > 0 && all[0].cov > 0 {
		return result(c, NotCovered, fmt.Sprintf("No published passage states this; the closest (%s) covers %.0f%% of it.", describe(all[0].u), all[0].cov*100))
	}
	return result(c, NotCovered, "No published passage mentions this.")
}

// polarityConflict reports a negation on one side only, after antonym
// swaps, judged against the unit's sentence that shares most words.
func polarityConflict(c analysis, u *unit) string {
	bestN := 0
	overlap := make([]int, len(u.parts))
	for i, p := range u.parts {
		for t := range c.stems {
			if p.stems[t] {
				overlap[i]++
			}
		}
		bestN = max(bestN, overlap[i])
	}
	if bestN == 0 {
		return ""
	}
	cpol := c.polarity(u.a)
	for i, p := range u.parts {
		if overlap[i] == bestN && cpol == (p.neg%2 == 1) {
			return ""
		}
	}
	if c.neg%2 == 1 {
		return "The corpus states this in the affirmative; the draft negates it."
	}
	return "The corpus states the opposite (a negation or antonym the draft lacks)."
}

// nameNegated: a name the claim asserts sits in a negated clause of the
// unit ("It isn't available on Starter", "not Adyen").
func nameNegated(c analysis, u *unit, common func(string) bool) string {
	if c.neg%2 == 1 {
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
