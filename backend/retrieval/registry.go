package retrieval

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
)

// Missing returns the IDs among ids that no indexed (published) document
// has, sorted and without duplicates: the references a golden set expects
// but this corpus does not hold.
func (ix *Index) Missing(ctx context.Context, ids []string) ([]string, error) {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []string
	for id := range want {
		var n int
		if err := ix.db.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM index_docs WHERE id = ?`, id).Scan(&n); err != nil {
			return nil, fmt.Errorf("look up document %s: %w", id, err)
		}
		if n == 0 {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out, nil
}

// sameSource says whether contentDir is the folder the last complete sync
// read. Indexes from before this was recorded say no once, which costs one
// full read of the corpus (contents whose hash matches stay as they are).
func (ix *Index) sameSource(ctx context.Context, contentDir string) (bool, error) {
	dir, err := filepath.Abs(contentDir)
	if err != nil {
		return false, fmt.Errorf("content folder %s: %w", contentDir, err)
	}
	last, err := ix.state(ctx, keySource)
	return last == dir, err
}

func (ix *Index) setSource(ctx context.Context, contentDir string) error {
	dir, err := filepath.Abs(contentDir)
	if err != nil {
		return fmt.Errorf("content folder %s: %w", contentDir, err)
	}
	return setState(ctx, ix.db.Writer(), keySource, dir)
}

// registry is what the index remembers of each indexed file, by path,
// and each document's content hash, by ID.
func (ix *Index) registry(ctx context.Context) (byPath map[string]registered, ids map[string]string, err error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, path, hash, size, mtime FROM index_docs`)
	if err != nil {
		return nil, nil, fmt.Errorf("registry: %w", err)
	}
	defer rows.Close()
	byPath, ids = map[string]registered{}, map[string]string{}
	for rows.Next() {
		var r registered
		var path string
		if err := rows.Scan(&r.id, &path, &r.hash, &r.size, &r.mtime); err != nil {
			return nil, nil, fmt.Errorf("registry: %w", err)
		}
		byPath[path] = r
		ids[r.id] = r.hash
	}
	return byPath, ids, rows.Err()
}
