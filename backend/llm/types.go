// Package llm is the only package that talks to a model. It wraps openai-go
// (any OpenAI-compatible endpoint) behind a provider-neutral request type,
// validates structured replies, retries, accounts for every call and keeps
// untrusted text fenced. Consumers declare their own small interfaces, e.g.
//
//	type completer interface {
//		CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
//	}
package llm

import "time"

// Role selects which configured model serves a request.
type Role string

const (
	RoleAnswer    Role = "answer"
	RoleJudge     Role = "judge"
	RoleEmbedding Role = "embedding"
)

// Message is one chat message; Role is "system", "user" or "assistant".
type Message struct {
	Role    string
	Content string
}

// Schema is a JSON schema for strict structured output.
type Schema struct {
	Name   string         // e.g. "claims_decompose"
	Schema map[string]any // JSON Schema object
}

// Request is one chat completion.
type Request struct {
	Role          Role
	Prompt        string // prompt name, recorded with results, e.g. "claims.verify"
	PromptVersion string // e.g. "v1"; bump when the prompt text changes
	Messages      []Message
	Schema        *Schema // nil: free text
	Temperature   *float64
	MaxTokens     int // 0: server default
}

// Usage is token accounting from the server's reply.
type Usage struct {
	InputTokens  int
	OutputTokens int
}

// Response is a completed call.
type Response struct {
	Content string
	Model   string // the model that answered, as the server reported it
	Usage   Usage
	Latency time.Duration
	Retries int
}
