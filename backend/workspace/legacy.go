package workspace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// LegacyTables are the tables whose rows belong to a workspace, in the
// order a notice lists them. Rows written before workspaces existed carry
// no workspace; their owners' migrations give them the legacy owner.
var LegacyTables = []string{"golden_sets", "eval_runs", "eval_baselines", "eval_thresholds", "checks", "check_feedback"}

// Legacy is the workspace that rows from before workspaces belong to.
type Legacy struct {
	ID     string
	Root   string
	Reason string
	// Rows counts, per table of LegacyTables, the rows that predate
	// workspaces; only filled in when the decision is made.
	Rows map[string]int
}

// DecideLegacy makes root the owner of rows written before workspaces
// existed, unless an owner was decided already; reason says why this
// folder (it is kept with the decision). made is true only the first time,
// when Rows says what was attributed, so the caller can tell the user once.
func (r *Registry) DecideLegacy(ctx context.Context, root, reason string) (l Legacy, made bool, err error) {
	if l, ok, err := r.legacy(ctx); err != nil || ok {
		return l, false, err
	}
	id, err := r.ID(ctx, root)
	if err != nil {
		return Legacy{}, false, err
	}
	rows, err := r.countLegacy(ctx)
	if err != nil {
		return Legacy{}, false, err
	}
	res, err := r.db.Writer().ExecContext(ctx, `INSERT INTO workspace_legacy(one, workspace_id, reason, decided_at) VALUES(1, ?, ?, ?)
		ON CONFLICT(one) DO NOTHING`, id, reason, time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return Legacy{}, false, fmt.Errorf("record the owner of rows from before workspaces: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 { // another process decided first
		l, _, err := r.legacy(ctx)
		return l, false, err
	}
	key, _ := Key(root) // ID succeeded, so the key does too
	return Legacy{ID: id, Root: key, Reason: reason, Rows: rows}, true, nil
}

func (r *Registry) legacy(ctx context.Context) (Legacy, bool, error) {
	var l Legacy
	err := r.db.Writer().QueryRowContext(ctx, `SELECT l.workspace_id, w.root, l.reason FROM workspace_legacy l
		JOIN workspaces w ON w.id = l.workspace_id`).Scan(&l.ID, &l.Root, &l.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return Legacy{}, false, nil
	}
	if err != nil {
		return Legacy{}, false, fmt.Errorf("owner of rows from before workspaces: %w", err)
	}
	return l, true, nil
}

// countLegacy counts the rows of the scoped tables that exist yet.
func (r *Registry) countLegacy(ctx context.Context) (map[string]int, error) {
	out := map[string]int{}
	for _, t := range LegacyTables {
		var exists int
		if err := r.db.Writer().QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, t).Scan(&exists); err != nil {
			return nil, fmt.Errorf("look for %s: %w", t, err)
		}
		if exists == 0 {
			continue
		}
		var n int
		// t comes from LegacyTables, never from input
		if err := r.db.Writer().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t).Scan(&n); err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		if n > 0 {
			out[t] = n
		}
	}
	return out, nil
}
