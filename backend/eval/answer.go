package eval

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/llm"
)

// NotCoveredText is the explicit fallback both answerers give.
const NotCoveredText = "This is not covered in our knowledge base."

// LLMAnswerer answers only from the fenced context, with NotCoveredText as
// the explicit fallback.
type LLMAnswerer struct{ c judge }

// NewLLMAnswerer wraps an llm client (anything with CompleteJSON).
func NewLLMAnswerer(c interface {
	CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
}) *LLMAnswerer {
	return &LLMAnswerer{c: c}
}

// Answer implements answerer.
func (l *LLMAnswerer) Answer(ctx context.Context, question string, ps []Passage) (Answer, error) {
	var r struct {
		Answer  string `json:"answer"`
		Covered bool   `json:"covered"`
	}
	zero := 0.0
	req := llm.Request{Role: llm.RoleAnswer, Prompt: "eval.answer", PromptVersion: PromptVersions["eval.answer"],
		Messages: []llm.Message{
			{Role: "system", Content: "Answer the question ONLY from the context chunks. Do not use outside knowledge and do not add links. " +
				"If the context does not answer it, set covered to false and answer exactly: " + NotCoveredText + "\n" + llm.UntrustedInstruction},
			{Role: "user", Content: "Context:\n" + fenceContext(ps) + "\nQuestion: " + llm.Fence("question", question)},
		},
		Schema:      &llm.Schema{Name: "eval_answer", Schema: replySchemas["eval.answer"]},
		Temperature: &zero}
	resp, err := l.c.CompleteJSON(ctx, req, &r)
	a := Answer{Model: resp.Model, PromptVersion: req.PromptVersion, Usage: resp.Usage, Calls: 1}
	if err != nil {
		return a, fmt.Errorf("answer: %w", err)
	}
	a.Text = strings.TrimSpace(r.Answer)
	a.Refused = !r.Covered || a.Text == "" || strings.EqualFold(a.Text, NotCoveredText)
	if a.Refused && a.Text == "" {
		a.Text = NotCoveredText
	}
	return a, nil
}
