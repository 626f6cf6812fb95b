package eval

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// respond gets a question's passages and answer: from the target when the
// run has one, else from the built-in retriever and answerer. shape says
// what the reply reports, for the deterministic metrics.
func (r *Runner) respond(ctx context.Context, q Question, res *QuestionResult) ([]Passage, Answer, Response, error) {
	if r.deps.Target != nil {
		t0 := time.Now()
		resp, err := r.deps.Target.Respond(ctx, q)
		res.Timings.AnswerMS = time.Since(t0).Milliseconds()
		res.AnswerModel = resp.Model
		if err != nil {
			return nil, Answer{}, resp, fmt.Errorf("target: %w", err)
		}
		ps := resp.Contexts
		if ps == nil {
			ps = []Passage{}
		}
		return ps, Answer{Text: resp.Answer, Refused: resp.Refused, Model: resp.Model}, resp, nil
	}
	builtin := Response{HasContexts: true, HasIDs: true, RefusalKnown: true, builtin: true}
	t0 := time.Now()
	ps, err := r.deps.Retriever.Search(ctx, q.Question, r.cfg.K)
	res.Timings.RetrieveMS = time.Since(t0).Milliseconds()
	if err != nil {
		return nil, Answer{}, builtin, fmt.Errorf("retrieve: %w", err)
	}
	t1 := time.Now()
	a, err := r.deps.Answerer.Answer(ctx, q.Question, ps)
	res.Timings.AnswerMS = time.Since(t1).Milliseconds()
	res.AnswerModel, res.PromptVersions["eval.answer"] = a.Model, a.PromptVersion
	res.Tokens = a.Usage
	if err != nil {
		return nil, Answer{}, builtin, err
	}
	return ps, a, builtin, nil
}

// deterministic sets the metrics that need no model: ID recall and
// precision, supporting-line recall, refusal correctness and (for a
// target) the schema checks. A metric the reply gives nothing to compute
// from is not measured, with the reason.
func deterministic(q Question, a Answer, ps []Passage, shape Response, res *QuestionResult, set func(Metric, outcome, string)) {
	if shape.HasIDs {
		docIDs := res.RetrievedDocIDs()
		set(IDContextRecall, idContextRecall(q.ReferenceDocIDs, docIDs), "ids")
		set(IDContextPrecision, idContextPrecision(q.ReferenceDocIDs, docIDs), "ids")
	} else {
		why := notMeasured("the target reports no context ids (set context_ids in the target file, or a retrieved_context_ids column)")
		set(IDContextRecall, why, "ids")
		set(IDContextPrecision, why, "ids")
	}
	if shape.HasContexts {
		line, chunk := supportingLineRecall(q.SupportingLine, ps)
		set(SupportingLineRecall, line, "exact-line")
		if chunk != "" {
			res.Evidence[SupportingLineRecall] = "supporting line found in chunk " + chunk
		}
	} else {
		set(SupportingLineRecall, notMeasured("the target reports no context texts (set contexts in the target file, or a retrieved_contexts column)"), "exact-line")
	}
	set(RefusalCorrectness, refusalCorrectness(q, a, shape), "refusal")
	if shape.builtin {
		set(SchemaValidity, notMeasured("the built-in pipeline's replies are typed; schema checks apply to a target's replies"), "schema")
		return
	}
	o, why := schemaCheck(q, a, ps, shape)
	set(SchemaValidity, o, "schema")
	if why != "" {
		res.Evidence[SchemaValidity] = why
	}
}

func refusalCorrectness(q Question, a Answer, shape Response) outcome {
	switch {
	case q.Category != Refuse:
		return notMeasured("not a refuse question")
	case !shape.RefusalKnown:
		return notMeasured("the target has no refusal pattern (set refusal in the target file, or --refusal)")
	case a.Refused:
		return measured(1)
	}
	return measured(0)
}

// schemaCheck is 1 when the reply is complete: a non-empty answer and,
// unless it is a refusal, contexts and one non-empty id per context (for
// what the target reports at all); else 0 with what failed.
func schemaCheck(q Question, a Answer, ps []Passage, shape Response) (outcome, string) {
	var failed []string
	if strings.TrimSpace(a.Text) == "" {
		failed = append(failed, "the answer is empty")
	}
	if !a.Refused && q.Category != Refuse {
		if shape.HasContexts && !anyText(ps) {
			failed = append(failed, "no contexts were returned")
		}
		if shape.HasIDs {
			ids, empty := 0, 0
			for _, p := range ps {
				if strings.TrimSpace(p.DocID) == "" {
					empty++
				} else {
					ids++
				}
			}
			switch {
			case ids == 0:
				failed = append(failed, "no context ids were returned")
			case empty > 0:
				failed = append(failed, fmt.Sprintf("%d of %d contexts have no id", empty, len(ps)))
			}
		}
	}
	if len(failed) > 0 {
		return measured(0), "schema: " + strings.Join(failed, "; ")
	}
	return measured(1), ""
}

func anyText(ps []Passage) bool {
	for _, p := range ps {
		if strings.TrimSpace(p.Text) != "" {
			return true
		}
	}
	return false
}
