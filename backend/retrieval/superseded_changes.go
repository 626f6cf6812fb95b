package retrieval

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"time"
)

// maxChain bounds how many later changes currentOf follows.
const maxChain = 20

// currentOf follows a superseded sentence's replacements to the one its
// document publishes now: a fact may change twice (14 → 21 → 30 days).
func (ix *Index) currentOf(ctx context.Context, s Superseded, replHash string) (string, error) {
	text, hash, after := s.Replacement, replHash, s.Until.Unix()
	for range maxChain {
		if hash == "" {
			return "", nil
		}
		var live bool
		err := ix.db.Reader().QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM index_sentences s JOIN index_chunks c ON c.id = s.chunk_id
			WHERE c.doc_id = ? AND s.hash = ?)`, s.DocID, hash).Scan(&live)
		if err != nil {
			return "", fmt.Errorf("current version of superseded sentence %d: %w", s.ID, err)
		}
		if live {
			return text, nil
		}
		var until int64
		err = ix.db.Reader().QueryRowContext(ctx, `SELECT replaced_by, replaced_hash, until_unix FROM index_superseded
			WHERE source = ? AND doc_id = ? AND hash = ? AND until_unix >= ? ORDER BY until_unix, id LIMIT 1`, s.source, s.DocID, hash, after).Scan(&text, &hash, &until)
		if errors.Is(err, sql.ErrNoRows) {
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("current version of superseded sentence %d: %w", s.ID, err)
		}
		after = until
	}
	return "", nil
}

// ChangeFilter picks superseded sentences for Changes. Zero fields do not
// filter.
type ChangeFilter struct {
	Since time.Time // Until at or after it
	// Commits keeps the sentences these commits superseded; with Since
	// set as well, a sentence matches either (commits of a revision range,
	// and working-tree edits a sync saw after it).
	Commits map[string]bool
	DocIDs  []string
}

// Changes lists the superseded sentences of contentDir's history, oldest
// change first, sentences published again included.
func (ix *Index) Changes(ctx context.Context, contentDir string, f ChangeFilter) ([]Superseded, error) {
	source, err := filepath.Abs(contentDir)
	if err != nil {
		return nil, fmt.Errorf("content folder %s: %w", contentDir, err)
	}
	docs := map[string]bool{}
	for _, d := range f.DocIDs {
		docs[d] = true
	}
	out := []Superseded{}
	err = ix.readSuperseded(ctx, `WHERE x.source = ? ORDER BY x.until_unix, x.doc_id, x.id`, []any{source}, func(s Superseded) {
		if len(docs) > 0 && !docs[s.DocID] {
			return
		}
		byDate := !f.Since.IsZero() && !s.Until.Before(f.Since) && (f.Commits == nil || !s.FromGit())
		byCommit := f.Commits != nil && f.Commits[s.Commit]
		if (f.Since.IsZero() && f.Commits == nil) || byDate || byCommit {
			out = append(out, s)
		}
	})
	return out, err
}
