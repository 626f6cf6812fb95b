package eval

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

var (
	// ErrRunExists: a run of that ID is already stored.
	ErrRunExists = errors.New("a run of that ID is already stored")
	// ErrBadRun: a sent run is not whole (no ID, results of another run, a question twice).
	ErrBadRun = errors.New("the run is not whole")
)

// Import stores a finished run made elsewhere (a CI job's, sent to the team
// server) with all its results in one transaction: a crash or a refused
// result leaves no half-written run.
func (s *Store) Import(ctx context.Context, r Run, results []QuestionResult) error {
	if r.ID == "" {
		return fmt.Errorf("import run: %w: no run ID", ErrBadRun)
	}
	seen := map[string]bool{}
	for _, q := range results {
		if q.RunID != r.ID {
			return fmt.Errorf("import run %s: %w: result %s belongs to run %q", r.ID, ErrBadRun, q.QuestionID, q.RunID)
		}
		if q.QuestionID == "" || seen[q.QuestionID] {
			return fmt.Errorf("import run %s: %w: question %q is missing its ID or comes twice", r.ID, ErrBadRun, q.QuestionID)
		}
		seen[q.QuestionID] = true
	}
	meta, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode run %s: %w", r.ID, err)
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM eval_runs WHERE id = ?`, r.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %s", ErrRunExists, r.ID)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO eval_runs(id, workspace_id, golden_set, status, started_at, meta) VALUES(?,?,?,?,?,?)`,
			r.ID, s.workspace, r.GoldenSet, r.Status, r.StartedAt, string(meta)); err != nil {
			return err
		}
		for _, q := range results {
			body, err := json.Marshal(q)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO eval_results(run_id, question_id, failed, result) VALUES(?,?,?,?)`,
				q.RunID, q.QuestionID, boolInt(q.Error != ""), string(body)); err != nil {
				return fmt.Errorf("result %s: %w", q.QuestionID, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("import run %s: %w", r.ID, err)
	}
	return nil
}
