package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"continuity/backend/embed"
	"continuity/backend/index"
	"continuity/backend/progress"
	"continuity/backend/settings"
)

// indexHolder opens the corpus index once per session.
type indexHolder struct {
	mu     sync.Mutex
	ix     *index.Index
	closer func() error // the embedding client, when one was opened
}

// Index opens the hybrid corpus index on first use (repairing it if a
// previous sync crashed); Close closes it. The embedder follows the
// settings: offline unless the engine is "llm" and an embedding model is
// named, then the OpenAI-compatible endpoint of session.LLM. Index.Stats
// says which embedder and model produced the vectors. The choice is made
// when the index opens; a settings change takes effect in a new session.
func (s *Session) Index(ctx context.Context) (*index.Index, error) { return s.OpenIndex(ctx, nil) }

// OpenIndex is Index with report hearing about long work at open: the
// corpus re-embedded after a model change.
func (s *Session) OpenIndex(ctx context.Context, report progress.Func) (*index.Index, error) {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	if s.index.ix != nil {
		return s.index.ix, nil
	}
	emb, closer, err := s.embedder(ctx)
	if err != nil {
		return nil, err
	}
	opts := index.Options{Log: s.Log, Embedder: emb, Sentences: true, Progress: report}
	if emb == nil {
		choice := s.offlineEmbedder(ctx)
		opts.Embedder, opts.Notice = choice.Embedder, choice.Notice
	}
	ix, err := index.Open(ctx, s.DB, s.DataDir, opts)
	if err != nil {
		if closer != nil {
			err = errors.Join(err, closer())
		}
		return nil, err
	}
	s.index.ix, s.index.closer = ix, closer
	return ix, nil
}

// Embedder says which embedder the index uses or will use, without
// opening it (the desktop may hold its lock): the remote model when the
// settings name one, else the offline choice.
func (s *Session) Embedder(ctx context.Context) (EmbedderChoice, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return EmbedderChoice{}, err
	}
	if model := strings.TrimSpace(st.Models.Embedding); st.Engine == settings.EngineLLM && model != "" {
		return EmbedderChoice{Embedder: embed.NewRemote(nil, model, 0)}, nil
	}
	return s.offlineEmbedder(ctx), nil
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
