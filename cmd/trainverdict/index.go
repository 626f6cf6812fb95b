package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// sentenceEmbedder loads USE-lite behind the shared embedding cache, as
// the product and cmd/verdictreport do, so the indexes under -workdir are
// the ones verdictreport builds (same folder names, same vectors).
func sentenceEmbedder(ctx context.Context) (embed.Embedder, func() error, error) {
	p, err := models.Find("", models.USELite)
	if err != nil {
		return nil, nil, fmt.Errorf("USE-lite is needed to train with sentence vectors: %w", err)
	}
	enc, err := uselite.Load(filepath.Dir(p))
	if err != nil {
		return nil, nil, fmt.Errorf("load USE-lite: %w", err)
	}
	path, err := cache.DefaultPath()
	if err != nil {
		return enc, func() error { return nil }, nil
	}
	c, err := cache.Open(ctx, path, cache.Options{})
	if err != nil {
		logf("embedding cache unavailable (%v); embedding uncached", err)
		return enc, func() error { return nil }, nil
	}
	return c.Wrap(enc), c.Close, nil
}

// corpusIndex is an open hybrid index with sentence vectors.
type corpusIndex struct {
	db *store.DB
	ix *retrieval.Index
}

func openIndex(ctx context.Context, dataDir, content string, emb embed.Embedder) (*corpusIndex, error) {
	db, err := store.OpenDir(ctx, dataDir)
	if err != nil {
		return nil, fmt.Errorf("open store in %s: %w", dataDir, err)
	}
	ix, err := retrieval.Open(ctx, db, dataDir, retrieval.Options{Sentences: true, SentenceEmbedder: emb})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open index in %s: %w", dataDir, err)
	}
	ci := &corpusIndex{db: db, ix: ix}
	if _, err := ix.Sync(ctx, content, progress.Throttle(func(e progress.Event) {
		logf("index %s: %s %d/%d %s", filepath.Base(dataDir), e.Stage, e.Done, e.Total, e.Message)
	}, 30*time.Second)); err != nil {
		ci.close()
		return nil, fmt.Errorf("index %s: %w", content, err)
	}
	return ci, nil
}

func (c *corpusIndex) close() error { return errors.Join(c.ix.Close(), c.db.Close()) }
