package eval

import (
	"context"
	"slices"
	"time"

	"continuity/backend/engine"
)

// evaluate produces one question's test log. Any failure (retrieval,
// answer, judge call or an unparsable judge reply) makes the question an
// error with no scores: a broken measurement is never a number.
func (r *Runner) evaluate(ctx context.Context, run Run, q Question) QuestionResult {
	res := QuestionResult{RunID: run.ID, QuestionID: q.ID, Category: q.Category, Question: q.Question,
		Reference: q.ApprovedAnswer, ReferenceDocIDs: q.ReferenceDocIDs, SupportingLine: q.SupportingLine,
		Engine: r.cfg.Engine, Scores: map[Metric]Score{}, NotMeasured: map[Metric]NotMeasured{},
		Evidence: map[Metric]string{}, PromptVersions: map[string]string{}, CorpusFingerprint: run.Corpus()}
	fail := func(err error) QuestionResult {
		res.Error = err.Error()
		res.Scores, res.NotMeasured = map[Metric]Score{}, map[Metric]NotMeasured{}
		return res
	}

	ps, a, shape, err := r.respond(ctx, q, &res)
	if err != nil {
		return fail(err)
	}
	res.Retrieved = ps
	res.Answer, res.Refused = a.Text, a.Refused

	set := func(m Metric, o outcome, method string) {
		if o.measured {
			res.Scores[m] = Score{Value: o.value, Method: method}
		} else {
			res.NotMeasured[m] = NotMeasured{Reason: o.reason}
		}
	}
	deterministic(q, a, ps, shape, &res, set)
	if r.cfg.Judge == JudgeNone {
		for _, m := range AllMetrics {
			if !slices.Contains(DeterministicMetrics, m) {
				set(m, notMeasured("not judged: the run uses --judge none (deterministic metrics only)"), "")
			}
		}
		return res
	}

	t2 := time.Now()
	if r.cfg.Engine == engine.Offline {
		err = r.offlineMetrics(ctx, q, a, ps, &res, set)
	} else {
		err = r.llmMetrics(ctx, q, a, ps, &res, set)
	}
	res.Timings.JudgeMS = time.Since(t2).Milliseconds()
	if err != nil {
		return fail(err)
	}
	if s, ok := res.Scores[ContextPrecision]; ok && s.Method == "ids" && !shape.HasIDs {
		delete(res.Scores, ContextPrecision) // ranked by reference IDs, which the target does not report
		set(ContextPrecision, notMeasured("the target reports no context ids, and context precision is ranked by them"), "ids")
	}
	return res
}

func (r *Runner) offlineMetrics(ctx context.Context, q Question, a Answer, ps []Passage, res *QuestionResult, set func(Metric, outcome, string)) error {
	set(ContextPrecision, idRankedPrecision(q.ReferenceDocIDs, ps), "ids")
	recall, why := similarityContextRecall(q, ps)
	set(ContextRecall, recall, "similarity")
	if why != "" {
		res.Evidence[ContextRecall] = why
	}
	faith, claims, err := verifierFaithfulness(ctx, r.deps.Verifier, a, ps)
	if err != nil {
		return err
	}
	set(Faithfulness, faith, "claim-engine")
	res.Claims = claims
	rel, relWhy, relMethod, err := offlineAnswerRelevancy(ctx, r.deps.Embedder, q, a, ps)
	if err != nil {
		return err
	}
	set(AnswerRelevancy, rel, relMethod)
	if relWhy != "" {
		res.Evidence[AnswerRelevancy] = relWhy
	}
	return nil
}

// repeated summarises repeat-N judge values: mean, spread, flaky.
func repeated(vals []float64, method string, flaky float64) Score {
	sum := 0.0
	for _, v := range vals {
		sum += v
	}
	s := Score{Value: sum / float64(len(vals)), Method: method}
	if len(vals) > 1 {
		s.Runs = vals
		s.Spread = slices.Max(vals) - slices.Min(vals)
		s.Flaky = s.Spread >= flaky
	}
	return s
}
