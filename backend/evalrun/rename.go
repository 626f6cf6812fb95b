package evalrun

import (
	"context"
	"database/sql"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/store"
)

// RenameSet renames golden set from to to in workspace ws and, in the same
// transaction, moves what refers to the set by name: its evaluation runs
// (row and recorded run), its pinned baseline and its gate thresholds. A
// past run therefore reads as a run of the set's new name, with its trend.
func RenameSet(ctx context.Context, db *store.DB, ws, from, to string) (golden.Set, error) {
	repo, err := golden.NewRepo(ctx, db, ws)
	if err != nil {
		return golden.Set{}, err
	}
	// the tables must exist before the transaction: migrations run in their own
	if _, err := eval.OpenStore(ctx, db, ws); err != nil {
		return golden.Set{}, err
	}
	if err := migrateBaselines(ctx, db); err != nil {
		return golden.Set{}, err
	}
	if err := migrateThresholds(ctx, db); err != nil {
		return golden.Set{}, err
	}
	return repo.Rename(ctx, from, to, func(tx *sql.Tx, from, to string) error {
		for _, q := range []string{
			`UPDATE eval_runs SET golden_set = ?2, meta = json_set(meta, '$.golden_set', ?2) WHERE workspace_id = ?1 AND golden_set = ?3`,
			`UPDATE eval_baselines SET golden_set = ?2 WHERE workspace_id = ?1 AND golden_set = ?3`,
			`UPDATE eval_thresholds SET golden_set = ?2 WHERE workspace_id = ?1 AND golden_set = ?3`,
		} {
			if _, err := tx.ExecContext(ctx, q, ws, to, from); err != nil {
				return fmt.Errorf("move the evaluations of %q: %w", from, err)
			}
		}
		return nil
	})
}
