package evalrun

import (
	"context"
	"database/sql"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// SetGate is a golden set's gate: the effective thresholds (a metric missing
// from Thresholds is advisory) and which metrics the set overrides.
type SetGate struct {
	Set        string
	Thresholds scorecard.Thresholds
	Custom     map[eval.Metric]bool
}

// Thresholds loads the gate of set in workspace ws: the release defaults
// with its overrides.
func Thresholds(ctx context.Context, db *store.DB, ws, set string) (SetGate, error) {
	if err := requireSet(ctx, db, ws, set); err != nil {
		return SetGate{}, err
	}
	return loadGate(ctx, db, ws, set)
}

// SaveThresholds validates every edit, applies them in one transaction and
// returns the set's new gate. Runs already recorded keep the thresholds
// they were gated with.
func SaveThresholds(ctx context.Context, db *store.DB, ws, set string, edits []scorecard.ThresholdEdit) (SetGate, error) {
	seen := map[eval.Metric]bool{}
	for _, e := range edits {
		if err := e.Validate(); err != nil {
			return SetGate{}, err
		}
		if seen[e.Metric] {
			return SetGate{}, fmt.Errorf("%w: %s is given more than once", scorecard.ErrInvalidThreshold, e.Metric)
		}
		seen[e.Metric] = true
	}
	if err := requireSet(ctx, db, ws, set); err != nil {
		return SetGate{}, err
	}
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		for _, e := range edits {
			var err error
			if e.Reset {
				_, err = tx.ExecContext(ctx, `DELETE FROM eval_thresholds WHERE workspace_id = ? AND golden_set = ? AND metric = ?`, ws, set, string(e.Metric))
			} else {
				var v sql.NullFloat64
				if e.Threshold != nil {
					v = sql.NullFloat64{Float64: *e.Threshold, Valid: true}
				}
				_, err = tx.ExecContext(ctx, `INSERT INTO eval_thresholds(workspace_id, golden_set, metric, threshold) VALUES(?,?,?,?)
					ON CONFLICT(workspace_id, golden_set, metric) DO UPDATE SET threshold = excluded.threshold`, ws, set, string(e.Metric), v)
			}
			if err != nil {
				return fmt.Errorf("save %s threshold of %q: %w", e.Metric, set, err)
			}
		}
		return nil
	})
	if err != nil {
		return SetGate{}, err
	}
	return loadGate(ctx, db, ws, set)
}

func requireSet(ctx context.Context, db *store.DB, ws, set string) error {
	if err := golden.ValidateName(set); err != nil {
		return err
	}
	if err := migrateThresholds(ctx, db); err != nil {
		return err
	}
	repo, err := golden.NewRepo(ctx, db, ws)
	if err != nil {
		return err
	}
	_, err = repo.Set(ctx, set) // a missing set is a *golden.NotFoundError: each face says how to import one
	return err
}

func loadGate(ctx context.Context, db *store.DB, ws, set string) (SetGate, error) {
	rows, err := db.Reader().QueryContext(ctx, `SELECT metric, threshold FROM eval_thresholds WHERE workspace_id = ? AND golden_set = ?`, ws, set)
	if err != nil {
		return SetGate{}, fmt.Errorf("thresholds of %q: %w", set, err)
	}
	defer rows.Close()
	var edits []scorecard.ThresholdEdit
	custom := map[eval.Metric]bool{}
	for rows.Next() {
		var name string
		var v sql.NullFloat64
		if err := rows.Scan(&name, &v); err != nil {
			return SetGate{}, fmt.Errorf("thresholds of %q: %w", set, err)
		}
		m, err := scorecard.ParseMetric(name)
		if err != nil { // a metric this build no longer knows: say so rather than drop it
			return SetGate{}, fmt.Errorf("stored thresholds of %q: %w", set, err)
		}
		e := scorecard.ThresholdEdit{Metric: m}
		if v.Valid {
			e.Threshold = &v.Float64
		}
		edits = append(edits, e)
		custom[m] = true
	}
	if err := rows.Err(); err != nil {
		return SetGate{}, fmt.Errorf("thresholds of %q: %w", set, err)
	}
	def := scorecard.DefaultThresholds()
	return SetGate{Set: set, Thresholds: def.Apply(edits, def), Custom: custom}, nil
}

// GateRow is one metric of a set's gate as the faces show it; Threshold is
// nil when the metric is reported but not gated.
type GateRow struct {
	Metric    string   `json:"metric"`
	Threshold *float64 `json:"threshold"`
	Gated     bool     `json:"gated"`
	Custom    bool     `json:"custom"` // the set overrides the release default
}

// Rows is the gate metric by metric, in eval.AllMetrics order.
func (g SetGate) Rows() []GateRow {
	out := make([]GateRow, 0, len(eval.AllMetrics))
	for _, m := range eval.AllMetrics {
		t := GateRow{Metric: string(m), Custom: g.Custom[m]}
		if v, ok := g.Thresholds[m]; ok {
			t.Threshold, t.Gated = &v, true
		}
		out = append(out, t)
	}
	return out
}
