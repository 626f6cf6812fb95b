package main

import (
	"continuity/cmd/internal/benchdata"
	"fmt"
	"path/filepath"
	"strings"

	"continuity/backend/claims"
)

type vitamincExample struct {
	Claim    string `json:"claim"`
	Evidence string `json:"evidence"`
	Label    string `json:"label"`
	ID       string `json:"id"`
}

var vitamincLabels = map[string]claims.Verdict{"supports": claims.Supported, "refutes": claims.Contradicted, "not enough info": claims.NotCovered}

// runVitaminC judges each claim of one split ("test", held out, or
// "train": the five train_N.jsonl shards, development data) against its own
// evidence passage with Verify, as backend/claims/vitaminc_test.go does: no
// retrieval, so no index.
func (r *runner) runVitaminC(split string) (setResult, error) {
	cfg := r.cfg
	files, source := []string{filepath.Join(cfg.bench, "vitaminc", "test.jsonl")}, "validation"
	if split == "train" {
		source = "train"
		var err error
		if files, err = filepath.Glob(filepath.Join(cfg.bench, "vitaminc", "train_*.jsonl")); err != nil || len(files) == 0 {
			return setResult{}, fmt.Errorf("no VitaminC train shards under %s: %w", cfg.bench, err)
		}
	}
	var exs []vitamincExample
	for _, path := range files {
		err := benchdata.ReadJSONL(path, func(x vitamincExample) error {
			if _, ok := vitamincLabels[x.Label]; !ok {
				return fmt.Errorf("%s: example %s: unknown label %q", path, x.ID, x.Label)
			}
			exs = append(exs, x)
			return nil
		})
		if err != nil {
			return setResult{}, err
		}
	}
	all := len(exs)
	if cfg.vitamincLimit > 0 && cfg.vitamincLimit < all {
		exs = exs[:cfg.vitamincLimit]
	}
	res := setResult{Split: fmt.Sprintf("VitaminC %s (sample of the %s split), %d of %d examples, each against its given evidence", split, source, len(exs), all),
		Engine: fmt.Sprintf("%s (offline-%s), Verify on the given passage", claims.EngineOffline, claims.OfflineVersion), Embedder: "sentence vectors embedded per pair (given evidence, no retrieval)", M: confusion{}}
	e := r.givenEngine()
	for _, x := range exs {
		r := e.Verify(claims.Claim{Text: strings.TrimSpace(x.Claim)}, []claims.Passage{{DocID: x.ID, ChunkID: x.ID, Text: x.Evidence}})
		want := vitamincLabels[x.Label]
		res.record(want, r.Verdict, r.Confidence)
		res.cite(r)
		if r.Verdict != want {
			res.Details = append(res.Details, fmt.Sprintf("%s gold %s got %s: %s || %s", x.ID, want, r.Verdict, x.Claim, r.Explanation))
		}
	}
	return res, nil
}
