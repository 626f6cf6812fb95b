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

func fenceContext(ps []Passage) string {
	var b strings.Builder
	for i, p := range ps {
		fmt.Fprintf(&b, "[%d] %s\n", i+1, llm.Fence("chunk "+p.ChunkID, p.Text))
	}
	return b.String()
}

// replySchemas are the replies each prompt asks for. Properties are
// listed in the order "required" has always had, so the JSON the model is
// sent is byte for byte what the hand-written maps sent and
// PromptVersions stay. The maps are shared and only ever read.
var replySchemas = map[string]map[string]any{
	"eval.answer":                  llm.Object(llm.Prop("answer", llm.String()), llm.Prop("covered", llm.Boolean())),
	"eval.faithfulness.statements": llm.Object(llm.Prop("statements", llm.Array(llm.String()))),
	"eval.faithfulness.verdicts": llm.Object(llm.Prop("verdicts", llm.Array(llm.Object(
		llm.Prop("statement", llm.String()), llm.Prop("reason", llm.String()), llm.Prop("verdict", llm.Enum(0, 1)))))),
	"eval.context_recall": llm.Object(llm.Prop("classifications", llm.Array(llm.Object(
		llm.Prop("statement", llm.String()), llm.Prop("reason", llm.String()), llm.Prop("attributed", llm.Enum(0, 1)))))),
	"eval.context_precision": llm.Object(llm.Prop("reason", llm.String()), llm.Prop("useful", llm.Enum(0, 1))),
	"eval.answer_relevancy":  llm.Object(llm.Prop("question", llm.String()), llm.Prop("noncommittal", llm.Enum(0, 1))),
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
		"Question: "+llm.Fence("question", q.Question)+"\nAnswer: "+llm.Fence("answer", a.Text), &st)
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
		"Context:\n"+fenceContext(ps)+"\nStatements:\n"+llm.Fence("statements", list.String()), &vr)
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
		"Question: "+llm.Fence("question", q.Question)+"\nReference answer: "+llm.Fence("reference", q.ApprovedAnswer)+"\nContext:\n"+fenceContext(ps), &cr)
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
			"Question: "+llm.Fence("question", q.Question)+"\nReference answer: "+llm.Fence("reference", q.ApprovedAnswer)+"\nContext chunk: "+llm.Fence("chunk "+p.ChunkID, p.Text), &r)
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
			"Answer: "+llm.Fence("answer", a.Text), &r)
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
