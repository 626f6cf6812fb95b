package main

import (
	"continuity/cmd/internal/benchdata"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"time"

	"continuity/backend/claims"
	"continuity/backend/claims/model"
)

// scifactGold maps each SciFact test claim to its evidence abstracts.
func scifactGold(cfg config) (map[string][]goldDoc, error) {
	dir := filepath.Join(cfg.bench, "scifact")
	ids, _, err := benchdata.ReadQrels(filepath.Join(dir, "qrels", "test.tsv"))
	if err != nil {
		return nil, err
	}
	test := map[string]bool{}
	for _, id := range ids {
		test[id] = true
	}
	out := map[string][]goldDoc{}
	err = benchdata.ReadJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirQuery) error {
		if !test[q.ID] || len(q.Metadata) == 0 {
			return nil
		}
		var m map[string][]struct{ Label string }
		if err := json.Unmarshal(q.Metadata, &m); err != nil {
			return fmt.Errorf("query %s: %w", q.ID, err)
		}
		for doc, sets := range m {
			if len(sets) > 0 {
				l := claims.Supported
				if sets[0].Label == "CONTRADICT" {
					l = claims.Contradicted
				}
				out[q.ID] = append(out[q.ID], goldDoc{doc, l})
			}
		}
		return nil
	})
	return out, err
}

// heldOut scores the final model once on the test sets. SciFact's
// abstract-level label-only F1 is approximated with the one abstract the
// decision rests on (cmd/verdictreport counts the corroborating ones too).
func heldOut(w io.Writer, d dataset, m *model.Weights) error {
	fmt.Fprintf(w, "\nHeld-out (final model, contradicted threshold %.2f; never used to choose anything)\n", m.Manifest.Contradicted)
	var ps []prediction
	for _, set := range [][]example{d.sciTest, d.vitTest} {
		for i := range set {
			e := &set[i]
			ps = append(ps, predict(m, e, false), predict(m, e, true))
		}
	}
	writeAll(w, "held-out", bySet(ps, m.Manifest.Contradicted))
	for _, plain := range []bool{false, true} {
		tp, pred, gold := 0, 0, 0
		for _, g := range d.sciTriples {
			gold += len(g)
		}
		for _, p := range ps {
			if p.plain != plain || p.ex.Set != "scifact-test" {
				continue
			}
			v := p.verdict(m.Manifest.Contradicted)
			doc := p.ex.F.BestDoc
			if plain {
				doc = p.ex.Plain.BestDoc
			}
			if v == claims.Contradicted {
				doc = p.ex.F.ConflictDoc
				if plain {
					doc = p.ex.Plain.ConflictDoc
				}
			}
			if v == claims.NotCovered || doc == "" {
				continue
			}
			pred++
			for _, g := range d.sciTriples[p.ex.ID] {
				if g.Doc == doc && g.Label == v {
					tp++
				}
			}
		}
		pr, r := ratioOf(tp, pred), ratioOf(tp, gold)
		fmt.Fprintf(w, "  scifact-test abstract label-only (deciding abstract only, vectors=%v): P %.2f R %.2f F1 %.2f (%d/%d predicted, %d gold)\n", !plain, pr, r, f1(pr, r), tp, pred, gold)
	}
	return nil
}

func setNames(m map[string]float64) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return fmt.Sprint(out)
}

func ratioOf(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// manifest records what the shipped weights were trained on.
func manifest(cfg config, train []example, l2, threshold float64) model.Manifest {
	date := cfg.date
	if date == "" {
		date = time.Now().UTC().Format("2006-01-02")
	}
	m := model.Manifest{Trained: date, L2: l2, Contradicted: threshold}
	by := map[string]*model.SetCount{}
	var names []string
	for _, e := range train {
		s := by[e.Set]
		if s == nil {
			s = &model.SetCount{Name: e.Set}
			by[e.Set] = s
			names = append(names, e.Set)
		}
		s.Examples++
		switch e.Label {
		case claims.Supported:
			s.Supported++
		case claims.Contradicted:
			s.Contradicted++
		default:
			s.NotCovered++
		}
	}
	sort.Strings(names)
	notes := map[string]string{
		"handbook":       "handbook-dev claims.jsonl, each claim judged whole against the handbook corpus index",
		"sample":         "corpus/drafts/*.expected.json, claims as Check decomposes the drafts",
		"scifact-train":  "SciFact qrels/train.tsv claims against all 5,183 abstracts; label from queries.jsonl metadata",
		"vitaminc-train": "VitaminC train_0..4.jsonl (all of them: 5 x 60), each against its given evidence",
	}
	for _, n := range names {
		s := by[n]
		s.Weight = cfg.w.share[n] / float64(s.Examples)
		s.Note = notes[n]
		m.Sets = append(m.Sets, *s)
	}
	m.Notes = []string{
		fmt.Sprintf("each example is featurized twice, with sentence vectors (USE-lite) and without; the copy without has %.2f of its weight", cfg.w.plain),
		fmt.Sprintf("l2 chosen by cross-validated log loss on %s; the conflict model (trained on the claims whose cue fired) uses %.2g times it", setNames(cfg.selectSets), cfg.w.conflictL2),
		fmt.Sprintf("the contradicted threshold is the best cross-validated contradicted F1 at precision >= %.2f on handbook-dev and the sample drafts", cfg.minPrecision),
		"never tuned on SciFact test or VitaminC test",
	}
	return m
}

// printWeights lists each feature's standardised weight per class.
func printWeights(w io.Writer, m *model.Weights) {
	fmt.Fprintf(w, "\nWeights (standardised features; columns %v)\n", model.Classes)
	for j, f := range m.Features {
		fmt.Fprintf(w, "  %-18s %7.2f %7.2f %7.2f\n", f, m.W[0][j], m.W[1][j], m.W[2][j])
	}
	n := len(m.Features)
	fmt.Fprintf(w, "  %-18s %7.2f %7.2f %7.2f\n", "intercept", m.W[0][n], m.W[1][n], m.W[2][n])
}
