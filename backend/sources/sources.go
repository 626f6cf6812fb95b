package sources

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/workspace"
)

// Status says how a document on disk relates to the index.
type Status string

// Statuses of a document. Removed documents are still in the index but no
// longer in the workspace (the next sync prunes them).
const (
	StatusIndexed    Status = "indexed"
	StatusChanged    Status = "changed since index"
	StatusNotIndexed Status = "not indexed"
	StatusRemoved    Status = "removed since index"
)

// ErrNotFound means no document of the workspace or the index has the ID.
var ErrNotFound = errors.New("document not found")

// index is what sources needs of the corpus index (*retrieval.Index).
type index interface {
	Document(ctx context.Context, id string) (corpus.Document, bool, error)
	Documents(ctx context.Context) ([]retrieval.IndexedDoc, error)
	DocumentChunks(ctx context.Context, docID string) ([]retrieval.ChunkSpan, error)
}

var _ index = (*retrieval.Index)(nil)

// Library reads the documents of one workspace next to its index. It never
// syncs: statuses report the index as it is.
type Library struct {
	ws workspace.Workspace
	ix index
}

// New returns a Library over the workspace's content and the index.
func New(ws workspace.Workspace, ix index) (*Library, error) {
	if ix == nil {
		return nil, errors.New("sources: no index")
	}
	return &Library{ws: ws, ix: ix}, nil
}

// Row is one document in the list.
type Row struct {
	ID, Title string
	Path      string // workspace-relative, forward slashes
	URL       string
	Chunks    int // chunks in the index; 0 when not indexed
	Status    Status
	// Publish is the front matter status ("published" when none): an
	// archived or draft document is never indexed, by design.
	Publish string
}

// MaxQuery bounds a list filter.
const MaxQuery = 500

// List returns the workspace's documents and the indexed ones no longer in
// it, by path, keeping those whose ID, title or path contains query (case
// aside; "" keeps all).
func (l *Library) List(ctx context.Context, query string) ([]Row, error) {
	query = strings.ToLower(strings.TrimSpace(query))
	if len(query) > MaxQuery {
		return nil, fmt.Errorf("filter is %d bytes, over the %d limit", len(query), MaxQuery)
	}
	docs, _, err := corpus.Load(ctx, l.ws.ContentDir())
	if err != nil {
		return nil, fmt.Errorf("list documents: %w", err)
	}
	indexed, err := l.ix.Documents(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]retrieval.IndexedDoc, len(indexed))
	for _, d := range indexed {
		byID[d.ID] = d
	}
	rows := make([]Row, 0, len(docs))
	seen := map[string]bool{}
	for _, d := range docs {
		r := Row{ID: d.ID, Title: d.Title, Path: l.relPath(d.Path), URL: d.URL, Status: StatusNotIndexed, Publish: publishStatus(d.Status)}
		if in, ok := byID[d.ID]; ok && in.Path == d.Path {
			seen[d.ID] = true
			r.Chunks, r.Status = in.Chunks, StatusIndexed
			if in.Hash != d.Hash {
				r.Status = StatusChanged
			}
		}
		rows = append(rows, r)
	}
	for _, in := range indexed {
		if !seen[in.ID] {
			rows = append(rows, Row{ID: in.ID, Title: in.Title, Path: l.relPath(in.Path), URL: in.URL, Chunks: in.Chunks,
				Status: StatusRemoved, Publish: publishStatus(in.Status)})
		}
	}
	out := rows[:0]
	for _, r := range rows {
		if query == "" || strings.Contains(strings.ToLower(r.ID), query) || strings.Contains(strings.ToLower(r.Title), query) ||
			strings.Contains(strings.ToLower(r.Path), query) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// relPath turns a content-relative path into a workspace-relative one.
func (l *Library) relPath(contentRel string) string {
	abs := filepath.Join(l.ws.ContentDir(), filepath.FromSlash(contentRel))
	rel, err := filepath.Rel(l.ws.Root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return contentRel
	}
	return filepath.ToSlash(rel)
}

func publishStatus(s string) string {
	if s = strings.ToLower(strings.TrimSpace(s)); s == "" {
		return "published"
	}
	return s
}
