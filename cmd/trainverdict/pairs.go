package main

import (
	"context"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"strings"

	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
)

// pairRow is one row of the pairs dataset.
type pairRow = benchdata.PairRow

var pairLabels = map[string]claims.Verdict{"supported": claims.Supported, "contradicted": claims.Contradicted, "not_covered": claims.NotCovered}

// cannotShare keeps a hash-chosen share of the CANNOT negation pairs:
// 15,000 automatic negations would drown the revision pairs.
const cannotShare = 0.25

func readPairs(dir string) ([]pairRow, error) {
	var rows []pairRow
	files, err := filepath.Glob(filepath.Join(dir, "revision", "*.jsonl"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no revision pairs in %s: %w", dir, err)
	}
	files = append(files, filepath.Join(dir, "nli", "fm2.jsonl"), filepath.Join(dir, "nli", "wice.jsonl"), filepath.Join(dir, "nli", "cannot.jsonl.gz"))
	for _, path := range files {
		if err := benchdata.ReadPairs(path, func(r pairRow) {
			if r.Source == "nli-cannot" && hashShare(r.ID) >= cannotShare {
				return
			}
			// handbook-dev is scored by folds of its own: pairs mined from
			// its pages would leak its facts into every fold.
			if r.HandbookDevPage {
				return
			}
			rows = append(rows, r)
		}); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// hashShare maps s to [0, 1) deterministically.
func hashShare(s string) float64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return float64(h.Sum64()%1_000_000) / 1_000_000
}

// pairSet names a pair row's evaluation set: the revision pairs by split
// ("pairs-train", "pairs-report"), the NLI sets apart ("nli-dev").
func pairSet(r pairRow) string {
	if r.Source == "aug" {
		return "aug-train"
	}
	if strings.HasPrefix(r.Source, "nli-") {
		return "nli-" + r.Split
	}
	return "pairs-" + r.Split
}

// collectPairs featurizes every pair against its evidence alone, plus the
// generated ones (augment.go) for the training split.
func collectPairs(ctx context.Context, cfg config, en engines) (map[string][]example, error) {
	rows, err := readPairs(filepath.Join(cfg.bench, "pairs"))
	if err != nil {
		return nil, err
	}
	rows = append(rows, augment(rows)...)
	sets := map[string][]example{}
	for i, r := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		label, ok := pairLabels[r.Label]
		if !ok {
			return nil, fmt.Errorf("pair %s: unknown label %q", r.ID, r.Label)
		}
		ps := []claims.Passage{{DocID: r.Source + ":" + r.File, ChunkID: r.ID, Text: r.Evidence}}
		f, err := en.full.GivenFeatures(ctx, r.Claim, ps)
		if err != nil {
			return nil, fmt.Errorf("pair %s: %w", r.ID, err)
		}
		pf, err := en.plain.GivenFeatures(ctx, r.Claim, ps)
		if err != nil {
			return nil, fmt.Errorf("pair %s without vectors: %w", r.ID, err)
		}
		set := pairSet(r)
		sets[set] = append(sets[set], example{Set: set, ID: r.ID, Group: r.Source + ":" + r.File, Label: label, Kind: r.Kind, F: f, Plain: plainOf(pf)})
		if (i+1)%2000 == 0 {
			logf("pairs: %d of %d", i+1, len(rows))
		}
	}
	return sets, nil
}
