package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"continuity/backend/claims"
	"continuity/backend/claims/model"
)

// verdictShares are the training sets of the verdict model (the
// engine's logistic regression, backend/claims/model) and each one's
// share of the total sample weight, spread evenly over its examples. The
// revision pairs teach near-verbatim changed facts, the generated ones
// "paraphrase plus changed fact", handbook-dev and the sample drafts
// prose as a team writes it. No test or report split is here
// (TestManifestNeverTrainsOnHeldOutSets reads the manifest).
var verdictShares = map[string]float64{
	"handbook":       0.30,
	"handbook-aug":   0.05,
	"sample":         0.20,
	"vitaminc-train": 0.10,
	"pairs-train":    0.20,
	"aug-train":      0.10,
	"nli-train":      0.05,
}

// verdictNotes say what each set is, for the manifest.
var verdictNotes = map[string]string{
	"handbook":       "handbook-dev claims.jsonl, each claim judged whole against the handbook corpus index",
	"handbook-aug":   "contradictions made from handbook-dev's supported claims by changing one slot they share with their evidence",
	"sample":         "corpus/drafts/*.expected.json, claims as Check decomposes the drafts",
	"vitaminc-train": "VitaminC train_0..4.jsonl, each against its given evidence",
	"pairs-train":    "pairs revision train split, each old sentence against the new one",
	"aug-train":      "pairs-generated contradictions: one slot of a supported training pair changed",
	"nli-train":      "pairs nli train split (negation pairs, FM2, WiCE)",
}

// plainShare is the weight of an example's copy featurized without
// sentence vectors, relative to the one with them.
const plainShare = 0.5

// conflictL2 is the conflict model's L2 as a multiple of the main one's.
const conflictL2 = 0.1

// verdictRows turns examples into model rows, both feature paths of
// each; fired keeps only the rows on which a conflict cue fired (the
// conflict model's training data).
func verdictRows(exs []example, fired bool) []model.Example {
	n := map[string]int{}
	for _, e := range exs {
		n[e.Set]++
	}
	var out []model.Example
	for _, e := range exs {
		share := verdictShares[e.Set]
		if share == 0 {
			continue
		}
		sw := share / float64(n[e.Set])
		y, err := classIndex(e.Label)
		if err != nil {
			continue
		}
		if !fired || e.F.Conflict {
			out = append(out, model.Example{X: e.F.X, Y: y, Weight: sw})
		}
		if e.Plain != nil && (!fired || e.Plain.Conflict) {
			out = append(out, model.Example{X: e.Plain.X, Y: y, Weight: sw * plainShare})
		}
	}
	return out
}

// trainVerdict fits the main model and the conflict model on exs.
func trainVerdict(exs []example, l2 float64) (*model.Weights, error) {
	m, err := model.Train(verdictRows(exs, false), claims.FeatureNames(), claims.FeatureVersion, l2)
	if err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	if m.Conflict, err = model.Train(verdictRows(exs, true), claims.FeatureNames(), claims.FeatureVersion, l2*conflictL2); err != nil {
		return nil, fmt.Errorf("train the conflict model: %w", err)
	}
	return m, nil
}

// prediction is one example's class probabilities on one feature path.
type prediction struct {
	ex          *example
	plain       bool
	p           []float64
	hasConflict bool
	supportable bool
}

// predictBoth scores an example on both feature paths as the engine
// does: the contradicted probability is the conflict model's when a cue
// fired.
func predictBoth(m *model.Weights, e *example) []prediction {
	one := func(x []float64, conflict, supportable, plain bool) prediction {
		p := m.Predict(x)
		if conflict {
			p[1] = m.ContradictedProb(x)
		}
		return prediction{ex: e, plain: plain, p: p, hasConflict: conflict, supportable: supportable}
	}
	out := []prediction{one(e.F.X, e.F.Conflict, e.F.Supportable, false)}
	if e.Plain != nil {
		out = append(out, one(e.Plain.X, e.Plain.Conflict, e.Plain.Supportable, true))
	}
	return out
}

func (p prediction) verdict(threshold float64) claims.Verdict {
	return claims.DecideProbs(p.p, p.hasConflict, p.supportable, threshold)
}

// folds assigns every group to one of k folds: groups in a seeded
// random order, largest first, each to the fold with the fewest
// examples so far.
func folds(exs []example, k int) map[string]int {
	size := map[string]int{}
	for _, e := range exs {
		size[e.Group]++
	}
	groups := sortedKeys(size)
	r := rand.New(rand.NewPCG(27, 2))
	r.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	sort.SliceStable(groups, func(i, j int) bool { return size[groups[i]] > size[groups[j]] })
	fill := make([]int, k)
	out := map[string]int{}
	for _, g := range groups {
		best := 0
		for f := range fill {
			if fill[f] < fill[best] {
				best = f
			}
		}
		out[g] = best
		fill[best] += size[g]
	}
	return out
}

// crossValidate returns the out-of-fold predictions of every training
// example: none is scored by a model that saw its group (a handbook
// claim by one that saw its document).
func crossValidate(exs []example, l2 float64, k int) ([]prediction, error) {
	fold := folds(exs, k)
	var out []prediction
	for f := range k {
		var train []example
		for _, e := range exs {
			if fold[e.Group] != f {
				train = append(train, e)
			}
		}
		m, err := trainVerdict(train, l2)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f, err)
		}
		for i := range exs {
			if fold[exs[i].Group] == f {
				out = append(out, predictBoth(m, &exs[i])...)
			}
		}
	}
	return out, nil
}

// logLoss is the mean log loss of the predictions of the given sets.
func logLoss(ps []prediction, sets map[string]bool) float64 {
	sum, n := 0.0, 0.0
	for _, p := range ps {
		if !sets[p.ex.Set] {
			continue
		}
		y, err := classIndex(p.ex.Label)
		if err != nil {
			continue
		}
		sum -= math.Log(max(p.p[y], 1e-12))
		n++
	}
	return sum / max(n, 1)
}

// chooseThreshold picks the contradicted threshold on the predictions
// with sentence vectors of the given sets: the best contradicted F1
// averaged over the sets, among thresholds whose average precision
// reaches minPrecision, else the one of best average precision. Each set
// counts alike, so the thousands of revision pairs do not drown the
// writer's prose of handbook-dev and the sample drafts.
func chooseThreshold(ps []prediction, sets map[string]bool, minPrecision float64) float64 {
	names := sortedKeys(sets)
	best, bestF, bestP, fallback := 0.5, -1.0, -1.0, 0.5
	for t := 0.15; t <= 0.951; t += 0.025 {
		var sumP, sumF float64
		for _, n := range names {
			m := newConfusion()
			for _, p := range onSet(ps, n, false) {
				m.add(p.ex.Label, p.verdict(t))
			}
			pr, r, _ := m.pr(claims.Contradicted)
			sumP += pr
			sumF += f1(pr, r)
		}
		meanP, meanF := sumP/float64(len(names)), sumF/float64(len(names))
		if meanP > bestP+1e-9 {
			fallback, bestP = t, meanP
		}
		if meanP >= minPrecision && meanF > bestF+1e-9 {
			best, bestF = t, meanF
		}
	}
	if bestF < 0 {
		best = fallback
	}
	return math.Round(best*1000) / 1000
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}
