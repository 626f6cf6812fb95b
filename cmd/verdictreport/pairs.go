package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
)

// pairRow is one row of the pairs dataset.
type pairRow = benchdata.PairRow

var pairLabels = map[string]claims.Verdict{"supported": claims.Supported, "contradicted": claims.Contradicted, "not_covered": claims.NotCovered}

// givenEngine judges given evidence with sentence vectors embedded by the
// product's sentence embedder, as the verifier was trained.
func (r *runner) givenEngine() *claims.OfflineEngine {
	e := r.engine()
	res := claims.LoadResources("")
	res.Embedder = r.emb.sentences
	e.Resources = res
	return e
}

// runPairs judges each revision pair of one split ("test", or "report":
// the awsdocs organisation, never trained on) against its evidence
// sentence; pairs from handbook-dev's pages are left out, as in training.
func (r *runner) runPairs(split string) (setResult, error) {
	var rows []pairRow
	files, err := filepath.Glob(filepath.Join(r.cfg.bench, "pairs", "revision", "*.jsonl"))
	if err != nil || len(files) == 0 {
		return setResult{}, fmt.Errorf("no revision pairs under %s: %w", r.cfg.bench, err)
	}
	for _, path := range files {
		if err := benchdata.ReadPairs(path, func(x pairRow) {
			if x.Split == split && !x.HandbookDevPage {
				rows = append(rows, x)
			}
		}); err != nil {
			return setResult{}, err
		}
	}
	res := setResult{Split: fmt.Sprintf("pairs revision %s split, %d pairs, each claim against its evidence sentence", split, len(rows)),
		Engine: r.engineName() + ", Verify on the given sentence", Embedder: "sentence vectors embedded per pair", M: confusion{}}
	e := r.givenEngine()
	kinds := map[string][2]int{}
	for _, x := range rows {
		want, ok := pairLabels[x.Label]
		if !ok {
			return setResult{}, fmt.Errorf("pair %s: unknown label %q", x.ID, x.Label)
		}
		got := e.Verify(claims.Claim{Text: strings.TrimSpace(x.Claim)}, []claims.Passage{{DocID: x.Source + ":" + x.File, ChunkID: x.ID, Text: x.Evidence}})
		res.record(want, got.Verdict, got.Confidence)
		res.cite(got)
		if want == claims.Contradicted {
			k := kinds[x.Kind]
			k[1]++
			if got.Verdict == claims.Contradicted {
				k[0]++
			}
			kinds[x.Kind] = k
		}
		if got.Verdict != want {
			res.Details = append(res.Details, fmt.Sprintf("%s gold %s got %s: %s || %s", x.ID, want, got.Verdict, x.Claim, x.Evidence))
		}
	}
	var parts []string
	for _, k := range sortedKinds(kinds) {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, kinds[k][0], kinds[k][1]))
	}
	res.Notes = append(res.Notes, "Contradicted recall by kind: "+strings.Join(parts, ", ")+".")
	return res, nil
}

func sortedKinds(m map[string][2]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
