package retrieval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"continuity/backend/lexical"
	"continuity/backend/vector"
)

// openReadOnly is openCaches for Options.ReadOnly (index --verify): it
// loads what a search or a verification reads and repairs nothing. What a
// writable open would rebuild and Verify cannot see in the rows goes to
// ix.stale, so Verify reports it; everything else (missing BM25 entries,
// vectors, sentences) Verify finds itself. A bleve index it cannot read is
// ErrIndexDamaged: there is nothing to verify against.
func (ix *Index) openReadOnly(ctx context.Context) error {
	have, err := ix.db.SchemaVersion(ctx, Component)
	if err != nil {
		return err
	}
	if want := migrations[len(migrations)-1].Version; have < want {
		return fmt.Errorf("index at %s is not built by this version (schema %d of %d): run continuity index first", ix.dir, have, want)
	}
	inProgress, err := ix.state(ctx, keyInProgress)
	if err != nil {
		return err
	}
	if inProgress == "1" {
		ix.stale = append(ix.stale, "a sync was interrupted; the BM25 index and vectors may lack its last batch")
	}
	if ix.lex, err = openLexicalReadOnly(ix.lexDir()); err != nil {
		return err
	}
	if !ix.lex.HasStats() {
		ix.stale = append(ix.stale, "the BM25 index predates its statistics")
	}
	if ix.opts.Embedder == nil {
		if err := ix.loadModel(ctx); err != nil {
			return err
		}
		// loadModel notes an unreadable model as a repair it leaves to us.
		ix.stale, ix.Repairs = append(ix.stale, ix.Repairs...), nil
	}
	chunks, err := ix.count(ctx, "index_chunks")
	if err != nil {
		return err
	}
	if _, unfitted := ix.emb.(untrained); unfitted && chunks > 0 {
		ix.stale = append(ix.stale, fmt.Sprintf("no embedding model for the %d indexed chunks", chunks))
	}
	ix.vecs = vector.New(ix.emb.Model(), 0)
	if err := ix.loadVectors(ctx); err != nil {
		return err
	}
	if ix.supLex, err = openLexicalReadOnly(ix.supersededLexDir()); err != nil {
		return err
	}
	rows, err := ix.count(ctx, "index_superseded")
	if err != nil {
		return err
	}
	if got, err := ix.supLex.Count(); err != nil {
		return damaged(err)
	} else if int(got) != rows {
		ix.stale = append(ix.stale, fmt.Sprintf("the superseded-sentence index holds %d sentences, the registry %d", got, rows))
	}
	if ix.sentenceVectors() {
		_, err := ix.loadSupersededVectors(ctx)
		return err
	}
	return nil
}

// openLexicalReadOnly opens one bleve index read-only; any error but a
// busy or forbidden one means the index cannot be read, so is damage.
func openLexicalReadOnly(dir string) (*lexical.Index, error) {
	lex, err := lexical.OpenReadOnly(dir)
	switch {
	case err == nil:
		return lex, nil
	case errors.Is(err, lexical.ErrLocked):
		return nil, fmt.Errorf("%w: %w", ErrIndexBusy, err)
	case errors.Is(err, fs.ErrPermission):
		return nil, err
	default:
		return nil, damage(err)
	}
}
