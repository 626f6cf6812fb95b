package eval

import (
	"context"

	"continuity/backend/llm"
)

// Category is a golden question's kind.
type Category string

const (
	Routine Category = "routine"
	Tricky  Category = "tricky"
	Refuse  Category = "refuse" // the corpus does not cover it; the right answer is a refusal
)

// Metric names are the snake_case keys of scores, thresholds and JSON output.
type Metric string

const (
	Faithfulness         Metric = "faithfulness"
	AnswerRelevancy      Metric = "answer_relevancy"
	ContextPrecision     Metric = "context_precision"
	ContextRecall        Metric = "context_recall"
	IDContextRecall      Metric = "id_context_recall"
	IDContextPrecision   Metric = "id_context_precision"
	SupportingLineRecall Metric = "supporting_line_recall"
	RefusalCorrectness   Metric = "refusal_correctness"
	SchemaValidity       Metric = "schema_validity" // a target's reply has an answer, contexts and ids
)

// AllMetrics is the reporting order.
var AllMetrics = []Metric{Faithfulness, AnswerRelevancy, ContextPrecision, ContextRecall,
	IDContextRecall, IDContextPrecision, SupportingLineRecall, RefusalCorrectness, SchemaValidity}

// DeterministicMetrics need no model: they are all that --judge none
// computes, and they never call an LLM or an embedder.
var DeterministicMetrics = []Metric{IDContextRecall, IDContextPrecision, SupportingLineRecall, RefusalCorrectness, SchemaValidity}

// Judge says what scores a run beyond the deterministic metrics.
type Judge string

const (
	JudgeEngine Judge = ""     // the engine's own judges (offline or llm)
	JudgeNone   Judge = "none" // only DeterministicMetrics; no model is called to judge
)

// Question is one golden question.
type Question struct {
	ID              string   `json:"id"`
	Category        Category `json:"category"`
	Question        string   `json:"question"`
	ApprovedAnswer  string   `json:"approved_answer"`
	ReferenceDocIDs []string `json:"reference_doc_ids"`
	SupportingLine  string   `json:"supporting_line"`
}

// Passage is one retrieved chunk, in rank order.
type Passage struct {
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	Text    string `json:"text"`
}

// Verdict labels of the claim engine.
const (
	VerdictSupported    = "supported"
	VerdictContradicted = "contradicted"
	VerdictNotCovered   = "not_covered"
)

// ClaimVerdict is one claim of an answer checked against the passages.
type ClaimVerdict struct {
	Claim    string   `json:"claim"`
	Verdict  string   `json:"verdict"` // supported | contradicted | not_covered
	ChunkIDs []string `json:"chunk_ids,omitempty"`
	Reason   string   `json:"reason,omitempty"`
}

// Answer is what the answerer produced for one question.
type Answer struct {
	Text          string
	Refused       bool // the answerer said the context does not cover the question
	Model         string
	PromptVersion string
	Usage         llm.Usage
	Calls         int
}

// Response is a target's reply to one question: what the team's own
// assistant answered and the contexts it says it used.
type Response struct {
	Answer       string
	Contexts     []Passage // rank order; DocID is the target's context id, as it gave it
	HasContexts  bool      // the target reports context texts at all
	HasIDs       bool      // the target reports context ids at all
	Refused      bool      // the answer matched the target's refusal pattern
	RefusalKnown bool      // the target has a refusal pattern, so Refused means something
	Model        string    // what answered, e.g. "http POST 127.0.0.1:8080/ask"
	builtin      bool      // the built-in pipeline's reply: typed, never schema-checked
}

// responder answers a question end to end, retrieval included.
type responder interface {
	Respond(ctx context.Context, q Question) (Response, error)
}

type retriever interface {
	Search(ctx context.Context, query string, k int) ([]Passage, error)
}

type answerer interface {
	Answer(ctx context.Context, question string, passages []Passage) (Answer, error)
}

type claimVerifier interface {
	Verify(ctx context.Context, answer string, passages []Passage) ([]ClaimVerdict, error)
}

type embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

type judge interface {
	CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
}
