package llm

import (
	"context"
	"fmt"
	"time"

	"github.com/openai/openai-go/v3"
)

// Embedding request limits: OpenAI accepts up to 2048 inputs per request
// and about 300k tokens in total; we stay well under both.
const (
	embedBatchInputs = 256
	embedBatchChars  = 400_000 // ≈100k tokens at 4 characters per token
)

// Embed returns one vector per text, in order, making as many requests as
// the API's input limits need. Each request is one ledger row.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, Usage, error) {
	model := c.Model(RoleEmbedding)
	if model == "" {
		return nil, Usage{}, fmt.Errorf("llm: no embedding model configured")
	}
	out := make([][]float32, 0, len(texts))
	var total Usage
	for _, batch := range embedBatches(texts) {
		vecs, u, err := c.embedBatch(ctx, model, batch)
		total.InputTokens += u.InputTokens
		if err != nil {
			return nil, total, err
		}
		out = append(out, vecs...)
	}
	return out, total, nil
}

func embedBatches(texts []string) [][]string {
	var batches [][]string
	start, chars := 0, 0
	for i, t := range texts {
		if i > start && (i-start >= embedBatchInputs || chars+len(t) > embedBatchChars) {
			batches = append(batches, texts[start:i])
			start, chars = i, 0
		}
		chars += len(t)
	}
	if start < len(texts) {
		batches = append(batches, texts[start:])
	}
	return batches
}

func (c *Client) embedBatch(ctx context.Context, model string, batch []string) ([][]float32, Usage, error) {
	req := Request{Role: RoleEmbedding, Prompt: "embeddings", PromptVersion: "v1"}
	resp := Response{Role: RoleEmbedding, Model: model, Prompt: req.Prompt, PromptVersion: req.PromptVersion}
	params := openai.EmbeddingNewParams{Model: model, Input: openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: batch},
		EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat}
	opts := c.azureOptions(model)
	var res *openai.CreateEmbeddingResponse
	// Latency is the server's time on the last attempt: the wait for a
	// call slot and the rate limiter is queueing, and estimates built from
	// the ledger's medians would count it twice.
	var start time.Time
	var err error
	tokens := 0
	for _, t := range batch {
		tokens += EstimateTokens(t)
	}
	resp.Retries, err = c.run(ctx, model, req.Prompt, tokens, func(actx context.Context) error {
		var e error
		start = time.Now()
		res, e = c.sdk.Embeddings.New(actx, params, opts...)
		return e
	})
	if !start.IsZero() {
		resp.Latency = time.Since(start)
	}
	var vecs [][]float32
	if err == nil {
		vecs, err = c.embedResult(res, len(batch), &resp)
	}
	c.record(req, resp, err)
	return vecs, resp.Usage, err
}

func (c *Client) embedResult(res *openai.CreateEmbeddingResponse, n int, resp *Response) ([][]float32, error) {
	if res.Model != "" {
		resp.Model = res.Model
	}
	if res.JSON.Usage.Valid() {
		resp.UsageReported = true
		resp.Usage = Usage{InputTokens: int(res.Usage.PromptTokens)}
	}
	bad := func(msg string) error {
		return &APIError{Kind: ErrBadResponse, Message: msg, Model: resp.Model, Prompt: resp.Prompt}
	}
	if len(res.Data) != n {
		return nil, bad(fmt.Sprintf("sent %d texts, got %d embeddings", n, len(res.Data)))
	}
	vecs := make([][]float32, n)
	for _, d := range res.Data {
		if d.Index < 0 || int(d.Index) >= n || vecs[d.Index] != nil {
			return nil, bad(fmt.Sprintf("embedding index %d is out of range or repeated", d.Index))
		}
		if len(d.Embedding) == 0 {
			return nil, bad(fmt.Sprintf("embedding %d is empty", d.Index))
		}
		v := make([]float32, len(d.Embedding))
		for i, f := range d.Embedding {
			v[i] = float32(f)
		}
		vecs[d.Index] = v
	}
	return vecs, nil
}
