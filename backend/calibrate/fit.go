package calibrate

import (
	"cmp"
	"hash/fnv"
	"math"
	"slices"
)

// MinPrecision is the contradicted precision a fitted threshold must keep
// on the pairs: a red flag that is wrong costs a writer's trust more
// than a miss, so the fit trades recall only above it.
const MinPrecision = 0.85

// scored is one judged pair as the fit sees it.
type scored struct {
	kind Kind
	doc  string
	old  bool // the old sentence: should be contradicted
	// flag is the highest contradicted probability of the pair's claims
	// on which a conflict cue fired; -1 when no cue fired (no threshold
	// makes the pair contradicted).
	flag float64
	// supported is whether a claim would be supported when the pair is
	// not contradicted.
	supported bool
}

func (p scored) contradictedAt(t float64) bool { return p.flag >= 0 && p.flag >= t }

// Metrics is the verifier's contradicted recall and precision on a set
// of pairs at one threshold. Precision is nil when nothing was flagged
// (it is undefined, not 0 or 1).
type Metrics struct {
	Old        int      `json:"old"`         // old sentences judged
	Caught     int      `json:"caught"`      // of them, contradicted
	Current    int      `json:"current"`     // current sentences judged
	FalseFlags int      `json:"false_flags"` // of them, contradicted
	Supported  int      `json:"supported"`   // of them, supported
	Recall     *float64 `json:"recall"`      // Caught / Old; nil without old sentences
	Precision  *float64 `json:"precision"`   // Caught / (Caught + FalseFlags)
	F1         float64  `json:"f1"`          // 0 when recall or precision is undefined
	Threshold  float64  `json:"threshold"`   // the one applied, when one threshold was
	HeldOut    bool     `json:"held_out"`    // each pair judged at a threshold fitted without its document
}

func ratio(a, b int) *float64 {
	if b == 0 {
		return nil
	}
	r := float64(a) / float64(b)
	return &r
}

// measure counts pairs at the threshold at(p) gives each.
func measure(ps []scored, at func(scored) float64) Metrics {
	var m Metrics
	for _, p := range ps {
		flagged := p.contradictedAt(at(p))
		switch {
		case p.old:
			m.Old++
			if flagged {
				m.Caught++
			}
		default:
			m.Current++
			switch {
			case flagged:
				m.FalseFlags++
			case p.supported:
				m.Supported++
			}
		}
	}
	m.Recall, m.Precision = ratio(m.Caught, m.Old), ratio(m.Caught, m.Caught+m.FalseFlags)
	if m.Recall != nil && m.Precision != nil && *m.Recall+*m.Precision > 0 {
		m.F1 = 2 * *m.Recall * *m.Precision / (*m.Recall + *m.Precision)
	}
	return m
}

func measureAt(ps []scored, t float64) Metrics {
	m := measure(ps, func(scored) float64 { return t })
	m.Threshold = t
	return m
}

// fit is the threshold that maximizes contradicted F1 on ps while
// precision stays at least MinPrecision; ties go to the threshold
// nearest def. Candidates lie halfway between neighbouring probabilities,
// so a threshold does not sit on the edge of the pair that set it. ok is
// false when no threshold catches an old sentence at that precision.
func fit(ps []scored, def float64) (float64, bool) {
	var probs []float64
	for _, p := range ps {
		if p.flag > 0 {
			probs = append(probs, p.flag)
		}
	}
	slices.Sort(probs)
	probs = slices.Compact(probs)
	cands := []float64{def}
	for i, p := range probs {
		if i == 0 {
			cands = append(cands, p)
			continue
		}
		cands = append(cands, (probs[i-1]+p)/2)
	}
	best, bestF1, ok := def, -1.0, false
	for _, t := range cands {
		if t <= 0 || t > 1 {
			continue
		}
		m := measureAt(ps, t)
		if m.Caught == 0 || m.Precision == nil || *m.Precision < MinPrecision {
			continue
		}
		better := m.F1 > bestF1+1e-12 || (math.Abs(m.F1-bestF1) <= 1e-12 && math.Abs(t-def) < math.Abs(best-def))
		if better {
			best, bestF1, ok = t, m.F1, true
		}
	}
	return best, ok
}

// folds splits the pairs' documents in two, balancing the pairs: every
// pair of a document falls in the same fold, so a threshold is measured
// on documents it was not fitted on. The split is deterministic.
func folds(ps []scored) map[string]int {
	count := map[string]int{}
	for _, p := range ps {
		count[p.doc]++
	}
	docs := make([]string, 0, len(count))
	for d := range count {
		docs = append(docs, d)
	}
	slices.SortFunc(docs, func(a, b string) int {
		if c := cmp.Compare(count[b], count[a]); c != 0 {
			return c
		}
		return cmp.Compare(hashOf(a), hashOf(b))
	})
	out := make(map[string]int, len(docs))
	var size [2]int
	for _, d := range docs {
		f := 0
		if size[1] < size[0] {
			f = 1
		}
		out[d] = f
		size[f] += count[d]
	}
	return out
}

func hashOf(s string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(s))
	return h.Sum64()
}

// heldOut fits a threshold on each fold and judges the other fold's
// pairs with it; a fold whose fit fails leaves the other at def. It
// returns the two thresholds, whether each fit, and the threshold each
// pair is judged at.
func heldOut(ps []scored, def float64) ([2]float64, [2]bool, func(scored) float64) {
	fold := folds(ps)
	var part [2][]scored
	for _, p := range ps {
		part[fold[p.doc]] = append(part[fold[p.doc]], p)
	}
	var ts [2]float64
	var ok [2]bool
	for f := range 2 {
		ts[f], ok[f] = fit(part[f], def)
		if !ok[f] {
			ts[f] = def
		}
	}
	return ts, ok, func(p scored) float64 { return ts[1-fold[p.doc]] }
}

// notWorse says whether after may replace before: F1 no lower, and
// precision either no lower or at least MinPrecision.
func notWorse(after, before Metrics) bool {
	if after.F1 < before.F1-1e-12 {
		return false
	}
	if after.Precision == nil {
		return before.Precision == nil
	}
	return before.Precision == nil || *after.Precision >= *before.Precision-1e-12 || *after.Precision >= MinPrecision
}
