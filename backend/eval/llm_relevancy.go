package eval

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/llm"
)

// relevancyQuestions is RAGAS' strictness: questions generated per answer.
const relevancyQuestions = 3

// replySchemas are the replies each prompt asks for. The unchanged
// prompts' properties keep the order their "required" has always had, so
// the JSON the model is sent stays byte for byte what it was and their
// PromptVersions stay. The maps are shared and only ever read.
var replySchemas = map[string]map[string]any{
	"eval.answer": llm.Object(llm.Prop("answer", llm.String()), llm.Prop("covered", llm.Boolean())),
	"eval.faithfulness": llm.Object(llm.Prop("statements", llm.Array(llm.Object(
		llm.Prop("statement", llm.String()), llm.Prop("reason", llm.String()), llm.Prop("verdict", llm.Enum(0, 1)))))),
	"eval.context_recall": llm.Object(classificationsProp),
	"eval.context_recall_precision": llm.Object(classificationsProp, llm.Prop("passages", llm.Array(llm.Object(
		llm.Prop("passage", llm.Integer()), llm.Prop("reason", llm.String()), llm.Prop("useful", llm.Enum(0, 1)))))),
	"eval.answer_relevancy": llm.Object(llm.Prop("questions", llm.Array(llm.Object(
		llm.Prop("question", llm.String()), llm.Prop("noncommittal", llm.Enum(0, 1)))))),
}

var classificationsProp = llm.Prop("classifications", llm.Array(llm.Object(
	llm.Prop("statement", llm.String()), llm.Prop("reason", llm.String()), llm.Prop("attributed", llm.Enum(0, 1)))))

// llmAnswerRelevancy generates relevancyQuestions questions from the
// answer in one call and compares them with the real question in one
// embedding batch; all noncommittal scores 0.
func (g *judging) answerRelevancy(ctx context.Context, e embedder, q Question, a Answer) (outcome, error) {
	if o, done := relevancyPrecheck(q, a, e); done {
		return o, nil
	}
	var r struct {
		Questions []struct {
			Question     string `json:"question"`
			Noncommittal int    `json:"noncommittal"`
		} `json:"questions"`
	}
	err := g.ask(ctx, string(AnswerRelevancy), "eval.answer_relevancy",
		fmt.Sprintf("Write %d different questions that this answer answers. For each, noncommittal is 1 if the answer is evasive or vague, else 0. Return JSON.", relevancyQuestions),
		"Answer: "+llm.Fence("answer", a.Text), &r)
	if err != nil {
		return outcome{}, err
	}
	if len(r.Questions) != relevancyQuestions {
		return outcome{}, fmt.Errorf("answer relevancy: %d questions, want %d: %w", len(r.Questions), relevancyQuestions, ErrJudgeReply)
	}
	texts := []string{q.Question}
	noncommittal := 0
	for i, gq := range r.Questions {
		if strings.TrimSpace(gq.Question) == "" || !binary(gq.Noncommittal) {
			return outcome{}, fmt.Errorf("answer relevancy: question %d empty or noncommittal=%d: %w", i+1, gq.Noncommittal, ErrJudgeReply)
		}
		noncommittal += gq.Noncommittal
		texts = append(texts, gq.Question)
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
