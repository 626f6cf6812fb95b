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
	mode   IndexMode
	closer func() error // the embedding client, when one was opened
}

// IndexMode says what an open of the index may do to it.
type IndexMode int

const (
	// IndexRepairing repairs what a crash or a model change left (the
	// default, and what every command but index --verify/--repair uses).
	IndexRepairing IndexMode = iota
	// IndexReadOnly looks only (index --verify): nothing is written.
	IndexReadOnly
	// IndexRebuildLexical deletes the BM25 indexes and rebuilds them from
	// the registry (index --repair), which a damaged segment needs.
	IndexRebuildLexical
)

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
	return s.OpenIndexMode(ctx, report, IndexRepairing)
}

// OpenIndexMode is OpenIndex in the given mode. The index stays open until
// ReleaseIndex or Close; a rebuilt one is then an ordinary writable index.
// A read-only index is never handed to a writer nor the other way round,
// and a rebuild is never skipped because the index is open already.
func (s *Session) OpenIndexMode(ctx context.Context, report progress.Func, mode IndexMode) (*retrieval.Index, error) {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	if s.index.ix != nil {
		if mode == IndexRebuildLexical || (mode == IndexReadOnly) != (s.index.mode == IndexReadOnly) {
			return nil, errors.New("index already open in another mode; release it first")
		}
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
	// Sentence vectors are deferred: a sync makes search and checks usable
	// in seconds, a check embeds the sentences it reads, and
	// FillSentenceVectors the rest (issue 32).
	opts := retrieval.Options{Log: s.Log, Embedder: emb, Sentences: keep, SentenceEmbedder: choice.Sentences, DeferSentences: true,
		Notice: choice.Notice, Progress: report, ReadOnly: mode == IndexReadOnly, RebuildLexical: mode == IndexRebuildLexical}
	ix, err := retrieval.Open(ctx, s.DB, s.DataDir, opts)
	if err != nil {
		if closer != nil {
			err = errors.Join(err, closer())
		}
		return nil, err
	}
	if mode == IndexRebuildLexical {
		mode = IndexRepairing
	}
	s.index.ix, s.index.closer, s.index.mode = ix, closer, mode
	return ix, nil
}

// ReleaseIndex closes the index, releasing its lock for other processes;
// the next Index or OpenIndex opens it again. index --watch releases it
// between syncs, so an idle watcher never keeps check or search waiting.
func (s *Session) ReleaseIndex() error { return s.closeIndex() }

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

// FillSentenceVectors embeds the published sentences a sync left without
// a vector, a page at a time, each stored as it is done (cancel keeps
// them; the next run resumes). It needs no open index and takes no lock,
// so checks, searches and syncs run beside it; a check embeds what it
// reads itself. With no offline sentence encoder there is nothing to do.
func (s *Session) FillSentenceVectors(ctx context.Context, report progress.Func) (retrieval.FillReport, error) {
	choice := s.offlineEmbedder(ctx)
	if choice.Sentences == nil {
		return retrieval.FillReport{}, nil
	}
	return retrieval.FillSentences(ctx, s.DB, retrieval.Options{Log: s.Log, Sentences: true, SentenceEmbedder: choice.Sentences}, report)
}
