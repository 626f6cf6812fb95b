package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
)

type beirQuery struct {
	ID       string          `json:"_id"`
	Text     string          `json:"text"`
	Metadata json.RawMessage `json:"metadata"`
}

// docEvidence is one abstract's SciFact rationale sets for a claim.
type docEvidence struct {
	Doc   string
	Label claims.Verdict
	Mixed bool // its rationale sets disagree; the first one's label is kept
}

var scifactLabels = map[string]claims.Verdict{"SUPPORT": claims.Supported, "CONTRADICT": claims.Contradicted}

// parseEvidence reads a query's metadata keeping the documents in file
// order: "the first doc's label" decides a claim whose documents disagree,
// and a Go map would lose that order.
func parseEvidence(raw json.RawMessage) ([]docEvidence, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("metadata is not an object: %v %w", tok, err)
	}
	var out []docEvidence
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("metadata key: %w", err)
		}
		doc, _ := tok.(string)
		var sets []struct{ Label string }
		if err := dec.Decode(&sets); err != nil {
			return nil, fmt.Errorf("metadata of doc %s: %w", doc, err)
		}
		if len(sets) == 0 {
			continue
		}
		d := docEvidence{Doc: doc, Label: scifactLabels[sets[0].Label]}
		if d.Label == "" {
			return nil, fmt.Errorf("doc %s: unknown label %q", doc, sets[0].Label)
		}
		for _, s := range sets[1:] {
			d.Mixed = d.Mixed || scifactLabels[s.Label] != d.Label
		}
		out = append(out, d)
	}
	return out, nil
}

// runSciFact checks each SciFact test claim against the whole corpus.
func (r *runner) runSciFact(ctx context.Context) (setResult, error) {
	dir := filepath.Join(r.cfg.bench, "scifact")
	content := filepath.Join(r.cfg.workdir, "scifact-content", "content")
	docs, err := benchdata.WriteSciFactContent(content, filepath.Join(dir, "corpus.jsonl"))
	if err != nil {
		return setResult{}, err
	}
	ids, _, err := benchdata.ReadQrels(filepath.Join(dir, "qrels", "test.tsv"))
	if err != nil {
		return setResult{}, err
	}
	queries := map[string]beirQuery{}
	if err := benchdata.ReadJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirQuery) error { queries[q.ID] = q; return nil }); err != nil {
		return setResult{}, err
	}
	logf("scifact: indexing %d abstracts (first run with USE-lite: minutes)", docs)
	ci, err := openIndex(ctx, r.dataDir("scifact"), content, r.emb)
	if err != nil {
		return setResult{}, err
	}
	defer ci.close()
	res := setResult{Split: fmt.Sprintf("SciFact test split (qrels/test.tsv, %d claims) against all %d abstracts (%d chunks)", len(ids), ci.docs, ci.chunks),
		Engine: r.engineName(), Embedder: ci.embedder, M: confusion{}}
	e, s := r.engine(), check.NewSearcher(ci.ix)
	var gold, pred []triple
	mixedClaims, mixedDocs, withEvidence, retrieved := 0, 0, 0, 0
	for i, id := range ids {
		if i%50 == 0 {
			logf("scifact: claim %d of %d", i+1, len(ids))
		}
		q, ok := queries[id]
		if !ok {
			return setResult{}, fmt.Errorf("test query %s not in queries.jsonl", id)
		}
		ev, err := parseEvidence(q.Metadata)
		if err != nil {
			return setResult{}, fmt.Errorf("query %s: %w", id, err)
		}
		want := claims.NotCovered
		goldDocs := map[string]bool{}
		mixed := false
		for j, d := range ev {
			if j == 0 {
				want = d.Label
			}
			mixed = mixed || d.Label != want
			if d.Mixed {
				mixedDocs++
			}
			goldDocs[d.Doc] = true
			gold = append(gold, triple{id, d.Doc, d.Label})
		}
		if mixed {
			mixedClaims++
		}
		rep, err := checkDraft(ctx, e, s, q.Text)
		if err != nil {
			return setResult{}, fmt.Errorf("claim %s: %w", id, err)
		}
		got, conf := aggregateConf(rep.Results)
		res.record(want, got, conf)
		res.cite(rep.Results...)
		pred = append(pred, predictedTriples(id, got, rep.Results)...)
		if len(ev) > 0 {
			withEvidence++
			if retrievedAny(rep, goldDocs) {
				retrieved++
			}
		}
		if got != want {
			res.Details = append(res.Details, fmt.Sprintf("%s gold %s got %s: %s || %s", id, want, got, q.Text, explain(rep.Results)))
		}
	}
	ts := scoreTriples(gold, pred)
	c := res.M.score(claims.Contradicted)
	res.Notes = append(res.Notes,
		fmt.Sprintf("contradicted recall %s, precision %s", c.Recall, c.Precision),
		fmt.Sprintf("abstract label-only (SciFact): P %s, R %s, F1 %s (%d of %d predicted (claim, abstract, label) triples are gold; %d gold triples; at most 3 abstracts per claim, from the deciding evidence)", ts.P, ts.R, ts.F1, ts.TP, ts.Pred, ts.Gold),
		fmt.Sprintf("a gold abstract was among the retrieved passages for %d of %d claims with evidence", retrieved, withEvidence),
		fmt.Sprintf("claims whose abstracts disagree (first abstract's label kept): %d; abstracts whose rationale sets disagree (first kept): %d", mixedClaims, mixedDocs))
	return res, nil
}

// predictedTriples are SciFact's predicted (claim, abstract, label)
// triples: the documents cited by the results carrying the claim's
// verdict, first three distinct (SciFact's cap on retrieved abstracts).
func predictedTriples(id string, got claims.Verdict, rs []claims.Result) []triple {
	if got != claims.Supported && got != claims.Contradicted {
		return nil
	}
	var out []triple
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Verdict != got {
			continue
		}
		for _, e := range r.Evidence {
			if !seen[e.DocID] && len(out) < 3 {
				seen[e.DocID] = true
				out = append(out, triple{id, e.DocID, got})
			}
		}
	}
	return out
}

func retrievedAny(rep claims.Report, docs map[string]bool) bool {
	for _, ps := range rep.Retrieved {
		for _, p := range ps {
			if docs[p.DocID] {
				return true
			}
		}
	}
	return false
}
