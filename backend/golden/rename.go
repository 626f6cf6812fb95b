package golden

import (
	"context"
	"database/sql"
	"fmt"
)

// Rename gives a set a new name, keeping its whole version history. link
// runs in the same transaction with the old and new names, so whatever
// else refers to the set by name (evaluation runs, a pinned baseline,
// gate thresholds) moves with it or not at all; nil links nothing.
func (r *Repo) Rename(ctx context.Context, from, to string, link func(tx *sql.Tx, from, to string) error) (Set, error) {
	if err := ValidateName(to); err != nil {
		return Set{}, err
	}
	if from == to {
		return r.Set(ctx, from)
	}
	err := r.db.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, to).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", ErrExists, to)
		}
		// the versions reference the set row: insert the new name, move
		// the versions over, then drop the old row (nothing left to cascade)
		res, err := tx.ExecContext(ctx, `INSERT INTO golden_sets(workspace_id, name, description, created_at, current_version)
			SELECT workspace_id, ?, description, created_at, current_version FROM golden_sets WHERE workspace_id = ? AND name = ?`,
			to, r.workspace, from)
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return &NotFoundError{Name: from}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE golden_versions SET set_name = ? WHERE workspace_id = ? AND set_name = ?`, to, r.workspace, from); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, from); err != nil {
			return err
		}
		if link != nil {
			return link(tx, from, to)
		}
		return nil
	})
	if err != nil {
		return Set{}, fmt.Errorf("rename golden set %q to %q: %w", from, to, err)
	}
	return r.Set(ctx, to)
}
