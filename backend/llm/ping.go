package llm

import (
	"context"
	"time"
)

// PingResult is the outcome of one tiny call.
type PingResult struct {
	Model   string
	Latency time.Duration
}

// Ping makes the smallest useful chat call with the answer model, so the
// Settings view can show whether the endpoint, key and model work.
func (c *Client) Ping(ctx context.Context) (PingResult, error) {
	resp, err := c.Complete(ctx, Request{Role: RoleAnswer, Prompt: "settings.test_connection", PromptVersion: "v1",
		Messages: []Message{{Role: "user", Content: "Reply with the single word: ok"}}})
	return PingResult{Model: resp.Model, Latency: resp.Latency}, err
}
