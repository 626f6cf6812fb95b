package retrieval

import (
	"context"
	"fmt"
	"slices"

	"continuity/backend/progress"
)

// RepairHint is the fix for drift a plain sync cannot see: a sync skips
// files whose content hash is unchanged, so a document whose chunk rows,
// BM25 entries or vectors were lost must be re-indexed explicitly.
const RepairHint = "run continuity index --repair to re-index the damaged documents"

// syncFixes are the drifts a plain sync repairs (it compares files).
var syncFixes = []DriftKind{DriftNotIndexed, DriftGone, DriftChanged}

// Hint says what repairs this drift; "" when clean.
func (v Verification) Hint() string {
	if v.Clean {
		return ""
	}
	if slices.ContainsFunc(v.Drift, func(d Drift) bool { return d.Kind == DriftDamaged }) {
		return DamagedHint
	}
	if len(v.DamagedDocs()) > 0 {
		return RepairHint
	}
	return ResyncHint
}

// DamagedDocs lists the documents whose index rows are damaged while their
// files are unchanged, so only re-indexing them repairs the drift.
func (v Verification) DamagedDocs() []string {
	var out []string
	for _, d := range v.Drift {
		if d.DocID != "" && !slices.Contains(syncFixes, d.Kind) && !slices.Contains(out, d.DocID) {
			out = append(out, d.DocID)
		}
	}
	slices.Sort(out)
	return out
}

// Resync re-indexes the damaged documents of v (dropping them, chunks and
// caches included, so the sync adds them afresh) and then syncs. The
// in-progress marker stays set until the sync has re-added them, so a
// crash in between is repaired at the next Open like any interrupted sync.
func (ix *Index) Resync(ctx context.Context, contentDir string, v Verification, report progress.Func) (Report, error) {
	if err := ix.writable("repair"); err != nil {
		return Report{}, err
	}
	if ids := v.DamagedDocs(); len(ids) > 0 {
		if err := ix.drop(ctx, ids); err != nil {
			return Report{}, err
		}
	}
	rep, err := ix.Sync(ctx, contentDir, report)
	if err != nil {
		return rep, err
	}
	// Dropping was applied to every store; when the sync had nothing to
	// add back (the damaged document is gone too) nobody else clears it.
	return rep, setState(ctx, ix.db.Writer(), keyInProgress, "0")
}

func (ix *Index) drop(ctx context.Context, ids []string) error {
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	if err := setState(ctx, ix.db.Writer(), keyInProgress, "1"); err != nil {
		return err
	}
	if err := ix.apply(ctx, nil, ids, nil); err != nil {
		return err
	}
	// Rows deleted by hand (foreign keys off) leave children the cascade
	// of apply cannot reach; re-inserting the document would collide.
	if _, err := ix.db.Writer().ExecContext(ctx, `DELETE FROM index_chunks WHERE doc_id IN (`+placeholders(len(ids))+`)`, anys(ids)...); err != nil {
		return fmt.Errorf("drop damaged chunks: %w", err)
	}
	if _, err := ix.db.Writer().ExecContext(ctx, `DELETE FROM index_sentences WHERE chunk_id NOT IN (SELECT id FROM index_chunks)`); err != nil {
		return fmt.Errorf("drop orphan sentences: %w", err)
	}
	return nil
}
