// Package stored keeps a workspace's calibrated contradicted threshold in
// the app's SQLite store, keyed by workspace: `continuity calibrate`
// saves it (backend/calibrate), every offline check of that workspace
// applies it (backend/check), `calibrate --reset` removes it. It is its
// own package because check reads it and calibrate runs checks.
package stored

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "calibration"

var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE calibrations (
	workspace_id TEXT PRIMARY KEY,
	model        TEXT NOT NULL,
	threshold    REAL NOT NULL CHECK (threshold > 0 AND threshold <= 1),
	default_threshold REAL NOT NULL,
	changes      INTEGER NOT NULL,
	pairs        INTEGER NOT NULL,
	created_at   TEXT NOT NULL
);`}}

// Threshold is a workspace's contradicted threshold and what it was
// fitted on. Model is the full model name it was fitted for: a check with
// another model does not apply it.
type Threshold struct {
	Model            string    `json:"model"`
	Threshold        float64   `json:"threshold"`
	DefaultThreshold float64   `json:"default_threshold"`
	Changes          int       `json:"changes"` // workspace fact changes the pairs came from
	Pairs            int       `json:"pairs"`
	CreatedAt        time.Time `json:"created_at"`
}

// Describe is how a check's result names the threshold.
func (t Threshold) Describe() string {
	return fmt.Sprintf("contradicted threshold %.3f (model's %.3f) calibrated on %d workspace changes on %s",
		t.Threshold, t.DefaultThreshold, t.Changes, t.CreatedAt.Format(time.DateOnly))
}

// ErrInvalid means a threshold is out of (0, 1].
var ErrInvalid = errors.New("calibrated threshold must be in (0, 1]")

func migrate(ctx context.Context, db *store.DB) error {
	if err := workspace.Migrate(ctx, db); err != nil {
		return err
	}
	return db.Migrate(ctx, Component, migrations)
}

// Load is workspace ws's threshold; ok is false when it has none.
func Load(ctx context.Context, db *store.DB, ws string) (Threshold, bool, error) {
	if err := migrate(ctx, db); err != nil {
		return Threshold{}, false, err
	}
	var t Threshold
	var created string
	err := db.Reader().QueryRowContext(ctx, `SELECT model, threshold, default_threshold, changes, pairs, created_at
		FROM calibrations WHERE workspace_id = ?`, ws).Scan(&t.Model, &t.Threshold, &t.DefaultThreshold, &t.Changes, &t.Pairs, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Threshold{}, false, nil
	}
	if err != nil {
		return Threshold{}, false, fmt.Errorf("calibrated threshold: %w", err)
	}
	if t.CreatedAt, err = time.Parse(time.RFC3339, created); err != nil {
		return Threshold{}, false, fmt.Errorf("calibrated threshold: stored date %q: %w", created, err)
	}
	return t, true, nil
}

// Save replaces workspace ws's threshold.
func Save(ctx context.Context, db *store.DB, ws string, t Threshold) error {
	if !(t.Threshold > 0 && t.Threshold <= 1) {
		return fmt.Errorf("%w, got %g", ErrInvalid, t.Threshold)
	}
	if err := migrate(ctx, db); err != nil {
		return err
	}
	_, err := db.Writer().ExecContext(ctx, `INSERT INTO calibrations(workspace_id, model, threshold, default_threshold, changes, pairs, created_at)
		VALUES(?,?,?,?,?,?,?) ON CONFLICT(workspace_id) DO UPDATE SET model = excluded.model, threshold = excluded.threshold,
		default_threshold = excluded.default_threshold, changes = excluded.changes, pairs = excluded.pairs, created_at = excluded.created_at`,
		ws, t.Model, t.Threshold, t.DefaultThreshold, t.Changes, t.Pairs, t.CreatedAt.UTC().Format(time.RFC3339))
	if err != nil {
		return fmt.Errorf("save calibrated threshold: %w", err)
	}
	return nil
}

// Reset removes workspace ws's threshold; removed is false when it had none.
func Reset(ctx context.Context, db *store.DB, ws string) (bool, error) {
	if err := migrate(ctx, db); err != nil {
		return false, err
	}
	res, err := db.Writer().ExecContext(ctx, `DELETE FROM calibrations WHERE workspace_id = ?`, ws)
	if err != nil {
		return false, fmt.Errorf("reset calibrated threshold: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
