package eval

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// ErrRunNotFound is returned for an unknown run ID.
var ErrRunNotFound = errors.New("evaluation run not found")

// Store persists one workspace's runs and per-question results in the
// shared SQLite file.
type Store struct {
	db        *store.DB
	workspace string
}

// OpenStore migrates the "eval" tables and returns the store of the
// workspace with id ws: its runs are the only ones it lists or loads.
func OpenStore(ctx context.Context, db *store.DB, ws string) (*Store, error) {
	if err := workspace.MigrateScoped(ctx, db, ws, "evaluation runs", Component, migrations); err != nil {
		return nil, err
	}
	return &Store{db: db, workspace: ws}, nil
}

// Workspace is the id of the workspace the store serves.
func (s *Store) Workspace() string { return s.workspace }

// DB is the database the store writes to, for the use cases that keep a
// set's baseline and thresholds beside its runs.
func (s *Store) DB() *store.DB { return s.db }

// PutRun inserts or replaces a run's record.
func (s *Store) PutRun(ctx context.Context, r Run) error {
	meta, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode run %s: %w", r.ID, err)
	}
	// a run never changes workspace: an update of another workspace's
	// run ID changes nothing and is refused
	res, err := s.db.Writer().ExecContext(ctx, `INSERT INTO eval_runs(id, workspace_id, golden_set, status, started_at, meta) VALUES(?,?,?,?,?,?)
		ON CONFLICT(id) DO UPDATE SET status=excluded.status, meta=excluded.meta WHERE workspace_id = excluded.workspace_id`,
		r.ID, s.workspace, r.GoldenSet, r.Status, r.StartedAt, string(meta))
	if err != nil {
		return fmt.Errorf("save run %s: %w", r.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("save run %s: %w", r.ID, ErrRunNotFound)
	}
	return nil
}

// SaveResult stores one question's result; a re-run replaces it.
func (s *Store) SaveResult(ctx context.Context, r QuestionResult) error {
	body, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode result %s/%s: %w", r.RunID, r.QuestionID, err)
	}
	_, err = s.db.Writer().ExecContext(ctx, `INSERT INTO eval_results(run_id, question_id, failed, result) VALUES(?,?,?,?)
		ON CONFLICT(run_id, question_id) DO UPDATE SET failed=excluded.failed, result=excluded.result`,
		r.RunID, r.QuestionID, boolInt(r.Error != ""), string(body))
	if err != nil {
		return fmt.Errorf("save result %s/%s: %w", r.RunID, r.QuestionID, err)
	}
	return nil
}

// Run loads one run's record.
func (s *Store) Run(ctx context.Context, id string) (Run, error) {
	var meta string
	err := s.db.Reader().QueryRowContext(ctx, `SELECT meta FROM eval_runs WHERE id = ? AND workspace_id = ?`, id, s.workspace).Scan(&meta)
	if errors.Is(err, sql.ErrNoRows) {
		return Run{}, fmt.Errorf("%w: %s", ErrRunNotFound, id)
	}
	if err != nil {
		return Run{}, fmt.Errorf("load run %s: %w", id, err)
	}
	var r Run
	if err := json.Unmarshal([]byte(meta), &r); err != nil {
		return Run{}, fmt.Errorf("decode run %s: %w", id, err)
	}
	return r, nil
}

// Runs lists the workspace's runs oldest first; goldenSet "" lists every set.
func (s *Store) Runs(ctx context.Context, goldenSet string) ([]Run, error) {
	rows, err := s.db.Reader().QueryContext(ctx, `SELECT meta FROM eval_runs
		WHERE workspace_id = ? AND (? = '' OR golden_set = ?) ORDER BY started_at, rowid`, s.workspace, goldenSet, goldenSet)
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		var meta string
		if err := rows.Scan(&meta); err != nil {
			return nil, fmt.Errorf("list runs: %w", err)
		}
		var r Run
		if err := json.Unmarshal([]byte(meta), &r); err != nil {
			return nil, fmt.Errorf("decode run: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Results loads a run's question results in question-ID order.
func (s *Store) Results(ctx context.Context, runID string) ([]QuestionResult, error) {
	rows, err := s.db.Reader().QueryContext(ctx, `SELECT r.result FROM eval_results r
		JOIN eval_runs u ON u.id = r.run_id WHERE r.run_id = ? AND u.workspace_id = ? ORDER BY r.question_id`, runID, s.workspace)
	if err != nil {
		return nil, fmt.Errorf("load results of %s: %w", runID, err)
	}
	defer rows.Close()
	var out []QuestionResult
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, fmt.Errorf("load results of %s: %w", runID, err)
		}
		var r QuestionResult
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			return nil, fmt.Errorf("decode a result of %s: %w", runID, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// finished are the question IDs of a run that completed without error;
// resuming skips them and re-runs failed ones.
func (s *Store) finished(ctx context.Context, runID string) (map[string]bool, error) {
	rows, err := s.db.Reader().QueryContext(ctx, `SELECT r.question_id FROM eval_results r
		JOIN eval_runs u ON u.id = r.run_id WHERE r.run_id = ? AND u.workspace_id = ? AND r.failed = 0`, runID, s.workspace)
	if err != nil {
		return nil, fmt.Errorf("finished questions of %s: %w", runID, err)
	}
	defer rows.Close()
	done := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		done[id] = true
	}
	return done, rows.Err()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
