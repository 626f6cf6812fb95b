package retrieval

import (
	"context"
	"fmt"
	"path/filepath"
	"time"
)

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
