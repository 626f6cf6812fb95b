package eval

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"continuity/backend/llm"
)

// NotCoveredText is the explicit fallback both answerers give.
const NotCoveredText = "This is not covered in our knowledge base."

// OfflineAnswerer answers extractively: the sentences of the retrieved
// passages that cover most of the question's terms, or NotCoveredText when
// the best sentence covers less than Floor of them.
type OfflineAnswerer struct {
	Floor        float64 // confidence floor in [0,1]; 0 means DefaultAnswerFloor
	MaxSentences int     // 0 means 2
}

// DefaultAnswerFloor is the share of question terms the best sentence must
// cover. An idf-weighted share (rare question words count most) was tried:
// at 0.34 it refused 5/8 refuse rows but also 12/43 answerable ones; at
// 0.20 it answered 39/43 but refused only 2/8 (docs/benchmarks.md).
const DefaultAnswerFloor = 0.34

// NewOfflineAnswerer returns an answerer with the default floor.
func NewOfflineAnswerer() *OfflineAnswerer { return &OfflineAnswerer{} }

type candidate struct {
	text  string
	score float64
	order int
}

// Answer implements answerer.
func (o *OfflineAnswerer) Answer(ctx context.Context, question string, ps []Passage) (Answer, error) {
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	floor, n := o.Floor, o.MaxSentences
	if floor <= 0 {
		floor = DefaultAnswerFloor
	}
	if n <= 0 {
		n = 2
	}
	q := contentTerms(question)
	var cands []candidate
	for rank, p := range ps {
		for _, s := range sentences(p.Text) {
			if headingLike(s) {
				continue // a title restates the topic; it answers nothing
			}
			// earlier ranks win ties: retrieval already judged them closer
			score := coverage(q, termSet(contentTerms(s))) - 0.001*float64(rank)
			cands = append(cands, candidate{s, score, len(cands)})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	refuse := Answer{Text: NotCoveredText, Refused: true, Model: "offline-extractive", PromptVersion: offlineAnswerVersion}
	if len(cands) == 0 || cands[0].score < floor {
		return refuse, nil
	}
	picked := []candidate{cands[0]}
	for _, c := range cands[1:] {
		if len(picked) == n || c.score < floor {
			break
		}
		picked = append(picked, c)
	}
	sort.Slice(picked, func(i, j int) bool { return picked[i].order < picked[j].order })
	parts := make([]string, len(picked))
	for i, c := range picked {
		parts[i] = c.text
	}
	text := strings.Join(parts, " ")
	// A question that asks for a number, a date or a duration is not
	// answered by sentences without one: the context talks about the topic
	// but not about what was asked ("When is FreshBooks support coming?").
	if k := questionKind(question); kindMatch(k, text) == 0 {
		return refuse, nil
	}
	return Answer{Text: text, Model: "offline-extractive", PromptVersion: refuse.PromptVersion}, nil
}

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

// headingLike is a short line with no sentence end: a title or a heading.
func headingLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	if strings.ContainsAny(s[len(s)-1:], ".!?:") {
		return false
	}
	return len(strings.Fields(s)) <= 8
}

// offlineAnswerVersion names the extractive method, recorded like a prompt
// version: v2 refuses when the answer lacks the kind of content asked for.
const offlineAnswerVersion = "extractive-v2"
