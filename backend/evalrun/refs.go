package evalrun

import (
	"context"

	"continuity/backend/eval"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// missingRefs are the reference documents of qs the index does not hold.
// A set evaluated against another workspace's corpus has most of them
// missing, and every retrieval metric would report a regression.
func missingRefs(ctx context.Context, ix *retrieval.Index, qs []eval.Question) ([]string, error) {
	var ids []string
	for _, q := range qs {
		ids = append(ids, q.ReferenceDocIDs...)
	}
	return ix.Missing(ctx, ids)
}

// MissingReferences syncs the index with the workspace and returns the
// reference documents of set (current version) it does not hold, so a face
// can warn before a run starts; Prepare records the same on the run.
func MissingReferences(ctx context.Context, s *session.Session, set string, notice SyncNotice, report progress.Func) ([]string, error) {
	_, qs, err := LoadSet(ctx, s, set, 0)
	if err != nil {
		return nil, err
	}
	ix, err := SyncedIndex(ctx, s, notice, report)
	if err != nil {
		return nil, err
	}
	return missingRefs(ctx, ix, qs)
}
