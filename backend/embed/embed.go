package embed

import (
	"context"
	"fmt"
	"math"

	"continuity/backend/llm"
)

// Embedder maps texts to unit-length vectors of a fixed dimension.
type Embedder interface {
	Name() string  // implementation, e.g. "offline-hash" or "openai"
	Model() string // model and parameters; vectors of different models never mix
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Client is what the OpenAI-compatible adapter needs from the LLM layer.
type Client interface {
	Embed(ctx context.Context, texts []string) ([][]float32, llm.Usage, error)
}

// Remote adapts an LLM client's batched, retried Embed to Embedder.
type Remote struct {
	client    Client
	model     string
	batchSize int
}

// NewRemote wraps client; model names the server-side embedding model.
func NewRemote(client Client, model string, batchSize int) *Remote {
	if batchSize <= 0 {
		batchSize = 256
	}
	return &Remote{client: client, model: model, batchSize: batchSize}
}

func (r *Remote) Name() string  { return "openai" }
func (r *Remote) Model() string { return r.model }

// Embed sends texts in batches and normalises every vector, refusing
// replies whose count or dimension does not match.
func (r *Remote) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	dim := 0
	for i := 0; i < len(texts); i += r.batchSize {
		batch := texts[i:min(i+r.batchSize, len(texts))]
		vecs, _, err := r.client.Embed(ctx, batch)
		if err != nil {
			return nil, fmt.Errorf("embed %d texts with %s: %w", len(batch), r.model, err)
		}
		if len(vecs) != len(batch) {
			return nil, fmt.Errorf("embed with %s: %d vectors for %d texts", r.model, len(vecs), len(batch))
		}
		for j, v := range vecs {
			if dim == 0 {
				dim = len(v)
			}
			if len(v) == 0 || len(v) != dim {
				return nil, fmt.Errorf("embed with %s: vector %d has dimension %d, want %d", r.model, i+j, len(v), dim)
			}
			if !Normalize(v) {
				return nil, fmt.Errorf("embed with %s: vector %d is zero or not finite", r.model, i+j)
			}
			out = append(out, v)
		}
	}
	return out, nil
}

// Normalize scales v to unit length in place; false when it cannot.
func Normalize(v []float32) bool {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return false
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
	return true
}
