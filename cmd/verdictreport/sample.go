package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"continuity/backend/check"
	"continuity/backend/claims"
)

type sampleClaim struct {
	Paragraph int    `json:"paragraph"`
	Text      string `json:"text"`
	Verdict   string `json:"verdict"`
}

type sampleKey struct {
	Draft  string        `json:"draft"`
	Claims []sampleClaim `json:"claims"`
}

// runSample scores the sample drafts against their answer keys with
// backend/claims/eval_test.go's rule: each expected claim is found in its
// paragraph and takes the verdict of the produced claims overlapping it.
func (r *runner) runSample(ctx context.Context) (setResult, error) {
	keys, err := filepath.Glob(filepath.Join(r.cfg.sample, "drafts", "*.expected.json"))
	if err != nil || len(keys) == 0 {
		return setResult{}, fmt.Errorf("no answer keys in %s/drafts (run from the repository root or set -sample): %w", r.cfg.sample, err)
	}
	sort.Strings(keys)
	ci, err := openIndex(ctx, r.dataDir("sample"), filepath.Join(r.cfg.sample, "content"), r.emb)
	if err != nil {
		return setResult{}, err
	}
	defer ci.close()
	res := setResult{Engine: r.engineName(), Embedder: ci.embedder, M: confusion{}}
	e, s := r.engine(), check.NewSearcher(ci.ix)
	unkeyed, n := 0, 0
	var drafts []string
	for _, kp := range keys {
		var key sampleKey
		b, err := os.ReadFile(kp)
		if err == nil {
			err = json.Unmarshal(b, &key)
		}
		if err != nil {
			return setResult{}, fmt.Errorf("answer key %s: %w", kp, err)
		}
		name := strings.TrimSuffix(filepath.Base(kp), ".expected.json")
		db, err := os.ReadFile(filepath.Join(r.cfg.sample, "drafts", name+".md"))
		if err != nil {
			return setResult{}, fmt.Errorf("draft %s: %w", name, err)
		}
		draft := string(db)
		drafts = append(drafts, draft)
		rep, err := checkDraft(ctx, e, s, draft)
		if err != nil {
			return setResult{}, fmt.Errorf("draft %s: %w", name, err)
		}
		paragraphs := claims.SplitParagraphs(draft)
		used := map[int]bool{}
		for _, ec := range key.Claims {
			n++
			if ec.Paragraph >= len(paragraphs) {
				return setResult{}, fmt.Errorf("%s: paragraph %d out of range", name, ec.Paragraph)
			}
			p := paragraphs[ec.Paragraph]
			i := strings.Index(p.Text, ec.Text)
			if i < 0 {
				return setResult{}, fmt.Errorf("%s: %q not in paragraph %d", name, ec.Text, ec.Paragraph)
			}
			over, idx := overlapping(rep.Results, p.Start+i, p.Start+i+len(ec.Text))
			for _, j := range idx {
				used[j] = true
			}
			want := claims.Verdict(ec.Verdict)
			got, conf := aggregateConf(over)
			if !want.Valid() {
				return setResult{}, fmt.Errorf("%s: unknown verdict %q", name, ec.Verdict)
			}
			res.record(want, got, conf)
			if got != want {
				res.Details = append(res.Details, fmt.Sprintf("MISS %s p%d gold %s got %s: %s || %s", name, ec.Paragraph, want, got, ec.Text, explain(over)))
			}
		}
		res.cite(rep.Results...)
		for j, pr := range rep.Results {
			if !used[j] && pr.Verdict == claims.Contradicted {
				unkeyed++
				res.Details = append(res.Details, fmt.Sprintf("UNKEYED contradicted %s p%d: %s || %s", name, pr.Paragraph, pr.Text, pr.Explanation))
			}
		}
	}
	res.Split = fmt.Sprintf("sample drafts (%s/drafts, %d drafts, %d keyed claims) against %s/content (%d docs indexed)", r.cfg.sample, len(keys), n, r.cfg.sample, ci.docs)
	res.Notes = append(res.Notes, fmt.Sprintf("unkeyed contradicted claims (produced, overlapping no keyed claim): %d", unkeyed))
	timing, err := checkTime(ctx, e, s, drafts)
	if err != nil {
		return setResult{}, err
	}
	res.Notes = append(res.Notes, timing)
	return res, nil
}
