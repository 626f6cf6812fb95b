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

// runVitaminC judges each test claim against its own evidence passage with
// Verify, as backend/claims/vitaminc_test.go does: no retrieval, so no
// index and no embedder.
func (r *runner) runVitaminC() (setResult, error) {
	cfg := r.cfg
	var exs []vitamincExample
	err := benchdata.ReadJSONL(filepath.Join(cfg.bench, "vitaminc", "test.jsonl"), func(x vitamincExample) error {
		if _, ok := vitamincLabels[x.Label]; !ok {
			return fmt.Errorf("example %s: unknown label %q", x.ID, x.Label)
		}
		exs = append(exs, x)
		return nil
	})
	if err != nil {
		return setResult{}, err
	}
	all := len(exs)
	if cfg.vitamincLimit > 0 && cfg.vitamincLimit < all {
		exs = exs[:cfg.vitamincLimit]
	}
	res := setResult{Split: fmt.Sprintf("VitaminC test.jsonl (sample of the validation split), %d of %d examples, each against its given evidence", len(exs), all),
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
