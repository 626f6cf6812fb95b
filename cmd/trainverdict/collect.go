package main

import (
	"context"
	"continuity/cmd/internal/benchdata"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"continuity/backend/claims"
)

// engines are the two feature paths: with sentence vectors (stored in
// the index, or embedded for given evidence) and without any.
type engines struct {
	full  *claims.OfflineEngine
	plain *claims.OfflineEngine // no sentence embedder
}

func collectHandbook(ctx context.Context, cfg config, en engines, s claims.Searcher) ([]example, error) {
	dir := filepath.Join(cfg.bench, "handbook-dev")
	inDraft := map[string]string{}
	err := benchdata.ReadJSONL(filepath.Join(dir, "drafts", "index.jsonl"), func(d struct {
		Draft  string
		Claims []string
	}) error {
		for _, id := range d.Claims {
			inDraft[id] = d.Draft
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []example
	err = benchdata.ReadJSONL(filepath.Join(dir, "claims.jsonl"), func(c handbookClaim) error {
		label, ok := handbookLabels[c.Label]
		if !ok {
			return fmt.Errorf("claim %s: unknown label %q", c.ID, c.Label)
		}
		f, err := en.full.SentenceFeatures(ctx, c.Claim, s)
		if err != nil {
			return fmt.Errorf("claim %s: %w", c.ID, err)
		}
		pf, err := en.plain.SentenceFeatures(ctx, c.Claim, vectorless{s})
		if err != nil {
			return fmt.Errorf("claim %s without vectors: %w", c.ID, err)
		}
		// Folds are by document: a not-covered claim has none, so it
		// goes with the draft it sits in (the draft's topic).
		group := c.Doc
		if group == "" {
			group = "nc:" + inDraft[c.ID]
			if inDraft[c.ID] == "" {
				group = "nc:" + c.ID
			}
		}
		out = append(out, example{Set: "handbook", ID: c.ID, Group: group, Label: label, Kind: c.Kind, F: f, Plain: plainOf(pf)})
		return nil
	})
	return out, err
}

// collectSciFact featurizes the claims of one qrels split against the
// SciFact index; folds group claims by their first cited abstract (the
// dataset pairs a claim with its negation on the same abstract).
func collectSciFact(ctx context.Context, cfg config, en engines, s claims.Searcher, split string) ([]example, error) {
	dir := filepath.Join(cfg.bench, "scifact")
	ids, docs, err := benchdata.ReadQrels(filepath.Join(dir, "qrels", split+".tsv"))
	if err != nil {
		return nil, err
	}
	queries := map[string]beirQuery{}
	if err := benchdata.ReadJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirQuery) error { queries[q.ID] = q; return nil }); err != nil {
		return nil, err
	}
	var out []example
	for i, id := range ids {
		if i%100 == 0 {
			logf("scifact %s: claim %d of %d", split, i+1, len(ids))
		}
		q, ok := queries[id]
		if !ok {
			return nil, fmt.Errorf("query %s not in queries.jsonl", id)
		}
		label, err := scifactLabel(q.Metadata)
		if err != nil {
			return nil, fmt.Errorf("query %s: %w", id, err)
		}
		f, err := en.full.SentenceFeatures(ctx, q.Text, s)
		if err != nil {
			return nil, fmt.Errorf("query %s: %w", id, err)
		}
		pf, err := en.plain.SentenceFeatures(ctx, q.Text, vectorless{s})
		if err != nil {
			return nil, fmt.Errorf("query %s without vectors: %w", id, err)
		}
		out = append(out, example{Set: "scifact-" + split, ID: id, Group: "sf:" + docs[id][0], Label: label, F: f, Plain: plainOf(pf)})
	}
	return out, nil
}

// collectVitaminC featurizes each example against its given evidence.
func collectVitaminC(ctx context.Context, en engines, files []string, set string, limit int) ([]example, error) {
	var out []example
	for _, path := range files {
		err := benchdata.ReadJSONL(path, func(x vitamincExample) error {
			if limit > 0 && len(out) >= limit {
				return nil
			}
			label, ok := vitamincLabels[x.Label]
			if !ok {
				return fmt.Errorf("example %s: unknown label %q", x.ID, x.Label)
			}
			ps := []claims.Passage{{DocID: x.ID, ChunkID: x.ID, Text: x.Evidence}}
			f, err := en.full.GivenFeatures(ctx, x.Claim, ps)
			if err != nil {
				return fmt.Errorf("example %s: %w", x.ID, err)
			}
			pf, err := en.plain.GivenFeatures(ctx, x.Claim, ps)
			if err != nil {
				return fmt.Errorf("example %s without vectors: %w", x.ID, err)
			}
			group, _, _ := strings.Cut(x.ID, "_") // one Wikipedia revision pair
			out = append(out, example{Set: set, ID: x.ID, Group: "vc:" + group, Label: label, F: f, Plain: plainOf(pf)})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// collectSample featurizes the sample drafts whole, as Check decomposes
// them, and labels each produced claim by the expected claim it overlaps.
// A contradicted expected claim split into parts labels only the part on
// which a conflict fired (the others may well be true); folds are drafts.
func collectSample(ctx context.Context, cfg config, en engines, s claims.Searcher) ([]example, error) {
	keys, err := filepath.Glob(filepath.Join(cfg.sample, "drafts", "*.expected.json"))
	if err != nil || len(keys) == 0 {
		return nil, fmt.Errorf("no answer keys in %s/drafts: %w", cfg.sample, err)
	}
	sort.Strings(keys)
	var out []example
	for _, kp := range keys {
		var key sampleKey
		if err := readJSONFile(kp, &key); err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(kp), ".expected.json")
		b, err := os.ReadFile(filepath.Join(cfg.sample, "drafts", name+".md"))
		if err != nil {
			return nil, fmt.Errorf("draft %s: %w", name, err)
		}
		draft := string(b)
		full, err := en.full.DraftFeatures(ctx, draft, s)
		if err != nil {
			return nil, fmt.Errorf("draft %s: %w", name, err)
		}
		plain, err := en.plain.DraftFeatures(ctx, draft, vectorless{s})
		if err != nil {
			return nil, fmt.Errorf("draft %s without vectors: %w", name, err)
		}
		if len(plain) != len(full) {
			return nil, fmt.Errorf("draft %s: %d claims with vectors, %d without", name, len(full), len(plain))
		}
		paragraphs := claims.SplitParagraphs(draft)
		for k, ec := range key.Claims {
			p := paragraphs[ec.Paragraph]
			i := strings.Index(p.Text, ec.Text)
			if i < 0 {
				return nil, fmt.Errorf("%s: %q not in paragraph %d", name, ec.Text, ec.Paragraph)
			}
			a, z := p.Start+i, p.Start+i+len(ec.Text)
			var over []int
			for j, f := range full {
				if f.Claim.Start < z && f.Claim.End > a {
					over = append(over, j)
				}
			}
			label := claims.Verdict(ec.Verdict)
			if label == claims.Contradicted && len(over) > 1 {
				over = conflicting(full, over)
			}
			for _, j := range over {
				out = append(out, example{Set: "sample", ID: fmt.Sprintf("%s#%d.%d", name, k, j), Group: name, Label: label, F: full[j], Plain: plainOf(plain[j])})
			}
		}
	}
	return out, nil
}

// conflicting keeps the parts with a conflict cue, or the first part.
func conflicting(fs []claims.ClaimFeatures, idx []int) []int {
	var out []int
	for _, j := range idx {
		if fs[j].Conflict {
			out = append(out, j)
		}
	}
	if len(out) == 0 {
		return idx[:1]
	}
	return out
}
