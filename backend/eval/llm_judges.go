package eval

import (
	"context"
	"errors"
	"sync"
)

// judgeTask is one judge of the LLM engine: a call (or a call and an
// embedding) that scores one or more metrics.
type judgeTask struct {
	metrics []Metric
	methods []string
	run     func(ctx context.Context, g *judging) ([]outcome, error)
}

// judgeTasks are the judges a question needs: faithfulness, context
// recall (with context precision when it is judged by the LLM), answer
// relevancy. Each is one chat call, so a routine question costs the
// answer and three judge calls per repeat.
func (r *Runner) judgeTasks(q Question, a Answer, ps []Passage) []judgeTask {
	ctxMetrics := judgeTask{metrics: []Metric{ContextRecall}, methods: []string{"llm"},
		run: func(ctx context.Context, g *judging) ([]outcome, error) {
			rec, _, err := g.contextMetrics(ctx, q, ps, false)
			return []outcome{rec}, err
		}}
	if r.cfg.LLMContextPrecision {
		ctxMetrics = judgeTask{metrics: []Metric{ContextRecall, ContextPrecision}, methods: []string{"llm", "llm"},
			run: func(ctx context.Context, g *judging) ([]outcome, error) {
				rec, prec, err := g.contextMetrics(ctx, q, ps, true)
				return []outcome{rec, prec}, err
			}}
	}
	return []judgeTask{
		{metrics: []Metric{Faithfulness}, methods: []string{"llm"}, run: func(ctx context.Context, g *judging) ([]outcome, error) {
			o, err := g.faithfulness(ctx, q, a, ps)
			return []outcome{o}, err
		}},
		ctxMetrics,
		{metrics: []Metric{AnswerRelevancy}, methods: []string{"llm+embedding"}, run: func(ctx context.Context, g *judging) ([]outcome, error) {
			o, err := g.answerRelevancy(ctx, r.deps.Embedder, q, a)
			return []outcome{o}, err
		}},
	}
}

// judged is one repeat of one task.
type judged struct {
	g   judging
	out []outcome
	err error
}

// llmMetrics runs every judge, and every repeat of it, at once: the
// answer exists, and no judge needs another's reply, so a question takes
// the time of its slowest judge instead of the sum of all of them. The
// log and the scores are merged in task and repeat order, so they do not
// depend on which reply came first. The first failure cancels the rest.
func (r *Runner) llmMetrics(ctx context.Context, q Question, a Answer, ps []Passage, res *QuestionResult, set func(Metric, outcome, string)) error {
	tasks := r.judgeTasks(q, a, ps)
	if !r.cfg.LLMContextPrecision {
		set(ContextPrecision, idRankedPrecision(q.ReferenceDocIDs, ps), "ids")
	}
	rep := r.cfg.Repeat
	done := make([]judged, len(tasks)*rep)
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for i := range done {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := &done[i]
			d.g.j = r.deps.Judge
			d.out, d.err = tasks[i/rep].run(jctx, &d.g)
			if d.err != nil {
				cancel()
			}
		}()
	}
	wg.Wait()

	var all judging
	var firstErr, cancelled error
	for i := range done {
		all.merge(&done[i].g)
		switch err := done[i].err; {
		case err == nil:
		case errors.Is(err, context.Canceled) && ctx.Err() == nil:
			cancelled = cmpOr(cancelled, err) // a sibling's failure stopped it
		default:
			firstErr = cmpOr(firstErr, err)
		}
	}
	res.Calls = append(res.Calls, all.calls...)
	res.JudgeModel = all.model
	res.Tokens.InputTokens += all.usage.InputTokens
	res.Tokens.OutputTokens += all.usage.OutputTokens
	for _, c := range all.calls {
		res.PromptVersions[c.Prompt] = c.PromptVersion
	}
	if err := cmpOr(firstErr, cancelled); err != nil {
		return err
	}
	for t, task := range tasks {
		for m, metric := range task.metrics {
			var vals []float64
			var last outcome
			for k := range rep {
				o := done[t*rep+k].out[m]
				last = o
				if !o.measured {
					break // a precheck or an empty reply: the metric is not measured
				}
				vals = append(vals, o.value)
			}
			if len(vals) == 0 {
				set(metric, last, task.methods[m])
				continue
			}
			res.Scores[metric] = repeated(vals, task.methods[m], r.cfg.FlakySpread)
		}
	}
	return nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
