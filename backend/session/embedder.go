package session

import (
	"context"
	"fmt"
	"sync"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// lsaFallback names what runs when the pretrained model cannot.
const lsaFallback = "the LSA embedder fitted to the corpus (offline-lsa) for sentences too"

// EmbedderChoice is what embeds passages and sentences, and why.
//
// Passages are ranked with the corpus-fitted LSA model unless the settings
// name a remote embedding model: on SciFact and handbook-dev it ranks as
// well as or better than the pretrained encoder, at a fraction of the cost
// (docs/benchmarks.md). Sentences, which a claim is compared with, are
// embedded by the pretrained USE-lite encoder when it is installed.
type EmbedderChoice struct {
	Chunks    embed.Embedder // nil: the index's corpus-fitted LSA default
	Sentences embed.Embedder // nil: the same as Chunks
	// Notice is one line for the user when the choice is a fallback or
	// runs without the shared cache; empty when all is well.
	Notice string
}

// Name and Model say what ranks passages, as Index.Stats does.
func (c EmbedderChoice) Name() string { return nameOf(c.Chunks) }

func (c EmbedderChoice) Model() string { return modelOf(c.Chunks) }

// SentenceName and SentenceModel say what embeds sentences.
func (c EmbedderChoice) SentenceName() string {
	if c.Sentences == nil {
		return c.Name()
	}
	return nameOf(c.Sentences)
}

func (c EmbedderChoice) SentenceModel() string {
	if c.Sentences == nil {
		return c.Model()
	}
	return modelOf(c.Sentences)
}

func nameOf(e embed.Embedder) string {
	if e == nil {
		return "offline-lsa"
	}
	return e.Name()
}

func modelOf(e embed.Embedder) string {
	if e == nil {
		return "fitted to the corpus"
	}
	return e.Model()
}

// offlineEmbedder loads USE-lite from the first models folder that has it
// (models.Candidates), else the copy compiled into the binary, behind the shared embedding cache. Without the model
// it falls back to LSA, and says so; a cache that cannot open costs speed,
// never results, and says so too. The choice is made once per session.
func (s *Session) offlineEmbedder(ctx context.Context) EmbedderChoice {
	s.offline.once.Do(func() { s.offline.choice = s.chooseOffline(ctx) })
	return s.offline.choice
}

func (s *Session) chooseOffline(ctx context.Context) EmbedderChoice {
	loc, err := models.Locate(s.DataDir, models.USELite)
	if err != nil {
		return EmbedderChoice{Notice: models.Notice("USE-lite", lsaFallback)}
	}
	enc, err := uselite.LoadFS(loc.FS, loc.Path)
	if err != nil {
		return EmbedderChoice{Notice: fmt.Sprintf("offline model USE-lite unusable (%v); using %s", err, lsaFallback)}
	}
	c, notice := s.embedCache(ctx)
	if c == nil {
		return EmbedderChoice{Sentences: enc, Notice: notice}
	}
	return EmbedderChoice{Sentences: c.Wrap(enc)}
}

// embedCache opens the cache shared by every data dir of this user.
func (s *Session) embedCache(ctx context.Context) (*cache.Cache, string) {
	path, err := cache.DefaultPath()
	if err == nil {
		var c *cache.Cache
		if c, err = cache.Open(ctx, path, cache.Options{Log: s.Log}); err == nil {
			s.offline.cache = c
			return c, ""
		}
	}
	s.Log.Warn("embedding cache unavailable", "err", err)
	return nil, fmt.Sprintf("shared embedding cache unavailable (%v); vectors are computed without it", err)
}

// offlineState is the session's lazily chosen offline embedder.
type offlineState struct {
	once   sync.Once
	choice EmbedderChoice
	cache  *cache.Cache
}

func (o *offlineState) close() error {
	if o.cache == nil {
		return nil
	}
	err := o.cache.Close()
	o.cache = nil
	return err
}
