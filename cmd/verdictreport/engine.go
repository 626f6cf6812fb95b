package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"continuity/backend/claims"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/store"
	"continuity/backend/text"
)

// corpusIndex is an open hybrid index over one content folder.
type corpusIndex struct {
	db       *store.DB
	ix       *retrieval.Index
	embedder string // "name model" as Index.Stats reports it
	docs     int
	chunks   int
}

// openIndex opens (or reuses) the index in dataDir and syncs it with
// content; an unchanged corpus only compares stat data and hashes.
func openIndex(ctx context.Context, dataDir, content string, emb embedderChoice) (*corpusIndex, error) {
	db, err := store.OpenDir(ctx, dataDir)
	if err != nil {
		return nil, fmt.Errorf("open store in %s: %w", dataDir, err)
	}
	ix, err := retrieval.Open(ctx, db, dataDir, retrieval.Options{Embedder: emb.chunks, Sentences: true, SentenceEmbedder: emb.sentences, Notice: emb.notice})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open index in %s: %w", dataDir, err)
	}
	ci := &corpusIndex{db: db, ix: ix}
	for _, r := range ix.Repairs {
		logf("index %s: repaired: %s", filepath.Base(dataDir), r)
	}
	rep, err := ix.Sync(ctx, content, progress.Throttle(func(e progress.Event) {
		logf("index %s: %s %d/%d %s", filepath.Base(dataDir), e.Stage, e.Done, e.Total, e.Message)
	}, 30*time.Second))
	if err != nil {
		ci.close()
		return nil, fmt.Errorf("index %s: %w", content, err)
	}
	if len(rep.Warnings) > 0 {
		logf("index %s: %d load warnings, first: %s: %s", content, len(rep.Warnings), rep.Warnings[0].Path, rep.Warnings[0].Message)
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		ci.close()
		return nil, fmt.Errorf("index stats: %w", err)
	}
	ci.embedder, ci.docs, ci.chunks = describeEmbedder(st, emb), st.Documents, st.Chunks
	return ci, nil
}

func (c *corpusIndex) close() error {
	return errors.Join(c.ix.Close(), c.db.Close())
}

// checkDraft runs the engine as check.CheckDraft does: on the normalized
// draft, with every claim's span mapped back to the writer's bytes, so
// gold offsets in the original draft can be compared with Start/End.
func checkDraft(ctx context.Context, e claims.Engine, s claims.Searcher, draft string) (claims.Report, error) {
	norm := text.Normalize(draft)
	rep, err := e.Check(ctx, norm.Text, s)
	if err != nil {
		return claims.Report{}, fmt.Errorf("check draft: %w", err)
	}
	if norm.Changed() {
		for i := range rep.Results {
			c := &rep.Results[i].Claim
			c.Start, c.End = norm.Span(c.Start, c.End)
		}
	}
	return rep, nil
}

// engine is the offline engine with its calibrated defaults; -k changes
// only how many passages each paragraph retrieves.
func (r *runner) engine() *claims.OfflineEngine {
	e := claims.NewOffline()
	if r.cfg.k > 0 {
		e.TopK = r.cfg.k
	}
	e.Verifier = r.verifier
	e.Weights = r.weights
	e.Uncalibrated = r.cfg.fitCalibration != ""
	return e
}

// engineName names the offline engine, its rules' version and k; Check
// reports the first two too, but Verify (given evidence) does not.
func (r *runner) engineName() string {
	k := claims.DefaultTopK
	if r.cfg.k > 0 {
		k = r.cfg.k
	}
	return fmt.Sprintf("%s (offline-%s, top-k %d)", claims.EngineOffline, claims.OfflineVersion, k)
}

// overlapping are the results whose span meets [a, b).
func overlapping(rs []claims.Result, a, b int) (over []claims.Result, idx []int) {
	for i, r := range rs {
		if r.Start < b && r.End > a {
			over = append(over, r)
			idx = append(idx, i)
		}
	}
	return over, idx
}
