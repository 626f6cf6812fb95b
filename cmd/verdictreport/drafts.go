package main

import (
	"context"
	"continuity/cmd/internal/benchdata"
	"fmt"
	"os"
	"path/filepath"

	"continuity/backend/check"
	"continuity/backend/claims"
)

type draftIndex struct {
	Draft  string   `json:"draft"`
	Claims []string `json:"claims"`
}

// draftTally is what the drafts add up to besides the confusion matrix.
type draftTally struct {
	gold, exact, folded, produced, prose int
	proseContradicted, proseNotCovered   int
}

// runHandbookDrafts checks each of handbook-dev's drafts whole, then maps
// every gold claim to the produced claims whose span overlaps where the
// gold text sits in the draft.
func (r *runner) runHandbookDrafts(ctx context.Context) (setResult, error) {
	dir := filepath.Join(r.cfg.bench, "handbook-dev", "drafts")
	var drafts []draftIndex
	if err := benchdata.ReadJSONL(filepath.Join(dir, "index.jsonl"), func(d draftIndex) error { drafts = append(drafts, d); return nil }); err != nil {
		return setResult{}, err
	}
	_, byID, err := readHandbookClaims(r.cfg.bench)
	if err != nil {
		return setResult{}, err
	}
	ci, err := r.handbookIndex(ctx)
	if err != nil {
		return setResult{}, err
	}
	res := setResult{Engine: r.engineName(), Embedder: ci.embedder, M: confusion{}}
	e, s := r.engine(), check.NewSearcher(ci.ix)
	kinds := newRecallBy(contradictedKinds...)
	places := placeCounts{}
	var t draftTally
	for _, d := range drafts {
		b, err := os.ReadFile(filepath.Join(dir, d.Draft))
		if err != nil {
			return setResult{}, fmt.Errorf("draft %s: %w", d.Draft, err)
		}
		draft := string(b)
		logf("handbook-drafts: %s", d.Draft)
		rep, err := checkDraft(ctx, e, s, draft)
		if err != nil {
			return setResult{}, fmt.Errorf("draft %s: %w", d.Draft, err)
		}
		used := map[int]bool{}
		for _, id := range d.Claims {
			c, ok := byID[id]
			if !ok {
				return setResult{}, fmt.Errorf("draft %s lists unknown claim %s", d.Draft, id)
			}
			t.gold++
			a, z, how, ok := locate(draft, c.Claim)
			if !ok {
				res.Details = append(res.Details, fmt.Sprintf("UNLOCATED %s %s: %s", d.Draft, id, c.Claim))
				continue
			}
			if how == "exact" {
				t.exact++
			} else {
				t.folded++
			}
			over, idx := overlapping(rep.Results, a, z)
			for _, i := range idx {
				used[i] = true
			}
			gold := handbookLabels[c.Label]
			got, conf := aggregateConf(over)
			res.record(gold, got, conf)
			if gold == claims.Contradicted {
				kinds.add(c.Kind, got == claims.Contradicted)
			}
			if got == claims.Contradicted {
				places.add(gold, evidencePlace(c, over))
			}
			if got != gold {
				res.Details = append(res.Details, fmt.Sprintf("MISS %s %s %s gold %s got %s: %s || %s", d.Draft, id, c.Kind, gold, got, c.Claim, explain(over)))
			}
		}
		t.produced += len(rep.Results)
		res.cite(rep.Results...)
		for i, pr := range rep.Results {
			if used[i] {
				continue
			}
			t.prose++
			switch pr.Verdict {
			case claims.Contradicted:
				t.proseContradicted++
				res.Details = append(res.Details, fmt.Sprintf("FALSE ALARM contradicted %s: %s || %s", d.Draft, pr.Text, explain([]claims.Result{pr})))
			case claims.NotCovered:
				t.proseNotCovered++
			}
		}
	}
	res.Split = fmt.Sprintf("handbook-dev drafts/ d01-d10 checked whole (%d drafts, %d gold claims located of %d)", len(drafts), t.exact+t.folded, t.gold)
	res.Notes = append(res.Notes,
		fmt.Sprintf("gold claims located in their draft: %d of %d (%d verbatim, %d after folding space/case/quotes); unlocated ones are not scored", t.exact+t.folded, t.gold, t.exact, t.folded),
		fmt.Sprintf("false alarms on connecting prose: %d produced claim(s) overlapping no gold claim labelled contradicted (and %d labelled not covered); %d of the %d produced claims are on prose", t.proseContradicted, t.proseNotCovered, t.prose, t.produced),
		places.wrongSubject())
	res.Tables = append(res.Tables, kinds.table("Contradicted recall by kind (located gold claims)", "kind"), places.table())
	return res, nil
}
