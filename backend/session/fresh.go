package session

import (
	"context"

	"continuity/backend/golden"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
)

// FreshIndex opens the index and syncs it with the workspace before use.
// Every reader goes through here: a stale index makes checks and gates
// confidently wrong, and a sync of an unchanged corpus only compares hashes.
// While WatchContent runs, an unchanged workspace is not synced again.
func (s *Session) FreshIndex(ctx context.Context, report progress.Func) (*retrieval.Index, retrieval.Report, error) {
	ws, err := s.Workspace(ctx)
	if err != nil {
		return nil, retrieval.Report{}, err
	}
	ix, err := s.OpenIndex(ctx, report)
	if err != nil {
		return nil, retrieval.Report{}, err
	}
	dir := ws.ContentDir()
	if rep, ok := s.watch.fresh(dir); ok {
		return ix, rep, nil
	}
	token := s.watch.begin()
	rep, err := ix.Sync(ctx, dir, report)
	if err != nil {
		return nil, rep, err
	}
	s.watch.synced(dir, token, rep)
	// New commits since the last history import; a failure there leaves
	// the index as synced, so it is a warning, not the reader's error.
	if _, err := s.ImportHistory(ctx, ix, ws.ContentDir(), HistoryCatchUp, report); err != nil {
		if ctx.Err() != nil {
			return nil, rep, ctx.Err()
		}
		s.Log.Warn("history not brought up to date", "err", err)
	}
	return ix, rep, nil
}

// IndexDocs adapts the index to lookups of a document's visible text.
type IndexDocs struct{ Index *retrieval.Index }

// DocumentText returns the text of a published, indexed document.
func (d IndexDocs) DocumentText(ctx context.Context, id string) (string, bool, error) {
	doc, ok, err := d.Index.Document(ctx, id)
	if err != nil || !ok {
		return "", ok, err
	}
	return doc.Text, true, nil
}

// PublishedDocs lists the indexed documents' IDs and titles (golden.DocLister),
// for naming the closest document to a reference the workspace lacks.
func (d IndexDocs) PublishedDocs(ctx context.Context) ([]golden.LibraryDoc, error) {
	docs, err := d.Index.Documents(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]golden.LibraryDoc, 0, len(docs))
	for _, doc := range docs {
		out = append(out, golden.LibraryDoc{ID: doc.ID, Title: doc.Title, Status: doc.Status, Published: true})
	}
	return out, nil
}

// Docs is a document lookup over the freshly synced index.
func (s *Session) Docs(ctx context.Context) (IndexDocs, error) {
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		return IndexDocs{}, err
	}
	return IndexDocs{Index: ix}, nil
}
