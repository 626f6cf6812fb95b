package evalrun

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// Baseline choices besides a run ID.
const (
	BaselineNone   = ""
	BaselineLast   = "last"   // the newest earlier run of the set that can stand as a baseline
	BaselinePinned = "pinned" // the set's pinned baseline, else the last
)

// Card is a run's scorecard with its baseline and trend.
type Card struct {
	Scorecard *scorecard.Scorecard
	Baseline  *BaselineChoice        // which run the baseline resolved to; nil without one asked for
	Trend     []scorecard.TrendPoint // finished runs of the set, oldest first
	Runs      []eval.Run             // every run of the set, oldest first
	Pinned    string                 // the set's pinned baseline run ID, if any
}

// BaselineChoice says which run a baseline request resolved to, so a diff
// is never against a run the reader did not know was picked.
type BaselineChoice struct {
	Requested string            `json:"requested"`            // last, pinned or the run ID asked for
	RunID     string            `json:"run_id"`               // "" when no run qualified
	StartedAt string            `json:"started_at,omitempty"` // of the chosen run
	Skipped   []eval.SkippedRun `json:"skipped"`              // newer runs "last" passed over, newest first
	Warnings  []string          `json:"warnings"`             // why a named or pinned baseline is a poor comparison
	Note      string            `json:"note"`                 // the choice in one line
}

// BuildCard assembles a run's scorecard; baseline is a run ID or one of
// the Baseline* choices. A named baseline that does not exist is an error;
// "last" with no qualifying earlier run has no diff and says so.
func BuildCard(ctx context.Context, db *store.DB, st *eval.Store, runID, baseline string) (*Card, error) {
	run, err := st.Run(ctx, runID)
	if err != nil {
		return nil, err
	}
	sc, err := card(ctx, st, run)
	if err != nil {
		return nil, err
	}
	c := &Card{Scorecard: sc}
	if c.Pinned, err = PinnedBaseline(ctx, db, st.Workspace(), run.GoldenSet); err != nil {
		return nil, err
	}
	if baseline != BaselineNone {
		if c.Baseline, err = chooseBaseline(ctx, st, sc.Run, baseline, c.Pinned); err != nil {
			return nil, err
		}
	}
	if c.Baseline != nil && c.Baseline.RunID != "" {
		base, err := st.Run(ctx, c.Baseline.RunID)
		if err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
		bsc, err := card(ctx, st, base)
		if err != nil {
			return nil, err
		}
		d, err := compareCards(ctx, bsc, sc)
		if err != nil {
			return nil, err
		}
		sc.AttachBaseline(d) // a new contradiction fails the gate
	}
	if c.Runs, err = st.Runs(ctx, run.GoldenSet); err != nil {
		return nil, err
	}
	if c.Trend, err = SetTrend(ctx, db, st, c.Runs, sc); err != nil {
		return nil, err
	}
	return c, nil
}

func card(ctx context.Context, st *eval.Store, run eval.Run) (*scorecard.Scorecard, error) {
	res, err := st.Results(ctx, run.ID)
	if err != nil {
		return nil, err
	}
	// The run's recorded thresholds, so later edits never rewrite an old
	// scorecard; {} means every metric was advisory, only a run recorded
	// before thresholds were stored (nil) falls back to the defaults.
	th := scorecard.Thresholds(run.Thresholds)
	if run.Thresholds == nil {
		th = scorecard.DefaultThresholds()
	}
	return scorecard.Build(run, res, th), nil
}

// PinnedBaseline is the run pinned as a set's baseline in workspace ws, or "".
func PinnedBaseline(ctx context.Context, db *store.DB, ws, set string) (string, error) {
	if err := migrateBaselines(ctx, db); err != nil {
		return "", err
	}
	var id string
	err := db.Reader().QueryRowContext(ctx, `SELECT run_id FROM eval_baselines WHERE workspace_id = ? AND golden_set = ?`, ws, set).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("pinned baseline of %q: %w", set, err)
	}
	return id, nil
}

// PinBaseline remembers runID as its set's baseline in the store's workspace.
func PinBaseline(ctx context.Context, db *store.DB, st *eval.Store, runID string) (eval.Run, error) {
	run, err := st.Run(ctx, runID)
	if err != nil {
		return eval.Run{}, err
	}
	if err := migrateBaselines(ctx, db); err != nil {
		return eval.Run{}, err
	}
	_, err = db.Writer().ExecContext(ctx, `INSERT INTO eval_baselines(workspace_id, golden_set, run_id) VALUES(?, ?, ?)
		ON CONFLICT(workspace_id, golden_set) DO UPDATE SET run_id = excluded.run_id`, st.Workspace(), run.GoldenSet, runID)
	if err != nil {
		return eval.Run{}, fmt.Errorf("pin baseline: %w", err)
	}
	return run, nil
}
