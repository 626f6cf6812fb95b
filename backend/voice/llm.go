package voice

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/llm"
)

// completer is the one LLM call this package needs.
type completer interface {
	CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
}

// Prompt identity, recorded with results.
const (
	PromptName    = "voice.check"
	PromptVersion = "v1"
)

// LLM asks a model to read the whole guidelines document and the draft.
type LLM struct {
	c completer
	g *Guidelines
}

// NewLLM returns the model-backed engine; c must not be nil.
func NewLLM(c completer, g *Guidelines) (*LLM, error) {
	if c == nil || g == nil {
		return nil, errors.New("voice: NewLLM needs a completer and guidelines")
	}
	return &LLM{c: c, g: g}, nil
}

// LLMResult is what one model call produced.
type LLMResult struct {
	Issues  []Issue
	Dropped int    // issues whose passage is not verbatim in the draft
	Model   string // as the server reported it
}

type llmReply struct {
	Issues []llmIssue `json:"issues"`
}

type llmIssue struct {
	Passage     string `json:"passage"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
}

const systemPrompt = `You review drafts against a team's voice and tone guidelines.
Report every passage of the draft that breaks a guideline. For each issue give:
- passage: the offending text copied exactly, character for character, from the draft (as short as possible, at most one sentence);
- guideline: the rule name from the guide's rules block when one applies, otherwise the guide's section heading;
- explanation: one sentence on why the passage breaks the guideline;
- suggestion: a rewrite of the passage, or what to change.
Report only real breaches; an empty list is a fine answer.

The guidelines follow.

`

// Check makes one call and keeps only issues whose passage occurs verbatim
// in text; the rest are counted in Dropped, never silently lost.
func (l *LLM) Check(ctx context.Context, text string) (LLMResult, error) {
	temp := 0.0
	req := llm.Request{
		Role: llm.RoleJudge, Prompt: PromptName, PromptVersion: PromptVersion, Temperature: &temp,
		Messages: []llm.Message{
			{Role: "system", Content: systemPrompt + l.g.Source + "\n\n" + llm.UntrustedInstruction},
			{Role: "user", Content: "Check this draft:\n\n" + llm.Fence("draft", text)},
		},
		Schema: &llm.Schema{Name: "voice_issues", Schema: replySchema()},
	}
	var reply llmReply
	resp, err := l.c.CompleteJSON(ctx, req, &reply)
	if err != nil {
		return LLMResult{}, fmt.Errorf("voice check with model: %w", err)
	}
	res := LLMResult{Model: resp.Model}
	used := map[[2]int]bool{}
	for _, is := range reply.Issues {
		start := locate(text, is.Passage, used)
		if start < 0 {
			res.Dropped++
			continue
		}
		end := start + len(is.Passage)
		used[[2]int{start, end}] = true
		rule, level := "guide", Recommended
		if lvl, ok := l.g.levelOf(strings.TrimSpace(is.Guideline)); ok {
			rule, level = strings.ToLower(strings.TrimSpace(is.Guideline)), lvl
		}
		res.Issues = append(res.Issues, Issue{Passage: is.Passage, Start: start, End: end, Rule: rule, Kind: EngineLLM,
			Guideline: is.Guideline, Explanation: is.Explanation, Suggestion: is.Suggestion, Level: level, Engine: EngineLLM})
	}
	return res, nil
}

// locate finds the first occurrence of passage not already reported.
func locate(text, passage string, used map[[2]int]bool) int {
	if strings.TrimSpace(passage) == "" {
		return -1
	}
	from := 0
	for {
		i := strings.Index(text[from:], passage)
		if i < 0 {
			return -1
		}
		at := from + i
		if !used[[2]int{at, at + len(passage)}] {
			return at
		}
		from = at + 1
	}
}

// replySchema lists the properties in the order "required" has always
// had, so the JSON the model is sent is unchanged (PromptVersion stays).
func replySchema() map[string]any {
	return llm.Object(llm.Prop("issues", llm.Array(llm.Object(
		llm.Prop("passage", llm.String()),
		llm.Prop("guideline", llm.String()),
		llm.Prop("explanation", llm.String()),
		llm.Prop("suggestion", llm.String()),
	))))
}
