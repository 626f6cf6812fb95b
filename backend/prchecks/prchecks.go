// Package prchecks keeps the findings of the pull-request checks CI sends
// to the team server (`check --changed --server`), so the team sees what
// each change was gated on, not only the CI log.
package prchecks

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"continuity/backend/changed"
	"continuity/backend/store"
)

var migrations = []store.Migration{{Version: 1, SQL: `CREATE TABLE pr_checks (
	id           INTEGER PRIMARY KEY AUTOINCREMENT,
	workspace_id TEXT NOT NULL,
	created_at   TEXT NOT NULL,
	created_by   TEXT NOT NULL,
	ref          TEXT NOT NULL,
	base         TEXT NOT NULL,
	contradicted INTEGER NOT NULL,
	report       TEXT NOT NULL
);
CREATE INDEX pr_checks_ws ON pr_checks(workspace_id, id)`}}

// Repo is one workspace's recorded PR checks.
type Repo struct {
	db        *store.DB
	workspace string
}

// NewRepo migrates the table and returns the workspace's repo.
func NewRepo(ctx context.Context, db *store.DB, ws string) (*Repo, error) {
	if err := db.Migrate(ctx, "prchecks", migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db, workspace: ws}, nil
}

// Entry is one recorded check of a change.
type Entry struct {
	ID           int64          `json:"id"`
	CreatedAt    string         `json:"created_at"`
	CreatedBy    string         `json:"created_by"`
	Ref          string         `json:"ref"` // what CI says was checked: a branch, a PR, a commit
	Base         string         `json:"base"`
	Contradicted int            `json:"contradicted"`
	Report       changed.Report `json:"report"`
}

// Record keeps one report and returns its ID.
func (r *Repo) Record(ctx context.Context, by, ref string, rep changed.Report) (int64, error) {
	raw, err := json.Marshal(rep)
	if err != nil {
		return 0, fmt.Errorf("encode PR check: %w", err)
	}
	var id int64
	err = r.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO pr_checks (workspace_id, created_at, created_by, ref, base, contradicted, report) VALUES (?,?,?,?,?,?,?)`,
			r.workspace, time.Now().UTC().Format(time.RFC3339Nano), by, ref, rep.Base, rep.Summary.Contradicted, string(raw))
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("record PR check: %w", err)
	}
	return id, nil
}

// List is the newest limit checks, newest first.
func (r *Repo) List(ctx context.Context, limit int) ([]Entry, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT id, created_at, created_by, ref, base, contradicted, report FROM pr_checks
		WHERE workspace_id = ? ORDER BY id DESC LIMIT ?`, r.workspace, limit)
	if err != nil {
		return nil, fmt.Errorf("list PR checks: %w", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var raw string
		if err := rows.Scan(&e.ID, &e.CreatedAt, &e.CreatedBy, &e.Ref, &e.Base, &e.Contradicted, &raw); err != nil {
			return nil, fmt.Errorf("list PR checks: %w", err)
		}
		if err := json.Unmarshal([]byte(raw), &e.Report); err != nil {
			return nil, fmt.Errorf("PR check %d: %w", e.ID, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
