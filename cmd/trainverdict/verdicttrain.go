package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"continuity/backend/claims"
	"continuity/backend/claims/model"
)

// verdictL2s are the L2 strengths tried; the one with the lowest
// out-of-fold log loss on the development sets is kept.
var verdictL2s = []float64{0.01, 0.03, 0.1, 0.3}

// verdictDevSets choose the L2 and the threshold: out of fold for the
// training sets, as they are for pairs dev (never trained on).
var verdictDevSets = map[string]bool{"handbook": true, "sample": true, "pairs-dev": true}

// verdictMinPrecision is the average contradicted precision over the
// development sets the threshold must keep.
const verdictMinPrecision = 0.80

// verdictHeldOut are reported only: nothing is chosen on them.
var verdictHeldOut = []string{"pairs-test", "pairs-report", "nli-test", "vitaminc-test"}

// runVerdictModel trains the verdict model on the sets of verdictShares,
// chooses its L2 and contradicted threshold on development data only,
// prints the tables and writes the weights to path ("" prints only).
func runVerdictModel(sets map[string][]example, date, path string, out io.Writer) error {
	var train []example
	for _, name := range sortedKeys(verdictShares) {
		train = append(train, sets[name]...)
	}
	if len(train) == 0 {
		return fmt.Errorf("verdict model: no training examples (featurize handbook, sample, vitaminc and pairs)")
	}
	dev := sets["pairs-dev"]
	bestL2, bestLoss := 0.0, 0.0
	var oof []prediction
	for _, l2 := range verdictL2s {
		ps, err := crossValidate(train, l2, 4)
		if err != nil {
			return err
		}
		m, err := trainVerdict(train, l2)
		if err != nil {
			return err
		}
		for i := range dev {
			ps = append(ps, predictBoth(m, &dev[i])...)
		}
		loss := logLoss(ps, verdictDevSets)
		fmt.Fprintf(out, "l2 %.2f: development log loss %.4f\n", l2, loss)
		if oof == nil || loss < bestLoss {
			bestL2, bestLoss, oof = l2, loss, ps
		}
	}
	m, err := trainVerdict(train, bestL2)
	if err != nil {
		return err
	}
	t := chooseThreshold(oof, verdictDevSets, verdictMinPrecision)
	m.Name = "verdict-v2"
	m.Manifest = verdictManifest(sets, date, bestL2, t)
	fmt.Fprintf(out, "\nverdict-v2: l2 %.2f, contradicted threshold %.3f (best contradicted F1 averaged over handbook-dev and the sample drafts out of fold and pairs dev, at average precision >= %.2f)\n\n", bestL2, t, verdictMinPrecision)
	fmt.Fprintln(out, "set (how scored)                 n     acc   supported P/R  contradicted P/R  not covered P/R")
	for _, name := range sortedKeys(verdictShares) {
		printVerdictRow(out, name+" (out of fold)", onSet(oof, name, false), t)
	}
	printVerdictRow(out, "sample without vectors (oof)", onSet(oof, "sample", true), t)
	printVerdictRow(out, "handbook without vectors (oof)", onSet(oof, "handbook", true), t)
	printVerdictRow(out, "pairs-dev (development)", onSet(oof, "pairs-dev", false), t)
	for _, name := range verdictHeldOut {
		var ps []prediction
		for i := range sets[name] {
			ps = append(ps, predictBoth(m, &sets[name][i])[0])
		}
		printVerdictRow(out, name+" (held out)", ps, t)
	}
	printThresholdSweep(out, oof)
	if path == "" {
		return nil
	}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	if _, err := model.Parse(b); err != nil {
		return fmt.Errorf("the trained weights do not parse: %w", err)
	}
	return os.WriteFile(path, b, 0o644)
}

func onSet(ps []prediction, set string, plain bool) []prediction {
	var out []prediction
	for _, p := range ps {
		if p.ex.Set == set && p.plain == plain {
			out = append(out, p)
		}
	}
	return out
}

func printVerdictRow(out io.Writer, name string, ps []prediction, t float64) {
	if len(ps) == 0 {
		fmt.Fprintf(out, "%-32s  not measured (no examples)\n", name)
		return
	}
	m := newConfusion()
	for _, p := range ps {
		m.add(p.ex.Label, p.verdict(t))
	}
	sp, sr, _ := m.pr(claims.Supported)
	cp, cr, _ := m.pr(claims.Contradicted)
	np, nr, _ := m.pr(claims.NotCovered)
	fmt.Fprintf(out, "%-32s %5d  %.2f  %.2f / %.2f    %.2f / %.2f       %.2f / %.2f\n", name, len(ps), m.accuracy(), sp, sr, cp, cr, np, nr)
}

func verdictManifest(sets map[string][]example, date string, l2, t float64) model.Manifest {
	man := model.Manifest{Trained: date, L2: l2, Contradicted: t, Notes: []string{
		fmt.Sprintf("each example is featurized twice, with sentence vectors (USE-lite) and without; the copy without has %.2f of its weight", plainShare),
		fmt.Sprintf("l2 chosen by out-of-fold log loss (4 folds by document, draft or page) on handbook-dev, the sample drafts and pairs dev; the conflict model (trained on the claims whose cue fired) uses %.1f times it", conflictL2),
		fmt.Sprintf("the contradicted threshold is the best contradicted F1 averaged over the same development sets (each counts alike) at average precision >= %.2f", verdictMinPrecision),
		"never tuned on SciFact test, VitaminC test, or the pairs test and report splits",
	}}
	for _, name := range sortedKeys(verdictShares) {
		exs := sets[name]
		sc := model.SetCount{Name: name, Examples: len(exs), Note: verdictNotes[name]}
		if len(exs) > 0 {
			sc.Weight = verdictShares[name] / float64(len(exs))
		}
		for _, e := range exs {
			switch e.Label {
			case claims.Supported:
				sc.Supported++
			case claims.Contradicted:
				sc.Contradicted++
			case claims.NotCovered:
				sc.NotCovered++
			}
		}
		man.Sets = append(man.Sets, sc)
	}
	return man
}

// confusion counts gold label → predicted verdict.
type confusion map[claims.Verdict]map[claims.Verdict]int

func newConfusion() confusion { return confusion{} }

func (c confusion) add(gold, got claims.Verdict) {
	if c[gold] == nil {
		c[gold] = map[claims.Verdict]int{}
	}
	c[gold][got]++
}

// pr is label's precision, recall and number predicted.
func (c confusion) pr(label claims.Verdict) (p, r float64, predicted int) {
	tp, gold := c[label][label], 0
	for _, n := range c[label] {
		gold += n
	}
	for _, row := range c {
		predicted += row[label]
	}
	if predicted > 0 {
		p = float64(tp) / float64(predicted)
	}
	if gold > 0 {
		r = float64(tp) / float64(gold)
	}
	return p, r, predicted
}

func (c confusion) accuracy() float64 {
	ok, n := 0, 0
	for gold, row := range c {
		for got, k := range row {
			n += k
			if gold == got {
				ok += k
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}

// parseShares reads "set=share,set=share".
func parseShares(s string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		f, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil || f < 0 {
			return nil, fmt.Errorf("%q: want set=share with a share of 0 or more", kv)
		}
		out[k] = f
	}
	return out, nil
}

// printThresholdSweep shows contradicted P/R on each development set at
// thresholds around the chosen one, so a reader sees what the choice
// trades.
func printThresholdSweep(out io.Writer, oof []prediction) {
	fmt.Fprintln(out, "\ncontradicted P/R by threshold (development predictions)")
	fmt.Fprintf(out, "%-6s", "t")
	names := sortedKeys(verdictDevSets)
	for _, n := range names {
		fmt.Fprintf(out, "  %-14s", n)
	}
	fmt.Fprintln(out)
	for t := 0.4; t <= 0.951; t += 0.05 {
		fmt.Fprintf(out, "%-6.2f", t)
		for _, n := range names {
			m := newConfusion()
			for _, p := range onSet(oof, n, false) {
				m.add(p.ex.Label, p.verdict(t))
			}
			p, r, _ := m.pr(claims.Contradicted)
			fmt.Fprintf(out, "  %.2f / %.2f    ", p, r)
		}
		fmt.Fprintln(out)
	}
}
