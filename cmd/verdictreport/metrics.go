package main

import (
	"fmt"

	"continuity/backend/claims"
)

// missing is the "prediction" for a gold claim the engine produced no
// verdict for (no claim extracted there). It is always wrong and is no
// label's prediction, as in handbook-dev's score.py.
const missing claims.Verdict = "missing"

// labels are the three verdicts, in the order every table lists them.
var labels = []claims.Verdict{claims.Supported, claims.Contradicted, claims.NotCovered}

// confusion counts gold (row) against predicted (column) verdicts.
type confusion map[[2]claims.Verdict]int

func (m confusion) add(gold, got claims.Verdict) { m[[2]claims.Verdict{gold, got}]++ }

// measure is a ratio that may not be measurable: a precision of a label
// never predicted has no denominator, and printing 0 or NaN would read as
// a result.
type measure struct {
	v  float64
	ok bool
}

func ratio(num, den int) measure {
	if den == 0 {
		return measure{}
	}
	return measure{float64(num) / float64(den), true}
}

func (x measure) String() string {
	if !x.ok {
		return "not measured"
	}
	return fmt.Sprintf("%.2f", x.v)
}

// labelScore is one label's row of a table.
type labelScore struct {
	Label             claims.Verdict
	Gold, Pred, TP    int
	Precision, Recall measure
	F1                measure
}

// f1 is the harmonic mean. A recall of 0 makes it 0 whatever the
// precision, measured or not, so a label with gold claims but no
// predictions scores F1 0 (it counts in macro-F1) while its precision stays
// "not measured".
func f1(p, r measure) measure {
	switch {
	case r.ok && r.v == 0:
		return measure{0, true}
	case !p.ok || !r.ok:
		return measure{}
	case p.v+r.v == 0:
		return measure{0, true}
	}
	return measure{2 * p.v * r.v / (p.v + r.v), true}
}

func (m confusion) score(l claims.Verdict) labelScore {
	s := labelScore{Label: l}
	for k, n := range m {
		if k[0] == l {
			s.Gold += n
		}
		if k[1] == l {
			s.Pred += n
		}
		if k[0] == l && k[1] == l {
			s.TP += n
		}
	}
	s.Precision, s.Recall = ratio(s.TP, s.Pred), ratio(s.TP, s.Gold)
	s.F1 = f1(s.Precision, s.Recall)
	return s
}

// total is the number of gold claims scored (missing ones included).
func (m confusion) total() int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

func (m confusion) accuracy() measure {
	ok := 0
	for _, l := range labels {
		ok += m[[2]claims.Verdict{l, l}]
	}
	return ratio(ok, m.total())
}

// macroF1 averages F1 over the labels that have gold claims; a label
// absent from the gold set cannot be recalled, so it is left out rather
// than counted as 0 or 1.
func (m confusion) macroF1() measure {
	sum, n := 0.0, 0
	for _, l := range labels {
		s := m.score(l)
		if s.Gold == 0 {
			continue
		}
		if !s.F1.ok {
			return measure{}
		}
		sum += s.F1.v
		n++
	}
	if n == 0 {
		return measure{}
	}
	return measure{sum / float64(n), true}
}

func (m confusion) missingCount() int {
	n := 0
	for k, c := range m {
		if k[1] == missing {
			n += c
		}
	}
	return n
}

// triple is SciFact's abstract-level unit: a claim, a document and a label.
type triple struct {
	Claim, Doc string
	Label      claims.Verdict
}

// tripleScore is precision, recall and F1 of predicted triples against gold
// ones: a prediction is right when the same triple is in the gold set.
type tripleScore struct {
	Gold, Pred, TP int
	P, R, F1       measure
}

func scoreTriples(gold, pred []triple) tripleScore {
	g := map[triple]bool{}
	for _, t := range gold {
		g[t] = true
	}
	seen := map[triple]bool{}
	s := tripleScore{Gold: len(g)}
	for _, t := range pred {
		if seen[t] {
			continue
		}
		seen[t] = true
		s.Pred++
		if g[t] {
			s.TP++
		}
	}
	s.P, s.R = ratio(s.TP, s.Pred), ratio(s.TP, s.Gold)
	s.F1 = f1(s.P, s.R)
	return s
}

// aggregate is the verdict for one gold claim from the produced claims
// that cover it (eval_test.go's rule): a contradiction in any part
// decides, all parts supported is supported, anything else is not
// covered, and nothing produced is missing.
func aggregate(rs []claims.Result) claims.Verdict {
	if len(rs) == 0 {
		return missing
	}
	all := true
	for _, r := range rs {
		if r.Verdict == claims.Contradicted {
			return claims.Contradicted
		}
		all = all && r.Verdict == claims.Supported
	}
	if all {
		return claims.Supported
	}
	return claims.NotCovered
}
