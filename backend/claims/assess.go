package claims

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// candidate is one unit aligned with a claim.
type candidate struct {
	scored
	sem     float64 // cosine of the sentence vectors; 0 without them
	hasV    bool
	meaning bool // says the claim in other words (alignedByMeaning)
	al      alignment
	score   float64 // the alignment score candidates are ranked by
	cues    []conflict
	subj    bool      // the unit is about the claim's subject (see aboutSubject)
	namesOK bool      // and names what the claim names
	pf      []float32 // the verifier's pair features (pairFeatures)
}

// softTop is how many units per claim are aligned word by word: the
// cheap scores (exact coverage, sentence similarity) rank every unit,
// and only the best few are worth the WordNet and GloVe lookups.
const softTop = 12

// minCommonSentences: below this many passage sentences no name is
// "common" (in one sentence every name is in all of them).
const minCommonSentences = 10

// semNorm maps a USE-lite cosine to [0, 1]: unrelated sentences sit near
// 0.2, close paraphrases above 0.7.
func semNorm(s float64) float64 { return min(1, max(0, (s-0.2)/0.6)) }

// assessment is everything the decision reads about one claim.
type assessment struct {
	claim    Claim
	ca       analysis
	cands    []candidate // aligned, best first
	best     *candidate  // nil when nothing was retrieved
	support  *candidate  // the unit a supported verdict cites; nil when none states all the claim's quantities
	conflict *candidate  // best aligned unit about the subject with a cue
	unseen   float64     // share of the claim's weight no passage uses
	blocked  bool        // the claim's subject is unseen: nothing may contradict it
	replaced bool        // the conflict fills the claim's slot with another name the corpus uses instead (replacedName)
	vectors  bool
	x        []float64
}

// assess aligns claim c (with its vector cvec, nil without) to units and
// computes its features.
func (e *OfflineEngine) assess(c Claim, cvec []float32, units []*unit, v *corpusView) assessment {
	res := e.resources()
	ca := analyze(c.SelfContained(), v.known)
	as := assessment{claim: c, ca: ca, vectors: cvec != nil}
	sorted := slices.Sorted(maps.Keys(ca.stems))
	cq := make([]slotQty, len(ca.qty))
	stated := valueMemo{}
	for i := range ca.qty {
		cq[i] = newSlotQty(ca, i)
		cq[i].stated = stated
	}
	as.unseen = unseenShare(ca, v)
	as.blocked = subjectUnseen(ca, v, e.Thresholds.Unseen)
	all := make([]candidate, 0, len(units))
	for _, u := range units {
		// A historical sentence ("until now, the window was 14 days")
		// states nothing current: it neither supports nor contradicts.
		if u.a.hist {
			continue
		}
		cd := candidate{scored: e.score(ca, sorted, cq, u, v)}
		if cvec != nil && u.vec != nil {
			cd.sem, cd.hasV = cosine(cvec, u.vec), true
		}
		all = append(all, cd)
	}
	cheap := func(cd candidate) float64 {
		if cd.hasV {
			return 0.5*cd.cov + 0.5*semNorm(cd.sem)
		}
		return cd.cov
	}
	all = shortlist(all, cheap)
	cw := lexWords(ca)
	cx := &cueContext{ca: ca, clauses: splitClauses(c.SelfContained(), v.known), res: res,
		common: func(n string) bool { return v.commonName(n, e.Thresholds.CommonName) }}
	// The claim's first word is capitalised because it starts the
	// sentence: an English word there ("Plan your day", "Benefits are")
	// names no slot another name could fill.
	if w := initialWord(ca, res); w != "" {
		common := cx.common
		cx.common = func(n string) bool { return n == w || common(n) }
	}
	for _, t := range ca.terms[:min(2, len(ca.terms))] {
		if v.df[t] == 0 && !ca.names[t] && !res.modifier(ca, t) {
			cx.lead = append(cx.lead, t)
		}
	}
	// A leading verb ("Submit your reports", "We cover") is the action,
	// not the thing the claim is about; a claim of verbs only keeps its
	// first.
	for _, t := range ca.terms {
		if !ca.names[t] && !res.modifier(ca, t) {
			if cx.head == "" {
				cx.head = t
			}
			if !res.verb(ca, t) {
				cx.head = t
				break
			}
		}
	}
	for i := range all {
		cd := &all[i]
		cd.al = res.align(ca, cw, sorted, cd.u, v)
		cd.score = alignScore(cd, len(ca.qty))
	}
	// An unseen word is no absent subject when it is the name a unit
	// fills otherwise ("Expensify" where the page says "Ramp"). A unit
	// that says the claim in other words is about its subject too, but
	// only that unit (aboutSubject): other units of the theme are not.
	for i := range all {
		if as.blocked && !subjectUnseenBesides(ca, v, e.Thresholds.Unseen, swappedNames(&all[i], cx.common)) {
			as.blocked = false
		}
	}
	for i := range all {
		cd := &all[i]
		// A claim of one or two content words ("For example, $12.50 is
		// 1250") is close in meaning to any sentence of its form.
		cd.meaning = len(ca.stems) >= 3 && alignedByMeaning(cd)
		cd.subj, cd.namesOK = aboutSubject(cd, as.blocked, cx.common)
		// A unit that has nothing for the claim's head word, in a passage
		// that never uses it ("Two-factor authentication is not available
		// on Starter" against "The API is available on every plan"),
		// speaks of something else. "It's available on every plan" on the
		// two-factor page speaks of it.
		if cx.head != "" && cd.al.weak[cx.head] && !v.passageHas(cd.u.passage, cx.head) {
			cd.subj = false
		}
		// A claim about the past ("Until now, the window was fourteen
		// days") states nothing current for a current unit to refute.
		if cd.subj && !ca.past {
			cd.cues = cx.conflicts(cd)
		}
		cd.pf = pairFeatures(&as, cd, cx)
	}
	// A shorter unit wins a tie: the sentence that states the fact, not
	// the sentence and its neighbour.
	sort.SliceStable(all, func(i, j int) bool {
		if d := all[i].score - all[j].score; d > 0.01 || d < -0.01 {
			return d > 0
		}
		return all[i].u.sents < all[j].u.sents
	})
	as.cands = all
	if len(all) > 0 {
		as.best = &as.cands[0]
	}
	for i := range as.cands {
		if len(as.cands[i].cues) > 0 {
			as.conflict = &as.cands[i]
			break
		}
	}
	as.replaced = replacedName(ca, as.conflict, v, cx.common)
	as.support = supportUnit(as.cands, len(ca.qty), cx.clauses)
	if e.trace != nil {
		e.trace("CLAIM %q replaced=%v head=%q lead=%v blocked=%v stems=%v names=%v qty=%v neg=%d", c.Text, as.replaced, cx.head, cx.lead, as.blocked, sorted, slices.Sorted(maps.Keys(ca.names)), ca.qtext, ca.neg)
		for i, cd := range as.cands[:min(len(as.cands), 5)] {
			e.trace("  #%d score=%.2f sem=%.2f soft=%.2f exact=%.2f cues=%v [%s] %q", i, cd.score, cd.sem, cd.al.soft, cd.al.exact, cd.cues, cd.u.passage.DocID, cd.u.quote())
		}
	}
	as.x = features(&as)
	return as
}

// supportUnit is the best aligned unit that states the claim's
// quantities, among those aligning nearly as well as the best: "the
// corpus states this" must hold for the numbers too ("$35 per month" is
// not stated by "$300 per year"). A claim of several quantities may have
// one the unit words otherwise (a paraphrase the parser reads apart).
//
// A unit that negates the claim clause by clause, or names another thing
// where the claim names one (a swapped name), never supports it.
func supportUnit(cands []candidate, nq int, clauses []analysis) *candidate {
	for i := range cands {
		cd := &cands[i]
		if cd.score < cands[0].score-0.1 {
			break
		}
		if (nq == 0 || cd.nMatched == nq || (nq >= 2 && cd.nMatched >= nq-1 && cd.nConflict == 0)) && cd.namesOK && !oneNameSwapped(cd) && clauseNegation(clauses, cd.u) == "" {
			return cd
		}
	}
	return nil
}

// alignScore ranks candidates: sentence similarity and soft word
// coverage, with the claim's quantities whose slot the unit fills (the
// same value or another) counting towards the lexical side.
func alignScore(cd *candidate, nq int) float64 {
	lex := cd.al.soft
	if nq > 0 {
		lex = 0.75*lex + 0.25*float64(cd.nMatched+cd.nConflict)/float64(nq)
	}
	s := lex
	if cd.hasV {
		s = 0.45*semNorm(cd.sem) + 0.55*lex
	}
	return s - 0.015*float64(cd.u.sents-1)
}

// aboutSubject: the unit shares the claim's subject, so a conflicting
// statement in it contradicts the claim. Its words must cover much of the
// claim's (by meaning), some of them literally, and it must be current.
// Either every subject name of the claim is there (namesOK), and the
// subject is not one the passages never mention; or a name is what was
// swapped, and the rest of the claim is there nearly whole.
func aboutSubject(cd *candidate, blocked bool, common func(string) bool) (subj, namesOK bool) {
	if cd.u.a.hist {
		return false, false
	}
	cn, un, swapped := substitution(cd.scored, common)
	// A claim name the unit leaves out, with no other name in its place,
	// is a qualifier the sentence takes from its page ("in the DC
	// office"), not another subject; "every plan" covers the plan the claim names: the unit speaks of
	// it, and may contradict it by negation, not by substitution.
	every := firstOf(cd.u.a, universal) != ""
	if cd.namesInUnit || (len(cn) > 0 && (len(un) == 0 || every)) || len(cn) == 0 {
		return (!blocked || cd.meaning) && cd.al.soft >= 0.35 && cd.topic >= 0.2, true
	}
	return swapped && cd.al.softNonName >= 0.4 && cd.nonName >= 0.25, false
}

// initialWord is the claim's first stem when it counts as a name only
// for its sentence-initial capital and WordNet knows the word.
func initialWord(ca analysis, res *Resources) string {
	if len(ca.terms) == 0 || res.WordNet == nil {
		return ""
	}
	t := ca.terms[0]
	w := ca.surface[t]
	if !ca.names[t] || w == "" || upperCount(w) > 1 || !res.WordNet.Has(strings.ToLower(w)) {
		return ""
	}
	return t
}

// shortlist keeps the softTop units of best cheap score and the
// lexTop of best exact coverage: a table cell ("| Business | 99.95% |")
// states the claim's words but its sentence vector is poor.
func shortlist(all []candidate, cheap func(candidate) float64) []candidate {
	if len(all) <= softTop {
		sort.SliceStable(all, func(i, j int) bool { return cheap(all[i]) > cheap(all[j]) })
		return all
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].cov > all[j].cov })
	byCov := make(map[*unit]bool, lexTop)
	for _, cd := range all[:lexTop] {
		byCov[cd.u] = true
	}
	sort.SliceStable(all, func(i, j int) bool { return cheap(all[i]) > cheap(all[j]) })
	out := append([]candidate(nil), all[:softTop]...)
	for _, cd := range all[softTop:] {
		if byCov[cd.u] {
			out = append(out, cd)
		}
	}
	return out
}

// lexTop is how many units of best exact coverage always reach alignment.
const lexTop = 4

// unseenShare is the IDF-weighted share of the claim's words that no
// retrieved sentence uses: the subject of an invented fact is absent.
func unseenShare(c analysis, v *corpusView) float64 {
	var tot, unseen float64
	for t := range c.stems {
		w := v.weight(t)
		tot += w
		if v.df[t] == 0 {
			unseen += w
		}
	}
	if tot == 0 {
		return 0
	}
	return unseen / tot
}
