package eval

import (
	"container/heap"
	"time"

	"continuity/backend/engine"
)

// Pricing is a model's price in currency units per million tokens; zero
// means unknown, and the estimate then says so instead of showing 0.
type Pricing struct {
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
}

// EstimateInput describes what the estimate cannot know before retrieval.
type EstimateInput struct {
	AvgChunkTokens int           // 0 means 200
	PerCall        time.Duration // expected latency of one chat call; 0 means 2 s
	PerEmbedding   time.Duration // expected latency of one embedding batch; 0 means PerCall
	// CallSlots is how many calls the client keeps in flight; 0 means the
	// run's Concurrency, which is what callers wire it to.
	CallSlots         int
	RequestsPerMinute int // the endpoint's budget; 0 means none
	TokensPerMinute   int // the endpoint's budget; 0 means none
	Pricing           Pricing
}

// Estimate is shown before an LLM run starts.
type Estimate struct {
	Questions        int            `json:"questions"`
	CallsPerQuestion map[string]int `json:"calls_per_question"` // per prompt, for a routine question (upper bound)
	Calls            int            `json:"calls"`
	EmbeddingBatches int            `json:"embedding_batches"`
	InputTokens      int            `json:"input_tokens"`
	OutputTokens     int            `json:"output_tokens"`
	Cost             float64        `json:"cost"`
	CostKnown        bool           `json:"cost_known"`
	Seconds          float64        `json:"seconds"`
}

// Output token guesses per prompt, from the Sharovatov run's ratios.
var outputTokens = map[string]int{
	"eval.answer": 150, "eval.faithfulness": 300, "eval.context_recall": 220,
	"eval.context_recall_precision": 220 + 8*40, "eval.answer_relevancy": 120,
}

const promptOverheadTokens = 150 // system message and fences

// questionPlan is one question's calls and the steps on its critical path.
type questionPlan struct {
	calls    map[string]int
	inTok    map[string]int
	embeds   int
	duration time.Duration // answer, then the slowest judge of the parallel wave
}

// plan is what question q costs. Per routine/tricky question with repeat
// R: 1 answer + R faithfulness + R context recall (with precision when
// judged by LLM) + R answer relevancy and R embedding batches, i.e. 4
// chat calls at R=1; a refuse question needs 1 + R at most. The judges
// and their repeats run at once after the answer, so the critical path is
// the answer, one judge call and, for relevancy, its embedding batch.
func (r *Runner) plan(q Question, in EstimateInput, answers int) questionPlan {
	rep, ctxTok := r.cfg.Repeat, r.cfg.K*in.AvgChunkTokens
	qt, at, rt := tokens(q.Question), max(tokens(q.ApprovedAnswer), 60), tokens(q.ApprovedAnswer)
	p := questionPlan{
		calls:    map[string]int{"eval.answer": answers, "eval.faithfulness": rep},
		inTok:    map[string]int{"eval.answer": qt + ctxTok, "eval.faithfulness": qt + at + ctxTok},
		duration: time.Duration(answers)*in.PerCall + in.PerCall,
	}
	if q.Category != Refuse {
		ctxPrompt := "eval.context_recall"
		if r.cfg.LLMContextPrecision {
			ctxPrompt = "eval.context_recall_precision"
		}
		p.calls[ctxPrompt], p.inTok[ctxPrompt] = rep, qt+rt+ctxTok
		p.calls["eval.answer_relevancy"], p.inTok["eval.answer_relevancy"] = rep, at
		p.embeds = rep
		p.duration += in.PerEmbedding
	}
	return p
}

// Estimate counts calls, tokens, cost and time. The offline engine makes
// no calls. Time is the largest of three bounds: questions in flight
// (Concurrency workers, each taking its critical path), call slots (every
// call must pass through CallSlots), and the endpoint's per-minute
// budgets beyond the first minute's.
func (r *Runner) Estimate(qs []Question, in EstimateInput) Estimate {
	est := Estimate{Questions: len(qs), CallsPerQuestion: map[string]int{}}
	if r.cfg.Engine != engine.LLM {
		return est
	}
	if in.AvgChunkTokens <= 0 {
		in.AvgChunkTokens = 200
	}
	if in.PerCall <= 0 {
		in.PerCall = 2 * time.Second
	}
	if in.PerEmbedding <= 0 {
		in.PerEmbedding = in.PerCall
	}
	if in.CallSlots <= 0 {
		in.CallSlots = r.cfg.Concurrency
	}
	answers := 1 // a target answers for itself
	if r.deps.Target != nil {
		answers = 0
	}
	durations := make([]time.Duration, 0, len(qs))
	for _, q := range qs {
		p := r.plan(q, in, answers)
		if r.cfg.Judge == JudgeNone {
			p = questionPlan{calls: map[string]int{"eval.answer": answers}, inTok: p.inTok, duration: time.Duration(answers) * in.PerCall}
		}
		for prompt, c := range p.calls {
			if c == 0 {
				continue
			}
			est.Calls += c
			est.InputTokens += c * (p.inTok[prompt] + promptOverheadTokens)
			est.OutputTokens += c * outputTokens[prompt]
			if q.Category != Refuse || r.cfg.Judge == JudgeNone {
				est.CallsPerQuestion[prompt] = c
			}
		}
		est.EmbeddingBatches += p.embeds
		durations = append(durations, p.duration)
	}
	if in.Pricing.InputPerMTok > 0 || in.Pricing.OutputPerMTok > 0 {
		est.CostKnown = true
		est.Cost = (float64(est.InputTokens)*in.Pricing.InputPerMTok + float64(est.OutputTokens)*in.Pricing.OutputPerMTok) / 1e6
	}
	if est.Calls == 0 {
		return est
	}
	workers := poolTime(durations, r.cfg.Concurrency).Seconds()
	slots := (float64(est.Calls)*in.PerCall.Seconds() + float64(est.EmbeddingBatches)*in.PerEmbedding.Seconds()) / float64(in.CallSlots)
	budget := max(overBudget(est.Calls+est.EmbeddingBatches, in.RequestsPerMinute),
		overBudget(est.InputTokens+est.OutputTokens, in.TokensPerMinute))
	est.Seconds = max(workers, slots, budget)
	return est
}

// overBudget is the seconds a per-minute budget adds: the first minute's
// worth goes at once (the limiter's burst), the rest at the budget's rate.
func overBudget(n, perMinute int) float64 {
	if perMinute <= 0 || n <= perMinute {
		return 0
	}
	return float64(n-perMinute) * 60 / float64(perMinute)
}

// poolTime is when the last of ds finishes on n workers taking them in
// order, each as soon as a worker is free: how the runner feeds questions.
func poolTime(ds []time.Duration, n int) time.Duration {
	free := make(durationHeap, max(1, min(n, len(ds))))
	var end time.Duration
	for _, d := range ds {
		t := free[0] + d
		free[0] = t
		heap.Fix(&free, 0)
		end = max(end, t)
	}
	return end
}

type durationHeap []time.Duration

func (h durationHeap) Len() int           { return len(h) }
func (h durationHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h durationHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *durationHeap) Push(x any)        { *h = append(*h, x.(time.Duration)) }
func (h *durationHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// tokens approximates a token count as four characters per token.
func tokens(s string) int { return (len(s) + 3) / 4 }

// EstimateRun is Estimate without a runner, for showing the cost before
// the parts a run needs (an API key, an index) are set up.
func EstimateRun(cfg Config, qs []Question, in EstimateInput) Estimate {
	return (&Runner{cfg: cfg.withDefaults()}).Estimate(qs, in)
}
