package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"continuity/backend/claims"
	"continuity/backend/claims/model"
)

// weights are the sample weights of one training run: each set's share of
// the total, spread evenly over its examples, and the share given to the
// copies featurized without sentence vectors.
type weights struct {
	share      map[string]float64
	plain      float64
	conflictL2 float64 // the conflict model's L2 as a multiple of the main one's
}

func classIndex(v claims.Verdict) int {
	for i, c := range model.Classes {
		if c == string(v) {
			return i
		}
	}
	panic("trainverdict: unknown verdict " + string(v))
}

// rows turns examples into model rows, both feature paths of each.
func (w weights) rows(exs []example) []model.Example {
	n := map[string]int{}
	for _, e := range exs {
		n[e.Set]++
	}
	var out []model.Example
	for _, e := range exs {
		share, ok := w.share[e.Set]
		if !ok || share == 0 {
			continue
		}
		sw := share / float64(n[e.Set])
		y := classIndex(e.Label)
		out = append(out, model.Example{X: e.F.X, Y: y, Weight: sw})
		if w.plain > 0 {
			out = append(out, model.Example{X: e.Plain.X, Y: y, Weight: sw * w.plain})
		}
	}
	return out
}

// train fits the main model on exs and the conflict model on the rows
// whose cue fired.
func (w weights) train(exs []example, l2 float64) (*model.Weights, error) {
	m, err := model.Train(w.rows(exs), claims.FeatureNames(), claims.FeatureVersion, l2)
	if err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	if m.Conflict, err = model.Train(w.rowsFired(exs), claims.FeatureNames(), claims.FeatureVersion, l2*w.conflictL2); err != nil {
		return nil, fmt.Errorf("train the conflict model: %w", err)
	}
	return m, nil
}

// rowsFired are the rows of the examples whose features fired a cue.
func (w weights) rowsFired(exs []example) []model.Example {
	var keep []example
	for _, e := range exs {
		if e.F.Conflict || e.Plain.Conflict {
			keep = append(keep, e)
		}
	}
	n := map[string]int{}
	for _, e := range keep {
		n[e.Set]++
	}
	var out []model.Example
	for _, e := range keep {
		share := w.share[e.Set]
		if share == 0 {
			continue
		}
		sw := share / float64(n[e.Set])
		y := classIndex(e.Label)
		if e.F.Conflict {
			out = append(out, model.Example{X: e.F.X, Y: y, Weight: sw})
		}
		if e.Plain.Conflict && w.plain > 0 {
			out = append(out, model.Example{X: e.Plain.X, Y: y, Weight: sw * w.plain})
		}
	}
	return out
}

// folds assigns every group to one of k folds: groups in a seeded random
// order, largest first, each to the fold with the fewest examples so far.
func folds(exs []example, k int) map[string]int {
	size := map[string]int{}
	for _, e := range exs {
		size[e.Group]++
	}
	groups := make([]string, 0, len(size))
	for g := range size {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	r := rand.New(rand.NewPCG(15, 2))
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

// prediction is one example's out-of-fold class probabilities.
type prediction struct {
	ex          *example
	plain       bool
	p           []float64
	hasConflict bool
	supportable bool
}

// crossValidate returns the out-of-fold predictions of every example
// (both feature paths): no example is scored by a model that saw its
// group, so no handbook claim by one that saw its document.
func crossValidate(exs []example, w weights, l2 float64, k int) ([]prediction, error) {
	fold := folds(exs, k)
	var out []prediction
	for f := range k {
		var train []example
		for _, e := range exs {
			if fold[e.Group] != f {
				train = append(train, e)
			}
		}
		m, err := w.train(train, l2)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f, err)
		}
		for i := range exs {
			e := &exs[i]
			if fold[e.Group] != f {
				continue
			}
			out = append(out, predict(m, e, false), predict(m, e, true))
		}
	}
	return out, nil
}

// predict scores one example as the engine does: the contradicted
// probability is the conflict model's when a cue fired.
func predict(m *model.Weights, e *example, plain bool) prediction {
	f := e.F
	if plain {
		f = e.Plain
	}
	p := m.Predict(f.X)
	if f.Conflict {
		p[1] = m.ContradictedProb(f.X)
	}
	return prediction{ex: e, plain: plain, p: p, hasConflict: f.Conflict, supportable: f.Supportable}
}

// verdict applies claims.Decide's rule to stored probabilities.
func (p prediction) verdict(threshold float64) claims.Verdict {
	return claims.DecideProbs(p.p, p.hasConflict, p.supportable, threshold)
}

// logLoss is the mean log loss of the predictions of the given sets.
func logLoss(ps []prediction, sets map[string]float64) float64 {
	sum, n := 0.0, 0.0
	for _, p := range ps {
		w := sets[p.ex.Set]
		if w == 0 {
			continue
		}
		sum -= w * math.Log(max(p.p[classIndex(p.ex.Label)], 1e-12))
		n += w
	}
	return sum / n
}

// chooseThreshold picks the contradicted threshold on the out-of-fold
// predictions (with vectors) of the given sets: the one with the best
// contradicted F1 among those whose precision reaches minPrecision (a
// false red flag costs more than a miss), else the most precise one.
func chooseThreshold(ps []prediction, sets map[string]bool, minPrecision float64) float64 {
	best, bestF, bestP := 0.5, -1.0, -1.0
	fallback := 0.5
	for t := 0.15; t <= 0.901; t += 0.025 {
		m := confusion{}
		for _, p := range ps {
			if !p.plain && sets[p.ex.Set] {
				m.add(p.ex.Label, p.verdict(t))
			}
		}
		s := m.score(claims.Contradicted)
		if s.pred >= 5 && s.p > bestP+1e-9 {
			fallback, bestP = t, s.p
		}
		if s.p >= minPrecision && f1(s.p, s.r) > bestF+1e-9 {
			best, bestF = t, f1(s.p, s.r)
		}
	}
	if bestF < 0 {
		best = fallback
	}
	return math.Round(best*1000) / 1000
}
