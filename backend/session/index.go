package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"continuity/backend/embed"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/settings"
)

// indexHolder opens the corpus index once per session.
type indexHolder struct {
	mu     sync.Mutex
	ix     *retrieval.Index
	closer func() error // the embedding client, when one was opened
}

// Index opens the hybrid corpus index on first use (repairing it if a
// previous sync crashed); Close closes it. The embedder follows the
// settings: offline unless the engine is "llm" and an embedding model is
// named, then the OpenAI-compatible endpoint of session.LLM. Index.Stats
// says which embedder and model produced the vectors. The choice is made
// when the index opens; a settings change takes effect in a new session.
func (s *Session) Index(ctx context.Context) (*retrieval.Index, error) { return s.OpenIndex(ctx, nil) }

// OpenIndex is Index with report hearing about long work at open: the
// corpus re-embedded after a model change.
func (s *Session) OpenIndex(ctx context.Context, report progress.Func) (*retrieval.Index, error) {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	if s.index.ix != nil {
		return s.index.ix, nil
	}
	emb, closer, err := s.embedder(ctx)
	if err != nil {
		return nil, err
	}
	choice := s.offlineEmbedder(ctx)
	// Without the pretrained encoder, sentences would follow a remote
	// chunk model to the endpoint, one call per published sentence: keep
	// none instead (the claim engine then compares words only).
	keep := choice.Sentences != nil || emb == nil
	opts := retrieval.Options{Log: s.Log, Embedder: emb, Sentences: keep, SentenceEmbedder: choice.Sentences,
		Notice: choice.Notice, Progress: report}
	ix, err := retrieval.Open(ctx, s.DB, s.DataDir, opts)
	if err != nil {
		if closer != nil {
			err = errors.Join(err, closer())
		}
		return nil, err
	}
	s.index.ix, s.index.closer = ix, closer
	return ix, nil
}

// Embedder says which embedders the index uses or will use, without
// opening it (the desktop may hold its lock): the remote model when the
// settings name one, else the offline choice.
func (s *Session) Embedder(ctx context.Context) (EmbedderChoice, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return EmbedderChoice{}, err
	}
	choice := s.offlineEmbedder(ctx)
	if model := strings.TrimSpace(st.Models.Embedding); st.Engine == settings.EngineLLM && model != "" {
		choice.Chunks = embed.NewRemote(nil, model, 0)
	}
	return choice, nil
}

// embedder picks the index's embedder from the settings (nil = offline).
func (s *Session) embedder(ctx context.Context) (embed.Embedder, func() error, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return nil, nil, err
	}
	model := strings.TrimSpace(st.Models.Embedding)
	if st.Engine != settings.EngineLLM || model == "" {
		return nil, nil, nil
	}
	client, err := s.LLM(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("index embedder %s (engine llm): %w", model, err)
	}
	return embed.NewRemote(client, model, 0), client.Close, nil
}

func (s *Session) closeIndex() error {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	if s.index.ix == nil {
		return nil
	}
	err := s.index.ix.Close()
	if s.index.closer != nil {
		err = errors.Join(err, s.index.closer())
	}
	s.index.ix, s.index.closer = nil, nil
	return err
}
