package claims

import (
	"continuity/backend/claims/verifier"
)

// verifyTop is how many of a claim's best aligned units the verifier
// reads; the unit with a conflict cue and the one that states the claim's
// quantities are read too when they rank lower.
const verifyTop = 6

// pairCandidates are the units the verifier judges for as's claim.
func pairCandidates(as *assessment) []*candidate {
	var out []*candidate
	seen := map[*candidate]bool{}
	add := func(cd *candidate) {
		if cd != nil && !seen[cd] {
			seen[cd] = true
			out = append(out, cd)
		}
	}
	for i := range as.cands[:min(len(as.cands), verifyTop)] {
		add(&as.cands[i])
	}
	add(as.conflict)
	add(as.support)
	return out
}

// canSupport: the unit states every quantity of the claim (one of several
// may be worded otherwise, but none stated differently) and names what
// the claim names, so citing it for "the corpus states this" holds for
// the numbers and the names too ("filed in Expensify" is not stated by
// "filed in Ramp").
func canSupport(as *assessment, cd *candidate) bool {
	nq := len(as.ca.qty)
	return cd.namesOK && !oneNameSwapped(cd) && cd.nConflict == 0 && (nq == 0 || cd.nMatched == nq || (nq >= 2 && cd.nMatched >= nq-1))
}

// supportMargin is how much better a supporting unit must align than
// a conflicting one to outweigh it (alignment score, 0..1).
const supportMargin = 0.1

// verdictPick is the verifier's decision for one claim.
type verdictPick struct {
	verdict Verdict
	cd      *candidate // the deciding unit; nil for not covered
	conf    float64
	pc, ps  float64 // the highest contradicted and (supportable) supported probabilities
}

// Decision rule shared with the trainer (scripts/train_verifier.py):
// contradicted when some unit's P(contradicted) reaches its threshold
// (a lower one where a rule cue names the conflicting slot),
// else supported when a unit that can support reaches its threshold,
// else not covered.
func pick(probs [][3]float64, cands []*candidate, support []bool, w *verifier.Weights) verdictPick {
	var vp verdictPick
	tc, tcc := w.Thresholds.Contradicted, w.Thresholds.ContradictedCue
	if tcc <= 0 || tcc > tc {
		tcc = tc
	}
	ic, is := -1, -1
	best := 0.0 // P(contradicted), a cue unit's raised to tc when it reaches tcc
	for i, p := range probs {
		eff := p[1]
		if len(cands[i].cues) > 0 && eff >= tcc {
			eff = max(eff, tc)
		}
		if eff > best {
			best, vp.pc, ic = eff, p[1], i
		}
		if support[i] && p[0] > vp.ps {
			vp.ps, is = p[0], i
		}
	}
	// A unit that states the claim and aligns clearly better than the
	// conflicting one outweighs it: "The Seine flows through Paris" does
	// not contradict "The Rhine flows into the North Sea" beside the
	// sentence that says it.
	outweighed := ic >= 0 && is >= 0 && vp.ps >= w.Thresholds.Supported && cands[is].score > cands[ic].score+supportMargin
	switch {
	case ic >= 0 && best >= tc && !outweighed:
		vp.verdict, vp.cd, vp.conf = Contradicted, cands[ic], vp.pc
	case is >= 0 && vp.ps >= w.Thresholds.Supported:
		vp.verdict, vp.cd, vp.conf = Supported, cands[is], vp.ps
	default:
		vp.verdict, vp.conf = NotCovered, 1-max(vp.pc, vp.ps)
	}
	return vp
}

// verify runs the pair model over as's candidates.
func (e *OfflineEngine) verify(as *assessment, w *verifier.Weights) verdictPick {
	cands := pairCandidates(as)
	if len(cands) == 0 {
		return verdictPick{verdict: NotCovered, conf: 1}
	}
	words := e.resources().wordTable()
	claim := verifier.Tokenize(as.claim.SelfContained())
	pairs := make([]verifier.Pair, len(cands))
	support := make([]bool, len(cands))
	for i, cd := range cands {
		pairs[i] = verifier.NewPair(claim, verifier.Tokenize(cd.u.quote()), cd.pf, words.Has)
		support[i] = canSupport(as, cd)
	}
	probs := w.Predict(pairs, words)
	if e.trace != nil {
		for i, cd := range cands {
			e.trace("    cand %q p=%.3f sup=%v pf=%v", cd.u.quote(), probs[i], support[i], cd.pf)
		}
	}
	return pick(probs, cands, support, w)
}
