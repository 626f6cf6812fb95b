package claims

import (
	"fmt"
	"math"
	"strings"

	"continuity/backend/claims/model"
	"continuity/backend/claims/verifier"
)

// Class indexes of model.Classes.
const (
	classSupported = iota
	classContradicted
	classNotCovered
)

var classVerdicts = []Verdict{Supported, Contradicted, NotCovered}

// Decide is the verdict and its probability for one claim's features, as
// Check decides it. Contradicted needs a conflict cue on an aligned unit
// about the claim's subject and a probability of at least the model's
// contradicted threshold (chosen by cross-validation for precision);
// otherwise the verdict is the likelier of supported and not covered: a
// false red flag costs a writer's trust more than a miss. Supported needs
// a unit that states all the claim's quantities (supportable).
func Decide(w *model.Weights, x []float64, hasConflict, supportable bool) (Verdict, float64) {
	v, p := decideProbs(w, x, hasConflict, supportable, w.Manifest.Contradicted)
	return v, p[classOf(v)]
}

func classOf(v Verdict) int {
	for i, c := range classVerdicts {
		if c == v {
			return i
		}
	}
	return classNotCovered
}

// decideProbs returns the verdict at contradicted threshold t and the
// class probabilities, whose contradicted entry is the conflict model's
// when a cue fired.
func decideProbs(w *model.Weights, x []float64, hasConflict, supportable bool, t float64) (Verdict, []float64) {
	p := w.Predict(x)
	if hasConflict {
		p[classContradicted] = w.ContradictedProb(x)
	}
	return DecideProbs(p, hasConflict, supportable, t), p
}

// assessedProbs are the class probabilities Check decides an
// assessment with: the conflict model's contradicted probability when a
// cue fired, raised to replacedConfidence for a replaced name.
func assessedProbs(as *assessment, w *model.Weights) []float64 {
	p := w.Predict(as.x)
	if as.conflict == nil {
		return p
	}
	// The corpus states the claim word for word, in a unit that aligns
	// clearly better than the conflicting one: the conflict is the corpus
	// disagreeing with itself (the audit's business), not the draft with
	// the corpus.
	if statedVerbatim(as) {
		p[classSupported] += p[classContradicted]
		p[classContradicted] = 0
		return p
	}
	p[classContradicted] = w.ContradictedProb(as.x)
	if as.replaced {
		p[classContradicted] = max(p[classContradicted], replacedConfidence)
	}
	return p
}

// statedVerbatim: the supporting unit has every word and figure of the
// claim, no cue fires on it, and it aligns at least 0.1 better than the
// conflicting unit ("Invoice PDFs come in a single ZIP file" is on the
// export page; "export ... as CSV files" elsewhere does not refute it).
func statedVerbatim(as *assessment) bool {
	s, c := as.support, as.conflict
	if s == nil || c == nil || s == c || len(s.cues) > 0 || as.replaced {
		return false
	}
	return s.al.exact >= 0.999 && s.nMatched == len(as.ca.qty) && s.score >= c.score+0.1
}

// SupportedFloor is the least probability a supported verdict has: the
// model must find support likelier than not, not only likelier than each
// other verdict. Chosen on development data (handbook-dev claims and
// drafts, pairs train; docs/benchmarks.md): supported verdicts under 0.5
// were right 38–62 % of the time on the handbook, against 75–92 % above.
const SupportedFloor = 0.5

// DecideProbs is Decide's rule on class probabilities already computed
// (the contradicted one from the conflict model when a cue fired).
// Supported must also be likelier than contradicted: a claim the model
// thinks more likely contradicted is at best not covered.
func DecideProbs(p []float64, hasConflict, supportable bool, threshold float64) Verdict {
	if hasConflict && p[classContradicted] >= threshold {
		return Contradicted
	}
	if supportable && p[classSupported] >= SupportedFloor && p[classSupported] > p[classNotCovered] && p[classSupported] >= p[classContradicted] {
		return Supported
	}
	return NotCovered
}

// decide turns an assessment into a result with evidence and explanation.
func (e *OfflineEngine) decide(as assessment, w *model.Weights) Result {
	c := as.claim
	if len(as.ca.stems) == 0 && len(as.ca.qty) == 0 {
		return result(c, NotCovered, "the claim has no content words to check")
	}
	t := w.Manifest.Contradicted
	if e.ContradictedThreshold > 0 { // the workspace's own (backend/calibrate)
		t = e.ContradictedThreshold
	}
	p := assessedProbs(&as, w)
	v := DecideProbs(p, as.conflict != nil, as.support != nil, t)
	if e.trace != nil {
		e.trace("  decide %s p=%.2f conflict=%v supportable=%v x=%v", v, p, as.conflict != nil, as.support != nil, featureDump(as.x))
	}
	var r Result
	switch v {
	case Contradicted:
		cd := as.conflict
		k := cd.cues[0]
		r = result(c, Contradicted, fmt.Sprintf("%s in %s: %q.", capitalise(k.why), describe(cd.u), clipQuote(cd.u.quote())), corroborate(as, cd, func(o *candidate) bool {
			return len(o.cues) > 0 && o.cues[0].kind == k.kind
		})...)
	case Supported:
		b := as.support
		r = result(c, Supported, "The corpus states this in "+describe(b.u)+".", corroborate(as, b, func(o *candidate) bool {
			return len(o.cues) == 0 && o.nMatched >= b.nMatched && o.score >= min(0.8*b.score, 0.55)
		})...)
	default:
		r = notCovered(&as)
	}
	// Four places: sums over word maps differ in the last bit from run to
	// run, and a report must not.
	r.Confidence = math.Round(e.shownConfidence(r.Verdict, p[classOf(r.Verdict)])*1e4) / 1e4
	return r
}

// decideVerified turns an assessment and the verifier's pick into a
// result with evidence and explanation.
func (e *OfflineEngine) decideVerified(as assessment, w *verifier.Weights) Result {
	c := as.claim
	if len(as.ca.stems) == 0 && len(as.ca.qty) == 0 {
		return result(c, NotCovered, "the claim has no content words to check")
	}
	vp := e.verify(&as, w)
	if e.trace != nil {
		e.trace("  verify %s conf=%.2f pc=%.2f ps=%.2f", vp.verdict, vp.conf, vp.pc, vp.ps)
	}
	var r Result
	switch cd := vp.cd; vp.verdict {
	case Contradicted:
		kind := ""
		if len(cd.cues) > 0 {
			kind = cd.cues[0].kind
		}
		r = result(c, Contradicted, fmt.Sprintf("%s in %s: %q.", capitalise(conflictWhy(&as, cd)), describe(cd.u), clipQuote(cd.u.quote())), corroborate(as, cd, func(o *candidate) bool {
			return kind != "" && len(o.cues) > 0 && o.cues[0].kind == kind
		})...)
	case Supported:
		r = result(c, Supported, "The corpus states this in "+describe(cd.u)+".", corroborate(as, cd, func(o *candidate) bool {
			return len(o.cues) == 0 && canSupport(&as, o) && o.nMatched >= cd.nMatched && o.score >= min(0.8*cd.score, 0.55)
		})...)
	default:
		r = notCovered(&as)
	}
	// Four places: sums over word maps differ in the last bit from run to
	// run, and a report must not.
	r.Confidence = math.Round(vp.conf*1e4) / 1e4
	return r
}

// conflictWhy says what the unit states otherwise, in the writer's terms:
// the rule cue that fired, else the slot that differs, else that the
// passage says otherwise.
func conflictWhy(as *assessment, cd *candidate) string {
	if len(cd.cues) > 0 {
		return cd.cues[0].why
	}
	if d := slotDifference(as, cd); d != "" {
		return d
	}
	return "the corpus states this otherwise"
}

// slotDifference names a fact slot the unit fills otherwise than the
// claim: a quantity, or a name in the claim's place.
func slotDifference(as *assessment, cd *candidate) string {
	if cd.qtyConflict != "" {
		return cd.qtyConflict
	}
	cn, un, ok := substitution(cd.scored, func(string) bool { return false })
	if ok {
		return fmt.Sprintf("the corpus names %s where the draft names %s", joinNames(cd, un), joinNames(nil, cn))
	}
	return ""
}

func joinNames(cd *candidate, stems []string) string {
	out := ""
	for i, s := range stems {
		if i > 0 {
			out += ", "
		}
		w := s
		if cd != nil {
			if sf := cd.u.a.surface[s]; sf != "" {
				w = sf
			}
		}
		out += w
	}
	return out
}

// notCovered cites nothing, but shows the closest published passage and
// any fact slot it states otherwise.
func notCovered(as *assessment) Result {
	b := as.best
	if b == nil || b.cov == 0 {
		return result(as.claim, NotCovered, "No published passage mentions this.")
	}
	r := result(as.claim, NotCovered, fmt.Sprintf("No published passage states this; the closest (%s) covers %.0f%% of it.", describe(b.u), b.al.soft*100))
	r.Closest = &Evidence{DocID: b.u.passage.DocID, ChunkID: b.u.passage.ChunkID, Title: b.u.passage.Title, Quote: b.u.quote()}
	if d := slotDifference(as, b); d != "" {
		r.Differs = "closest published: " + d
	}
	return r
}

// corroborate lists first, then every other candidate that decides the
// same verdict on its own, one per document, up to MaxEvidence.
func corroborate(as assessment, first *candidate, decides func(*candidate) bool) []*unit {
	out := []*unit{first.u}
	docs := map[string]bool{first.u.passage.DocID: true}
	for i := range as.cands {
		o := &as.cands[i]
		if len(out) == MaxEvidence {
			break
		}
		if o == first || docs[o.u.passage.DocID] || !decides(o) {
			continue
		}
		docs[o.u.passage.DocID] = true
		out = append(out, o.u)
	}
	return out
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// clipQuote keeps an explanation readable; the whole quote is in the
// evidence.
func clipQuote(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if len(q) <= 240 {
		return q
	}
	cut := 240
	for cut > 0 && q[cut]&0xC0 == 0x80 {
		cut--
	}
	return q[:cut] + "…"
}

func featureDump(x []float64) string {
	var b strings.Builder
	for i, n := range featureNames {
		if x[i] != 0 {
			fmt.Fprintf(&b, "%s=%.2f ", n, x[i])
		}
	}
	return b.String()
}
