package eval

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/llm"
)

// ErrJudgeReply marks a judge reply that parsed but breaks the contract
// (wrong count, verdict outside 0/1). The question becomes an error.
var ErrJudgeReply = errors.New("invalid judge reply")

// Prompt versions; bump when a prompt's text or reply changes. v2 of
// faithfulness and answer relevancy is the one-call form of what v1 did in
// two and three calls.
var PromptVersions = map[string]string{
	"eval.answer":                   "v1",
	"eval.faithfulness":             "v2",
	"eval.context_recall":           "v1",
	"eval.context_recall_precision": "v1",
	"eval.answer_relevancy":         "v2",
}

// judging runs judge calls and logs each of them. One judging serves one
// goroutine; llmMetrics gives every concurrent judge its own and merges.
type judging struct {
	j     judge
	calls []Call
	usage llm.Usage
	model string
}

// ask sends one judge prompt; its reply must fit replySchemas[prompt].
func (g *judging) ask(ctx context.Context, metric, prompt, system, user string, out any) error {
	zero := 0.0
	req := llm.Request{Role: llm.RoleJudge, Prompt: prompt, PromptVersion: PromptVersions[prompt],
		Messages: []llm.Message{{Role: "system", Content: system + "\n" + llm.UntrustedInstruction}, {Role: "user", Content: user}},
		Schema:   &llm.Schema{Name: strings.ReplaceAll(prompt, ".", "_"), Schema: replySchemas[prompt]}, Temperature: &zero}
	resp, err := g.j.CompleteJSON(ctx, req, out)
	g.calls = append(g.calls, Call{Metric: metric, Prompt: prompt, PromptVersion: req.PromptVersion, Model: resp.Model,
		Usage: resp.Usage, LatencyMS: resp.Latency.Milliseconds(), Retries: resp.Retries})
	g.usage.InputTokens += resp.Usage.InputTokens
	g.usage.OutputTokens += resp.Usage.OutputTokens
	if resp.Model != "" {
		g.model = resp.Model
	}
	if err != nil {
		return fmt.Errorf("%s judge (%s): %w", metric, prompt, err)
	}
	return nil
}

// merge appends o's log to g's.
func (g *judging) merge(o *judging) {
	g.calls = append(g.calls, o.calls...)
	g.usage.InputTokens += o.usage.InputTokens
	g.usage.OutputTokens += o.usage.OutputTokens
	if o.model != "" {
		g.model = o.model
	}
}

func fenceContext(ps []Passage) string {
	var b strings.Builder
	for i, p := range ps {
		fmt.Fprintf(&b, "[%d] %s\n", i+1, llm.Fence("chunk "+p.ChunkID, p.Text))
	}
	return b.String()
}

func binary(v int) bool { return v == 0 || v == 1 }

// llmFaithfulness is RAGAS' faithfulness in one call: the judge splits
// the answer into statements and gives each a verdict against the context.
func (g *judging) faithfulness(ctx context.Context, q Question, a Answer, ps []Passage) (outcome, error) {
	if a.Refused {
		return notMeasured("answer is a refusal: no claims to check"), nil
	}
	var r struct {
		Statements []struct {
			Statement string `json:"statement"`
			Reason    string `json:"reason"`
			Verdict   int    `json:"verdict"`
		} `json:"statements"`
	}
	err := g.ask(ctx, string(Faithfulness), "eval.faithfulness",
		"Split the answer into short standalone factual statements (resolve pronouns). For each statement, give verdict 1 if it can be directly inferred from the context, else 0, with a one-sentence reason. Keep the answer's order. Return JSON.",
		"Question: "+llm.Fence("question", q.Question)+"\nAnswer: "+llm.Fence("answer", a.Text)+"\nContext:\n"+fenceContext(ps), &r)
	if err != nil {
		return outcome{}, err
	}
	if len(r.Statements) == 0 {
		return notMeasured("judge found no statements in the answer"), nil
	}
	ok := 0
	for i, s := range r.Statements {
		if strings.TrimSpace(s.Statement) == "" {
			return outcome{}, fmt.Errorf("faithfulness: statement %d is empty: %w", i+1, ErrJudgeReply)
		}
		if !binary(s.Verdict) {
			return outcome{}, fmt.Errorf("faithfulness: verdict %d is %d, want 0 or 1: %w", i+1, s.Verdict, ErrJudgeReply)
		}
		ok += s.Verdict
	}
	return measured(float64(ok) / float64(len(r.Statements))), nil
}

// contextReply is the judge's reading of the retrieved context: reference
// statements attributed to it and, when asked, each passage's usefulness.
type contextReply struct {
	Classifications []struct {
		Statement  string `json:"statement"`
		Reason     string `json:"reason"`
		Attributed int    `json:"attributed"`
	} `json:"classifications"`
	Passages []struct {
		Passage int    `json:"passage"`
		Reason  string `json:"reason"`
		Useful  int    `json:"useful"`
	} `json:"passages"`
}

const (
	recallInstruction    = "Split the reference answer into statements. For each, attributed is 1 if the context supports it, else 0, with a one-sentence reason."
	precisionInstruction = " Then, for every numbered context passage in order, give its number as passage and useful 1 if it helps arrive at the reference answer, else 0, with a one-sentence reason."
)

// contextMetrics judges context recall, and context precision when
// withPrecision, in one call: the share of reference statements the judge
// attributes to the context, and precision averaged over the useful ranks.
func (g *judging) contextMetrics(ctx context.Context, q Question, ps []Passage, withPrecision bool) (recall, precision outcome, err error) {
	switch {
	case q.Category == Refuse:
		o := notMeasured("refuse question: the corpus holds nothing to recall")
		return o, notMeasured("no reference answer to judge chunks against"), nil
	case strings.TrimSpace(q.ApprovedAnswer) == "":
		return notMeasured("question has no approved answer"), notMeasured("no reference answer to judge chunks against"), nil
	}
	prompt, system := "eval.context_recall", recallInstruction+" Return JSON."
	if withPrecision {
		prompt, system = "eval.context_recall_precision", recallInstruction+precisionInstruction+" Return JSON."
	}
	var r contextReply
	metric := string(ContextRecall)
	if withPrecision {
		metric += "+" + string(ContextPrecision)
	}
	if err := g.ask(ctx, metric, prompt, system,
		"Question: "+llm.Fence("question", q.Question)+"\nReference answer: "+llm.Fence("reference", q.ApprovedAnswer)+"\nContext:\n"+fenceContext(ps), &r); err != nil {
		return outcome{}, outcome{}, err
	}
	if len(r.Classifications) == 0 {
		return outcome{}, outcome{}, fmt.Errorf("context recall: no classifications for a non-empty reference: %w", ErrJudgeReply)
	}
	ok := 0
	for i, c := range r.Classifications {
		if !binary(c.Attributed) {
			return outcome{}, outcome{}, fmt.Errorf("context recall: classification %d is %d, want 0 or 1: %w", i+1, c.Attributed, ErrJudgeReply)
		}
		ok += c.Attributed
	}
	recall = measured(float64(ok) / float64(len(r.Classifications)))
	if !withPrecision {
		return recall, outcome{}, nil
	}
	if len(r.Passages) != len(ps) {
		return outcome{}, outcome{}, fmt.Errorf("context precision: %d passage verdicts for %d passages: %w", len(r.Passages), len(ps), ErrJudgeReply)
	}
	useful := make([]bool, len(ps))
	for i, p := range r.Passages {
		if p.Passage != i+1 {
			return outcome{}, outcome{}, fmt.Errorf("context precision: verdict %d is for passage %d, want them in order: %w", i+1, p.Passage, ErrJudgeReply)
		}
		if !binary(p.Useful) {
			return outcome{}, outcome{}, fmt.Errorf("context precision: passage %d useful=%d, want 0 or 1: %w", i+1, p.Useful, ErrJudgeReply)
		}
		useful[i] = p.Useful == 1
	}
	return recall, rankedPrecision(useful), nil
}
