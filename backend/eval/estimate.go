package eval

import (
	"math"
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
	PerCall        time.Duration // expected latency of one call; 0 means 2 s
	Pricing        Pricing
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
	"eval.answer": 150, "eval.faithfulness.statements": 120, "eval.faithfulness.verdicts": 180,
	"eval.context_recall": 220, "eval.answer_relevancy": 40, "eval.context_precision": 40,
}

const promptOverheadTokens = 150 // system message and fences

// Estimate counts calls, tokens, cost and time. Calls per routine/tricky
// question with repeat R: 1 answer + 2R faithfulness + 1R context recall +
// 3R answer relevancy (+ K·R context precision when judged by LLM), i.e. 7
// at R=1; a refuse question needs 1 + 2R at most. The offline engine makes none.
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
	answers := 1 // a target answers for itself
	if r.deps.Target != nil {
		answers = 0
	}
	if r.cfg.Judge == JudgeNone {
		if answers > 0 {
			est.CallsPerQuestion["eval.answer"] = 1
			est.Calls = len(qs)
			est.OutputTokens = len(qs) * outputTokens["eval.answer"]
			for _, q := range qs {
				est.InputTokens += tokens(q.Question) + r.cfg.K*in.AvgChunkTokens + promptOverheadTokens
			}
			est.Seconds = math.Ceil(float64(len(qs))/float64(r.cfg.Concurrency)) * in.PerCall.Seconds()
		}
		return est
	}
	rep, k := r.cfg.Repeat, r.cfg.K
	ctxTok := k * in.AvgChunkTokens
	maxPerQuestion := 0
	for _, q := range qs {
		qt, at, rt := tokens(q.Question), max(tokens(q.ApprovedAnswer), 60), tokens(q.ApprovedAnswer)
		calls := map[string]int{"eval.answer": answers, "eval.faithfulness.statements": rep, "eval.faithfulness.verdicts": rep}
		inTok := map[string]int{"eval.answer": qt + ctxTok, "eval.faithfulness.statements": qt + at,
			"eval.faithfulness.verdicts": ctxTok + at}
		if q.Category != Refuse {
			calls["eval.context_recall"], inTok["eval.context_recall"] = rep, qt+rt+ctxTok
			calls["eval.answer_relevancy"], inTok["eval.answer_relevancy"] = relevancyQuestions*rep, at
			est.EmbeddingBatches += rep
			if r.cfg.LLMContextPrecision {
				calls["eval.context_precision"], inTok["eval.context_precision"] = k*rep, qt+rt+in.AvgChunkTokens
			}
		}
		n := 0
		for p, c := range calls {
			if c == 0 {
				continue
			}
			n += c
			est.InputTokens += c * (inTok[p] + promptOverheadTokens)
			est.OutputTokens += c * outputTokens[p]
			if q.Category != Refuse {
				est.CallsPerQuestion[p] = c
			}
		}
		est.Calls += n
		maxPerQuestion = max(maxPerQuestion, n)
	}
	if in.Pricing.InputPerMTok > 0 || in.Pricing.OutputPerMTok > 0 {
		est.CostKnown = true
		est.Cost = (float64(est.InputTokens)*in.Pricing.InputPerMTok + float64(est.OutputTokens)*in.Pricing.OutputPerMTok) / 1e6
	}
	// a question's calls run one after another; questions run Concurrency at a time
	waves := math.Ceil(float64(len(qs)) / float64(r.cfg.Concurrency))
	est.Seconds = waves * float64(maxPerQuestion) * in.PerCall.Seconds()
	return est
}

// tokens approximates a token count as four characters per token.
func tokens(s string) int { return (len(s) + 3) / 4 }

// EstimateRun is Estimate without a runner, for showing the cost before
// the parts a run needs (an API key, an index) are set up.
func EstimateRun(cfg Config, qs []Question, in EstimateInput) Estimate {
	return (&Runner{cfg: cfg.withDefaults()}).Estimate(qs, in)
}
