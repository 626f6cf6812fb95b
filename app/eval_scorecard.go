package app

import (
	"sort"

	"continuity/backend/eval"
	"continuity/backend/evalwire"
	"continuity/backend/scorecard"
)

func kvs(m map[string]string) []KVDTO {
	out := make([]KVDTO, 0, len(m))
	for k, v := range m {
		out = append(out, KVDTO{Key: k, Value: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func runDTO(r eval.Run) EvalRunDTO {
	d := EvalRunDTO{ID: r.ID, Status: r.Status, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, Engine: r.Engine,
		AnswerModel: r.AnswerModel, JudgeModel: r.JudgeModel, EmbedModel: r.EmbedModel, GoldenSet: r.GoldenSet,
		GoldenVersion: r.GoldenVersion, CorpusFingerprint: r.CorpusFingerprint, Questions: r.Questions, Repeat: r.Repeat,
		Settings: kvs(r.Settings), PromptVersions: kvs(r.PromptVersions), Notes: []string{}}
	if r.Status == eval.StatusRunning {
		d.Notes = append(d.Notes, "not finished: still running, or interrupted — resume it to finish")
	}
	d.Notes = append(d.Notes, r.Warnings()...) // e.g. a resume scored against a changed corpus
	return d
}

func scorecardDTO(c *evalwire.Card, results, base []eval.QuestionResult, baseRun *eval.Run) ScorecardDTO {
	sc := c.Scorecard
	out := ScorecardDTO{Run: runDTO(sc.Run), Ready: sc.Gate.Pass, GateFailures: sc.Gate.Failures, Errors: sc.Errors,
		ReviewCount: len(sc.Review), Tiles: []MetricTileDTO{}, Categories: []CategoryDTO{}, Questions: []EvalQuestionDTO{}, Trend: []TrendPointDTO{}}
	pass := sc.Gate.Pass
	out.Run.GatePass = &pass
	out.Run.Pinned = c.Pinned == sc.Run.ID

	// per-question changes against the baseline
	changes := map[string]map[string]scorecard.Change{}
	improved, regressed := map[string]int{}, map[string]int{}
	baseMeans := map[string]*float64{}
	if d := sc.Baseline; d != nil {
		add := func(ch scorecard.Change) {
			if changes[ch.QuestionID] == nil {
				changes[ch.QuestionID] = map[string]scorecard.Change{}
			}
			changes[ch.QuestionID][ch.Metric] = ch
		}
		for _, ch := range d.Regressions {
			add(ch)
			regressed[ch.Metric]++
		}
		for _, ch := range d.Improvements {
			add(ch)
			improved[ch.Metric]++
		}
		for _, m := range d.Metrics {
			baseMeans[m.Metric] = m.Baseline
		}
	}
	for _, m := range eval.AllMetrics {
		name := string(m)
		s := sc.Metrics[name]
		t := MetricTileDTO{Metric: name, Meaning: scorecard.Meaning(name, sc.Run.Engine), Mean: s.Mean, Threshold: s.Threshold,
			Measured: s.Measured, NotMeasured: s.NotMeasured, Flaky: s.Flaky, Baseline: baseMeans[name],
			Improved: improved[name], Regressed: regressed[name]}
		switch {
		case s.Mean == nil:
			t.Status = "not_measured"
		case s.Pass == nil:
			t.Status = "not_gated"
		case *s.Pass:
			t.Status = "pass"
		default:
			t.Status = "fail"
		}
		if s.Threshold != nil && s.Mean != nil {
			out.GateMetrics++
			if !*s.Pass {
				out.FailingMetrics++
			}
		}
		if t.Baseline != nil && t.Mean != nil {
			d := *t.Mean - *t.Baseline
			t.Delta = &d
		}
		out.Tiles = append(out.Tiles, t)
	}
	out.Categories = categoryDTOs(sc, results)
	out.Questions = questionDTOs(sc, results, base, changes)
	if d := sc.Baseline; d != nil && baseRun != nil {
		b := &BaselineDTO{RunID: d.BaselineRunID, StartedAt: baseRun.StartedAt, NewErrors: len(d.NewErrors), FixedErrors: len(d.FixedErrors)}
		for _, q := range out.Questions {
			switch q.Change {
			case "regressed":
				b.Regressions++
			case "improved":
				b.Improvements++
			}
		}
		out.Baseline = b
	}
	for _, p := range c.Trend {
		tp := TrendPointDTO{RunID: p.RunID, StartedAt: p.StartedAt, GatePass: p.GatePass, Errors: p.Errors, Means: []KVFDTO{}}
		for _, m := range eval.AllMetrics {
			if v := p.Means[string(m)]; v != nil {
				tp.Means = append(tp.Means, KVFDTO{Key: string(m), Value: *v})
			}
		}
		out.Trend = append(out.Trend, tp)
	}
	return out
}

func categoryDTOs(sc *scorecard.Scorecard, results []eval.QuestionResult) []CategoryDTO {
	n := map[string]int{}
	for _, r := range results {
		n[string(r.Category)]++
	}
	var out []CategoryDTO
	for _, cat := range []string{string(eval.Routine), string(eval.Tricky), string(eval.Refuse)} {
		ms, ok := sc.Categories[cat]
		if !ok {
			continue
		}
		c := CategoryDTO{Category: cat, N: n[cat], Metrics: []CategoryMetricDTO{}}
		for _, m := range eval.AllMetrics {
			s := ms[string(m)]
			if s.Measured == 0 {
				continue
			}
			c.Metrics = append(c.Metrics, CategoryMetricDTO{Metric: string(m), Mean: s.Mean, Threshold: s.Threshold, Measured: s.Measured})
		}
		out = append(out, c)
	}
	if out == nil {
		out = []CategoryDTO{}
	}
	return out
}

func questionDTOs(sc *scorecard.Scorecard, results, base []eval.QuestionResult, changes map[string]map[string]scorecard.Change) []EvalQuestionDTO {
	rows := map[string]scorecard.QuestionRow{}
	for _, q := range sc.Questions {
		rows[q.ID] = q
	}
	why := map[string][]string{}
	for _, r := range sc.Review {
		why[r.ID] = r.Why
	}
	baseBy := map[string]eval.QuestionResult{}
	for _, b := range base {
		baseBy[b.QuestionID] = b
	}
	newErr := map[string]bool{}
	if sc.Baseline != nil {
		for _, id := range sc.Baseline.NewErrors {
			newErr[id] = true
		}
	}
	out := make([]EvalQuestionDTO, 0, len(results))
	for _, r := range results {
		row := rows[r.QuestionID]
		q := EvalQuestionDTO{ID: r.QuestionID, Category: string(r.Category), Question: r.Question, Answer: r.Answer,
			Refused: r.Refused, Reference: r.Reference, SupportingLine: r.SupportingLine, Error: r.Error,
			References: []ReferenceDocDTO{}, Retrieved: []RetrievedDTO{}, Scores: []QuestionScoreDTO{},
			NotMeasured: []NotMeasuredDTO{}, Claims: []ClaimCheckDTO{}, Evidence: []string{}, Why: why[r.QuestionID]}
		if q.Why == nil {
			q.Why = []string{}
		}
		refs := map[string]bool{}
		for _, id := range r.ReferenceDocIDs {
			refs[id] = true
		}
		got := map[string]bool{}
		for i, p := range r.Retrieved {
			got[p.DocID] = true
			q.Retrieved = append(q.Retrieved, RetrievedDTO{Rank: i + 1, DocID: p.DocID, ChunkID: p.ChunkID, Title: p.Title, Text: p.Text, Hit: refs[p.DocID]})
		}
		for _, id := range r.ReferenceDocIDs {
			q.References = append(q.References, ReferenceDocDTO{DocID: id, Found: got[id]})
		}
		b, hasBase := baseBy[r.QuestionID]
		ch := changes[r.QuestionID]
		for _, m := range eval.AllMetrics {
			s, ok := r.Scores[m]
			if !ok {
				continue
			}
			qs := QuestionScoreDTO{Metric: string(m), Value: s.Value, Flaky: s.Flaky, Method: s.Method}
			for _, below := range row.Below {
				qs.Below = qs.Below || below == string(m)
			}
			if bs, ok := b.Scores[m]; ok && hasBase && b.Error == "" {
				v, d := bs.Value, s.Value-bs.Value
				qs.Baseline, qs.Delta = &v, &d
			}
			q.Scores = append(q.Scores, qs)
		}
		for _, m := range eval.AllMetrics {
			if nm, ok := r.NotMeasured[m]; ok {
				q.NotMeasured = append(q.NotMeasured, NotMeasuredDTO{Metric: string(m), Reason: nm.Reason})
			}
		}
		for _, c := range r.Claims {
			q.Claims = append(q.Claims, ClaimCheckDTO{Claim: c.Claim, Verdict: c.Verdict, Reason: c.Reason})
		}
		for _, m := range eval.AllMetrics {
			if e := r.Evidence[m]; e != "" {
				q.Evidence = append(q.Evidence, string(m)+": "+e)
			}
		}
		switch {
		case r.Error != "":
			q.Status = "error"
		case len(row.Below) > 0 || r.Scores[eval.RefusalCorrectness].Value < 1 && hasScore(r, eval.RefusalCorrectness):
			q.Status = "fail"
		default:
			q.Status = "pass"
		}
		if sc.Baseline != nil {
			q.BaselineAnswer = b.Answer
			q.Change = "same"
			switch {
			case !hasBase:
				q.Change = "new"
			case newErr[r.QuestionID]:
				q.Change, q.WorstDelta = "regressed", -1
			default:
				for _, c := range ch {
					if c.Delta < q.WorstDelta {
						q.WorstDelta = c.Delta
					}
					if c.Delta < 0 {
						q.Change = "regressed"
					} else if q.Change != "regressed" {
						q.Change = "improved"
					}
				}
			}
		}
		out = append(out, q)
	}
	return out
}

func hasScore(r eval.QuestionResult, m eval.Metric) bool { _, ok := r.Scores[m]; return ok }
