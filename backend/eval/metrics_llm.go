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

// Prompt versions; bump when a prompt's text changes.
var PromptVersions = map[string]string{
	"eval.answer":                  "v1",
	"eval.faithfulness.statements": "v1",
	"eval.faithfulness.verdicts":   "v1",
	"eval.context_recall":          "v1",
	"eval.context_precision":       "v1",
	"eval.answer_relevancy":        "v1",
}

// judging runs one question's judge calls and logs each of them.
type judging struct {
	j     judge
	calls []Call
	usage llm.Usage
	model string
}

func (g *judging) ask(ctx context.Context, metric, prompt, system, user string, schema map[string]any, out any) error {
	zero := 0.0
	req := llm.Request{Role: llm.RoleJudge, Prompt: prompt, PromptVersion: PromptVersions[prompt],
		Messages: []llm.Message{{Role: "system", Content: system + "\n" + llm.UntrustedInstruction}, {Role: "user", Content: user}},
		Schema:   &llm.Schema{Name: strings.ReplaceAll(prompt, ".", "_"), Schema: schema}, Temperature: &zero}
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

func fenceContext(ps []Passage) string {
	var b strings.Builder
	for i, p := range ps {
		fmt.Fprintf(&b, "[%d] %s\n", i+1, llm.Fence("chunk "+p.ChunkID, p.Text))
	}
	return b.String()
}

func object(props map[string]any, required ...string) map[string]any {
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

var (
	strT    = map[string]any{"type": "string"}
	binaryT = map[string]any{"type": "integer", "enum": []int{0, 1}}
)

func arrayOf(item map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": item}
}

// llmFaithfulness is RAGAS' two-step faithfulness: split the answer into
// statements, then judge all of them against the joined context.
func (g *judging) faithfulness(ctx context.Context, q Question, a Answer, ps []Passage) (outcome, error) {
	if a.Refused {
		return notMeasured("answer is a refusal: no claims to check"), nil
	}
	var st struct {
		Statements []string `json:"statements"`
	}
	err := g.ask(ctx, string(Faithfulness), "eval.faithfulness.statements",
		"Split the answer into short standalone factual statements. Resolve pronouns. Return JSON.",
		"Question: "+llm.Fence("question", q.Question)+"\nAnswer: "+llm.Fence("answer", a.Text),
		object(map[string]any{"statements": arrayOf(strT)}, "statements"), &st)
	if err != nil {
		return outcome{}, err
	}
	if len(st.Statements) == 0 {
		return notMeasured("judge found no statements in the answer"), nil
	}
	var vr struct {
		Verdicts []struct {
			Statement string `json:"statement"`
			Reason    string `json:"reason"`
			Verdict   int    `json:"verdict"`
		} `json:"verdicts"`
	}
	var list strings.Builder
	for i, s := range st.Statements {
		fmt.Fprintf(&list, "%d. %s\n", i+1, s)
	}
	err = g.ask(ctx, string(Faithfulness), "eval.faithfulness.verdicts",
		"For each statement, give verdict 1 if it can be directly inferred from the context, else 0, with a one-sentence reason. Keep the statements' order. Return JSON.",
		"Context:\n"+fenceContext(ps)+"\nStatements:\n"+llm.Fence("statements", list.String()),
		object(map[string]any{"verdicts": arrayOf(object(map[string]any{"statement": strT, "reason": strT, "verdict": binaryT}, "statement", "reason", "verdict"))}, "verdicts"), &vr)
	if err != nil {
		return outcome{}, err
	}
	if len(vr.Verdicts) != len(st.Statements) {
		return outcome{}, fmt.Errorf("faithfulness: %d verdicts for %d statements: %w", len(vr.Verdicts), len(st.Statements), ErrJudgeReply)
	}
	ok := 0
	for i, v := range vr.Verdicts {
		if v.Verdict != 0 && v.Verdict != 1 {
			return outcome{}, fmt.Errorf("faithfulness: verdict %d is %d, want 0 or 1: %w", i+1, v.Verdict, ErrJudgeReply)
		}
		ok += v.Verdict
	}
	return measured(float64(ok) / float64(len(vr.Verdicts))), nil
}

// llmContextRecall is the share of reference statements the judge can
// attribute to the retrieved context (one call).
func (g *judging) contextRecall(ctx context.Context, q Question, ps []Passage) (outcome, error) {
	if q.Category == Refuse {
		return notMeasured("refuse question: the corpus holds nothing to recall"), nil
	}
	if strings.TrimSpace(q.ApprovedAnswer) == "" {
		return notMeasured("question has no approved answer"), nil
	}
	var cr struct {
		Classifications []struct {
			Statement  string `json:"statement"`
			Reason     string `json:"reason"`
			Attributed int    `json:"attributed"`
		} `json:"classifications"`
	}
	err := g.ask(ctx, string(ContextRecall), "eval.context_recall",
		"Split the reference answer into statements. For each, attributed is 1 if the context supports it, else 0, with a one-sentence reason. Return JSON.",
		"Question: "+llm.Fence("question", q.Question)+"\nReference answer: "+llm.Fence("reference", q.ApprovedAnswer)+"\nContext:\n"+fenceContext(ps),
		object(map[string]any{"classifications": arrayOf(object(map[string]any{"statement": strT, "reason": strT, "attributed": binaryT}, "statement", "reason", "attributed"))}, "classifications"), &cr)
	if err != nil {
		return outcome{}, err
	}
	if len(cr.Classifications) == 0 {
		return outcome{}, fmt.Errorf("context recall: no classifications for a non-empty reference: %w", ErrJudgeReply)
	}
	ok := 0
	for i, c := range cr.Classifications {
		if c.Attributed != 0 && c.Attributed != 1 {
			return outcome{}, fmt.Errorf("context recall: classification %d is %d, want 0 or 1: %w", i+1, c.Attributed, ErrJudgeReply)
		}
		ok += c.Attributed
	}
	return measured(float64(ok) / float64(len(cr.Classifications))), nil
}

// llmContextPrecision asks, per retrieved chunk, whether it helps reach the
// reference answer (K calls) and averages precision over useful ranks.
func (g *judging) contextPrecision(ctx context.Context, q Question, ps []Passage) (outcome, error) {
	if q.Category == Refuse || strings.TrimSpace(q.ApprovedAnswer) == "" {
		return notMeasured("no reference answer to judge chunks against"), nil
	}
	useful := make([]bool, len(ps))
	for i, p := range ps {
		var r struct {
			Reason string `json:"reason"`
			Useful int    `json:"useful"`
		}
		err := g.ask(ctx, string(ContextPrecision), "eval.context_precision",
			"Is the context chunk useful for arriving at the reference answer? useful is 1 or 0, with a one-sentence reason. Return JSON.",
			"Question: "+llm.Fence("question", q.Question)+"\nReference answer: "+llm.Fence("reference", q.ApprovedAnswer)+"\nContext chunk: "+llm.Fence("chunk "+p.ChunkID, p.Text),
			object(map[string]any{"reason": strT, "useful": binaryT}, "reason", "useful"), &r)
		if err != nil {
			return outcome{}, err
		}
		if r.Useful != 0 && r.Useful != 1 {
			return outcome{}, fmt.Errorf("context precision: chunk %d useful=%d, want 0 or 1: %w", i+1, r.Useful, ErrJudgeReply)
		}
		useful[i] = r.Useful == 1
	}
	return rankedPrecision(useful), nil
}

// relevancyQuestions is RAGAS' strictness: questions generated per answer.
const relevancyQuestions = 3

// llmAnswerRelevancy generates questions from the answer and compares them
// with the real question by embedding cosine; all noncommittal scores 0.
func (g *judging) answerRelevancy(ctx context.Context, e embedder, q Question, a Answer) (outcome, error) {
	if o, done := relevancyPrecheck(q, a, e); done {
		return o, nil
	}
	texts := []string{q.Question}
	noncommittal := 0
	for range relevancyQuestions {
		var r struct {
			Question     string `json:"question"`
			Noncommittal int    `json:"noncommittal"`
		}
		err := g.ask(ctx, string(AnswerRelevancy), "eval.answer_relevancy",
			"Write the one question this answer answers. noncommittal is 1 if the answer is evasive or vague, else 0. Return JSON.",
			"Answer: "+llm.Fence("answer", a.Text),
			object(map[string]any{"question": strT, "noncommittal": binaryT}, "question", "noncommittal"), &r)
		if err != nil {
			return outcome{}, err
		}
		if strings.TrimSpace(r.Question) == "" || (r.Noncommittal != 0 && r.Noncommittal != 1) {
			return outcome{}, fmt.Errorf("answer relevancy: empty question or noncommittal=%d: %w", r.Noncommittal, ErrJudgeReply)
		}
		noncommittal += r.Noncommittal
		texts = append(texts, r.Question)
	}
	if noncommittal == relevancyQuestions {
		return measured(0), nil
	}
	vecs, err := e.Embed(ctx, texts)
	if err != nil {
		return outcome{}, fmt.Errorf("answer relevancy: embed: %w", err)
	}
	if len(vecs) != len(texts) {
		return outcome{}, fmt.Errorf("answer relevancy: embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	sum := 0.0
	for _, v := range vecs[1:] {
		c, ok := cosine(vecs[0], v)
		if !ok {
			return notMeasured("embedder returned an empty or zero vector"), nil
		}
		// An embedding cosine lies in [-1, 1] (a hair past 1 in float
		// rounding); relevancy is a [0,1] score, so a generated question
		// pointing away from the asked one counts as unrelated (0), not as
		// a negative that drags the mean below what "off topic" earns.
		sum += min(1, max(0, c))
	}
	return measured(sum / float64(len(vecs)-1)), nil
}
