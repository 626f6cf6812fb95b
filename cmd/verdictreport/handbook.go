package main

import (
	"context"
	"continuity/cmd/internal/benchdata"
	"fmt"
	"path/filepath"
	"strings"

	"continuity/backend/check"
	"continuity/backend/claims"
)

// handbookClaim is one row of handbook-dev's claims.jsonl.
type handbookClaim struct {
	ID       string `json:"id"`
	Claim    string `json:"claim"`
	Label    string `json:"label"`
	Doc      string `json:"doc"`
	Evidence string `json:"evidence"`
	Kind     string `json:"kind"`
}

var handbookLabels = map[string]claims.Verdict{"SUPPORTED": claims.Supported, "CONTRADICTED": claims.Contradicted, "NOT_COVERED": claims.NotCovered}

// contradictedKinds are SOURCE.md's kinds of changed fact, in its order.
var contradictedKinds = []string{"number", "entity", "duration", "date", "negation", "other"}

func readHandbookClaims(bench string) ([]handbookClaim, map[string]handbookClaim, error) {
	var out []handbookClaim
	byID := map[string]handbookClaim{}
	err := benchdata.ReadJSONL(filepath.Join(bench, "handbook-dev", "claims.jsonl"), func(c handbookClaim) error {
		if _, ok := handbookLabels[c.Label]; !ok {
			return fmt.Errorf("claim %s: unknown label %q", c.ID, c.Label)
		}
		out = append(out, c)
		byID[c.ID] = c
		return nil
	})
	return out, byID, err
}

// Where the evidence of a contradicted verdict comes from, against the gold
// evidence sentence; anything but the first is a contradiction drawn from
// the wrong subject.
const (
	atGoldSentence = "gold evidence sentence"
	atGoldDoc      = "gold doc, other passage"
	atOtherDoc     = "another doc only"
	atNothing      = "no evidence cited"
)

var evidencePlaces = []string{atGoldSentence, atGoldDoc, atOtherDoc, atNothing}

// evidencePlace classifies the evidence of the contradicted results rs.
func evidencePlace(g handbookClaim, rs []claims.Result) string {
	place := atNothing
	for _, r := range rs {
		if r.Verdict != claims.Contradicted {
			continue
		}
		for _, e := range r.Evidence {
			switch {
			case e.DocID == g.Doc && sameSentence(e.Quote, g.Evidence):
				return atGoldSentence
			case e.DocID == g.Doc:
				place = atGoldDoc
			case place == atNothing:
				place = atOtherDoc
			}
		}
	}
	return place
}

// placeCounts counts contradicted verdicts by gold label and evidence place.
type placeCounts map[claims.Verdict]map[string]int

func (p placeCounts) add(gold claims.Verdict, place string) {
	if p[gold] == nil {
		p[gold] = map[string]int{}
	}
	p[gold][place]++
}

func (p placeCounts) table() table {
	t := table{Title: "Contradicted verdicts by where their evidence is (rows gold label)", Head: append([]string{"gold"}, evidencePlaces...)}
	for _, l := range labels {
		row := []string{string(l)}
		for _, pl := range evidencePlaces {
			row = append(row, fmt.Sprint(p[l][pl]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// wrongSubject is the note: contradicted verdicts whose evidence is not
// the gold sentence (gold not-covered claims have none, so all of theirs).
func (p placeCounts) wrongSubject() string {
	all, wrong, other := 0, 0, 0
	for _, byPlace := range p {
		for pl, n := range byPlace {
			all += n
			if pl != atGoldSentence {
				wrong += n
			}
			if pl == atOtherDoc {
				other += n
			}
		}
	}
	return fmt.Sprintf("wrong subject: %d of %d contradicted verdicts cite no passage overlapping the gold evidence sentence (%d cite only documents other than the claim's doc)", wrong, all, other)
}

// firstDoc is the document of the first evidence of a result with
// verdict v (score.py's "doc" of a prediction).
func firstDoc(rs []claims.Result, v claims.Verdict) string {
	for _, r := range rs {
		if r.Verdict == v && len(r.Evidence) > 0 {
			return r.Evidence[0].DocID
		}
	}
	return ""
}

func explain(rs []claims.Result) string {
	var parts []string
	for _, r := range rs {
		ev := ""
		if len(r.Evidence) > 0 {
			ev = fmt.Sprintf(" [%s: %q]", r.Evidence[0].DocID, clip(r.Evidence[0].Quote, 100))
		}
		parts = append(parts, fmt.Sprintf("%s: %s%s", r.Verdict, r.Explanation, ev))
	}
	return strings.Join(parts, " | ")
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// runHandbook checks each claim of claims.jsonl as a one-sentence draft.
func (r *runner) runHandbook(ctx context.Context) (setResult, error) {
	cl, _, err := readHandbookClaims(r.cfg.bench)
	if err != nil {
		return setResult{}, err
	}
	ci, err := r.handbookIndex(ctx)
	if err != nil {
		return setResult{}, err
	}
	res := setResult{Split: fmt.Sprintf("handbook-dev claims.jsonl, every claim as a one-sentence draft (%d claims; %d docs, %d chunks indexed)", len(cl), ci.docs, ci.chunks),
		Engine: r.engineName(), Embedder: ci.embedder, M: confusion{}}
	e, s := r.engine(), check.NewSearcher(ci.ix)
	kinds := newRecallBy(contradictedKinds...)
	places := placeCounts{}
	docHit, docN := 0, 0
	for i, c := range cl {
		if i%25 == 0 {
			logf("handbook: claim %d of %d", i+1, len(cl))
		}
		rep, err := checkDraft(ctx, e, s, c.Claim)
		if err != nil {
			return setResult{}, fmt.Errorf("claim %s: %w", c.ID, err)
		}
		gold := handbookLabels[c.Label]
		got, conf := aggregateConf(rep.Results)
		res.record(gold, got, conf)
		res.cite(rep.Results...)
		if gold == claims.Contradicted {
			kinds.add(c.Kind, got == claims.Contradicted)
		}
		if got == claims.Contradicted {
			places.add(gold, evidencePlace(c, rep.Results))
		}
		if got == gold && gold != claims.NotCovered {
			docN++
			if firstDoc(rep.Results, got) == c.Doc {
				docHit++
			}
		}
		if got != gold {
			res.Details = append(res.Details, fmt.Sprintf("%s %s gold %s got %s: %s || %s", c.ID, c.Kind, gold, got, c.Claim, explain(rep.Results)))
		}
	}
	res.Notes = append(res.Notes, places.wrongSubject(),
		fmt.Sprintf("doc accuracy (correct supported/contradicted verdicts whose first evidence is the gold doc): %d/%d = %s", docHit, docN, ratio(docHit, docN)))
	res.Tables = append(res.Tables, kinds.table("Contradicted recall by kind", "kind"), places.table())
	return res, nil
}
