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

// Response is a completed call. Role, Prompt and PromptVersion echo the
// request so every stored result can say what produced it.
type Response struct {
	Content       string
	Model         string // the model that answered, as the server reported it
	Usage         Usage
	UsageReported bool // false when the server sent no usage; Usage is then zero, not measured
	Latency       time.Duration
	Retries       int
	Role          Role
	Prompt        string
	PromptVersion string
}
