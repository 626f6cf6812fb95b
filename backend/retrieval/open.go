package retrieval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"continuity/backend/lexical"
	"continuity/backend/store"
	"continuity/backend/vector"
)

// Open takes the index's writer lock (waiting up to Options.LockWait for
// another process, then failing with ErrIndexBusy), migrates the registry,
// opens the caches and repairs them when a previous sync crashed or a
// cache is missing, corrupt or out of step. The lock is held until Close.
func Open(ctx context.Context, db *store.DB, dataDir string, opts Options) (*Index, error) {
	if opts.Fusion.Method == "" {
		opts.Fusion = DefaultFusion
	}
	if opts.Candidates <= 0 {
		opts.Candidates = 100
	}
	if opts.BatchDocs <= 0 {
		opts.BatchDocs = 200
	}
	if opts.LockWait <= 0 {
		opts.LockWait = DefaultLockWait
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	ix := &Index{db: db, dir: filepath.Join(dataDir, "index"), opts: opts, emb: opts.Embedder, log: opts.Log}
	if !opts.ReadOnly {
		if err := os.MkdirAll(ix.dir, 0o700); err != nil {
			return nil, fmt.Errorf("index dir: %w", err)
		}
	}
	// Before anything reads the registry's sync state or touches bleve:
	// another process's half-written index must not look like corruption.
	lock, err := acquireLock(ctx, ix.dir, opts.LockWait, ix.log, opts.ReadOnly)
	if err != nil {
		return nil, err
	}
	ix.lock = lock
	if opts.ReadOnly {
		if err := ix.openReadOnly(ctx); err != nil {
			ix.Close()
			return nil, err
		}
		return ix, nil
	}
	if opts.RebuildLexical {
		if err := ix.removeLexical(); err != nil {
			ix.Close()
			return nil, err
		}
	}
	if err := db.Migrate(ctx, Component, migrations); err != nil {
		ix.Close()
		return nil, err
	}
	if err := ix.openCaches(ctx); err != nil {
		ix.Close()
		return nil, err
	}
	return ix, nil
}

// openLexical opens the bleve index; repair says the index is damaged and
// must be rebuilt from the registry. A lock held elsewhere or a permission
// problem is returned as an error instead: deleting would not fix it, and
// for a lock it would destroy the other process's live index. So is a
// segment that makes bleve panic (ErrIndexDamaged): the disk under the
// index is failing or was written to, which the user should hear about,
// and index --repair rebuilds it.
func (ix *Index) openLexical(chunks int) (lex *lexical.Index, repair string, err error) {
	lex, err = lexical.Open(ix.lexDir())
	switch {
	case errors.Is(err, lexical.ErrLocked):
		return nil, "", fmt.Errorf("%w: %w", ErrIndexBusy, err)
	case errors.Is(err, fs.ErrPermission):
		return nil, "", err
	case errors.Is(err, lexical.ErrDamaged):
		return nil, "", damaged(err)
	case err != nil:
		return nil, "lexical index unreadable: " + err.Error(), nil
	}
	n, err := lex.Count()
	switch {
	case errors.Is(err, lexical.ErrDamaged):
		lex.Close()
		return nil, "", damaged(err)
	case err != nil:
		return lex, "lexical index cannot count its chunks: " + err.Error(), nil
	case int(n) != chunks:
		return lex, fmt.Sprintf("lexical index holds %d chunks, registry %d", n, chunks), nil
	case !lex.HasStats():
		return lex, "lexical index predates its BM25 statistics; rebuilding", nil
	}
	return lex, "", nil
}

// vectorRepair explains why the in-memory vectors are rebuilt; the counts
// are never negative, whichever side holds more.
func vectorRepair(vectors, chunks int, model string) string {
	if vectors > chunks {
		return fmt.Sprintf("%d cached %s vectors for %d chunks; re-embedding them", vectors, model, chunks)
	}
	return fmt.Sprintf("%d of %d chunks have no cached %s vector; embedding them", chunks-vectors, chunks, model)
}

func (ix *Index) openCaches(ctx context.Context) error {
	inProgress, err := ix.state(ctx, keyInProgress)
	if err != nil {
		return err
	}
	chunks, err := ix.count(ctx, "index_chunks")
	if err != nil {
		return err
	}
	rebuildLex := inProgress == "1"
	if inProgress == "1" {
		ix.Repairs = append(ix.Repairs, "a sync was interrupted; rebuilding the caches from the registry")
	}
	lex, why, err := ix.openLexical(chunks)
	if err != nil {
		return err
	}
	if why != "" {
		ix.Repairs = append(ix.Repairs, why)
		rebuildLex = true
	}
	if rebuildLex {
		if lex != nil {
			lex.Close()
		}
		if lex, err = lexical.Recreate(ix.lexDir()); err != nil {
			return err
		}
	}
	ix.lex = lex
	// The vectors live in the registry's embedding cache (written in the
	// same transaction as the chunks), so the in-memory matrix is always
	// rebuilt from it at open; an old vectors.bin is no longer used.
	_ = os.Remove(filepath.Join(ix.dir, "vectors.bin"))
	if ix.opts.Embedder == nil { // the corpus-fitted default
		if err := ix.loadModel(ctx); err != nil {
			return err
		}
	}
	_, unfitted := ix.emb.(untrained)
	ix.vecs = vector.New(ix.emb.Model(), 0)
	if err := ix.loadVectors(ctx); err != nil {
		return err
	}
	rebuildVec := ix.vecs.Len() != chunks && !unfitted
	if unfitted && chunks > 0 {
		// Chunks indexed by an older version or with a damaged model: fit
		// a model to them after the lexical repair (below).
		ix.Repairs = append(ix.Repairs, fmt.Sprintf("no embedding model for the %d indexed chunks; fitting one", chunks))
	}
	if rebuildVec {
		ix.Repairs = append(ix.Repairs, vectorRepair(ix.vecs.Len(), chunks, ix.emb.Model()))
		ix.vecs = vector.New(ix.emb.Model(), 0)
	}
	if !rebuildLex && !rebuildVec && inProgress == "1" {
		if err := setState(ctx, ix.db.Writer(), keyInProgress, "0"); err != nil {
			return err
		}
	}
	if rebuildLex || rebuildVec {
		if err := ix.rebuild(ctx, rebuildLex, rebuildVec); err != nil {
			return fmt.Errorf("repair index: %w", err)
		}
	}
	if unfitted && chunks > 0 {
		if err := ix.refit(ctx); err != nil {
			return fmt.Errorf("repair index: %w", err)
		}
	}
	n, err := ix.ensureSentences(ctx)
	if err != nil {
		return fmt.Errorf("repair index: %w", err)
	}
	if n > 0 {
		ix.Repairs = append(ix.Repairs, fmt.Sprintf("%d published sentences had no %s vector; embedded them", n, ix.sentenceEmbedder().Model()))
	}
	if err := ix.openSuperseded(ctx, inProgress == "1"); err != nil {
		return fmt.Errorf("repair index: %w", err)
	}
	if rebuildVec || n > 0 {
		if err := ix.dropOtherModels(ctx); err != nil {
			return err
		}
	}
	for _, r := range ix.Repairs {
		ix.log.Warn("index repaired", "reason", r)
	}
	return nil
}

// dropOtherModels deletes the vectors of every model but the current one
// once the current one covers the index: they are dead weight in the data
// dir, and the shared embedding cache keeps them should the model return.
func (ix *Index) dropOtherModels(ctx context.Context) error {
	if _, unfitted := ix.emb.(untrained); unfitted {
		return nil
	}
	se := ix.sentenceEmbedder()
	if _, err := ix.db.Writer().ExecContext(ctx, `DELETE FROM index_embeddings WHERE NOT (embedder = ? AND model = ?) AND NOT (embedder = ? AND model = ?)`,
		ix.emb.Name(), ix.emb.Model(), se.Name(), se.Model()); err != nil {
		return fmt.Errorf("drop vectors of other models: %w", err)
	}
	return nil
}
