package scoreview

import (
	"sort"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
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
	d := EvalRunDTO{ID: r.ID, Status: r.Status, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, Engine: r.Engine.String(),
		AnswerModel: r.AnswerModel, JudgeModel: r.JudgeModel, EmbedModel: r.EmbedModel, GoldenSet: r.GoldenSet,
		GoldenVersion: r.GoldenVersion, CorpusFingerprint: r.CorpusFingerprint, Questions: r.Questions, Repeat: r.Repeat,
		Settings: kvs(r.Settings), PromptVersions: kvs(r.PromptVersions), Notes: []string{}}
	if r.Status == eval.StatusRunning {
		d.Notes = append(d.Notes, "not finished: still running, or interrupted — resume it to finish")
	}
	d.Notes = append(d.Notes, r.Warnings()...) // e.g. a resume scored against a changed corpus
	return d
}

func scorecardDTO(c *evalrun.Card, results, base []eval.QuestionResult, baseRun *eval.Run) ScorecardDTO {
	sc := c.Scorecard
	out := ScorecardDTO{Run: runDTO(sc.Run), Ready: sc.Gate.Pass, GateFailures: sc.Gate.Failures, Errors: sc.Errors,
		ReviewCount: len(sc.Review), Tiles: []MetricTileDTO{}, Categories: []CategoryDTO{}, Questions: []EvalQuestionDTO{}, Trend: []TrendPointDTO{}}
	pass := sc.Gate.Pass
	out.Run.GatePass = &pass
	out.Run.Pinned = c.Pinned == sc.Run.ID

	// per-metric movements against the baseline, as scorecard.Compare classified them
	improved, regressed := map[string]int{}, map[string]int{}
	means := map[string]scorecard.MetricDelta{}
	if d := sc.Baseline; d != nil {
		for _, ch := range d.Regressions {
			regressed[ch.Metric]++
		}
		for _, ch := range d.Improvements {
			improved[ch.Metric]++
		}
		for _, m := range d.Metrics {
			means[m.Metric] = m
		}
	}
	for _, m := range eval.AllMetrics {
		if m == eval.SchemaValidity && sc.Run.Target == nil {
			continue // only a target's replies are schema-checked; the built-in pipeline never has a value
		}
		name := string(m)
		s := sc.Metrics[name]
		st := s.Status()
		t := MetricTileDTO{Metric: name, Meaning: scorecard.Meaning(name, sc.Run.Engine), Mean: s.Mean, Threshold: s.Threshold,
			Status: string(st), Measured: s.Measured, NotMeasured: s.NotMeasured, Flaky: s.Flaky,
			Baseline: means[name].Baseline, Delta: means[name].Delta, Improved: improved[name], Regressed: regressed[name]}
		if st.Gated() {
			out.GateMetrics++
			if st == scorecard.StatusFail {
				out.FailingMetrics++
			}
		}
		out.Tiles = append(out.Tiles, t)
	}
	for _, q := range sc.Questions {
		if q.Status() != scorecard.QuestionPass {
			out.FailingQuestions++
		}
	}
	out.Categories = categoryDTOs(sc, results)
	out.Questions = questionDTOs(sc, results, base)
	if d := sc.Baseline; d != nil && baseRun != nil {
		b := &BaselineDTO{RunID: d.BaselineRunID, StartedAt: baseRun.StartedAt, NewErrors: len(d.NewErrors), FixedErrors: len(d.FixedErrors),
			AnswersChanged: d.Summary.AnswersChanged, ContradictsApproved: d.Summary.ContradictsApproved}
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

// changeWords are the view's names of a question's movement.
var changeWords = map[scorecard.Movement]string{scorecard.MoveImproved: "improved", scorecard.MoveRegressed: "regressed",
	scorecard.MoveUnchanged: "same", scorecard.MoveNew: "new", scorecard.MoveNotMeasured: "not_measured"}

func questionDTOs(sc *scorecard.Scorecard, results, base []eval.QuestionResult) []EvalQuestionDTO {
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
	var moves map[string]scorecard.QuestionChange
	if sc.Baseline != nil {
		moves = sc.Baseline.ByQuestion()
	}
	out := make([]EvalQuestionDTO, 0, len(results))
	for _, r := range results {
		row := rows[r.QuestionID]
		q := EvalQuestionDTO{ID: r.QuestionID, Category: string(r.Category), Question: r.Question, Answer: r.Answer,
			Refused: r.Refused, Reference: r.Reference, SupportingLine: r.SupportingLine, Error: r.Error,
			Status: string(row.Status()), References: []ReferenceDocDTO{}, Retrieved: []RetrievedDTO{}, Scores: []QuestionScoreDTO{},
			NotMeasured: []NotMeasuredDTO{}, Claims: []ClaimCheckDTO{}, Evidence: []string{}, Why: why[r.QuestionID], ContradictedClaims: []string{}}
		if q.Why == nil {
			q.Why = []string{}
		}
		if c := row.ApprovedContradicted; c != nil {
			q.ApprovedContradicted = scorecard.ApprovedContradictedFailure(r.QuestionID, *c)
			q.ApprovedContradiction = &ApprovedContradictionDTO{Kind: c.Kind, Claim: c.Claim, DocID: c.DocID, ChunkID: c.ChunkID,
				Passage: c.Passage, Confidence: c.Confidence}
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
		if mv, ok := moves[r.QuestionID]; ok {
			q.BaselineAnswer = b.Answer
			q.Change, q.WorstDelta = changeWords[mv.Movement], mv.WorstDelta
			q.AnswerChanged, q.ContradictsApproved = mv.AnswerChanged, mv.ContradictsApproved
			if mv.ContradictedClaims != nil {
				q.ContradictedClaims = mv.ContradictedClaims
			}
		}
		out = append(out, q)
	}
	return out
}

// ShortHash is what a person compares: the first 12 hex digits.
func ShortHash(h string) string { return h[:min(len(h), 12)] }

// Run is a run's record with what answered and judged it.
func Run(r eval.Run) EvalRunDTO {
	d := runDTO(r)
	d.Target, d.Judge = target(r), r.JudgeOf()
	return d
}

// target is the run's target as recorded: no header or token is ever
// part of it.
func target(r eval.Run) EvalRunTargetDTO {
	t := r.Target
	if t == nil {
		return EvalRunTargetDTO{Kind: eval.TargetBuiltin, Label: "built-in pipeline"}
	}
	return EvalRunTargetDTO{Kind: t.Kind, URL: t.URL, Method: t.Method, File: t.File, SHA256: t.SHA256,
		ShortHash: ShortHash(t.SHA256), Refusal: t.Refusal, Label: t.String()}
}
