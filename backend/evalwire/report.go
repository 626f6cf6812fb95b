package evalwire

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
	BaselineLast   = "last"   // the newest other finished run of the set
	BaselinePinned = "pinned" // the set's pinned baseline, else the last
)

// Card is a run's scorecard with its baseline and trend.
type Card struct {
	Scorecard *scorecard.Scorecard
	Trend     []scorecard.TrendPoint // finished runs of the set, oldest first
	Runs      []eval.Run             // every run of the set, oldest first
	Pinned    string                 // the set's pinned baseline run ID, if any
}

// BuildCard assembles a run's scorecard; baseline is a run ID or one of
// the Baseline* choices. A named baseline that does not exist is an error;
// "last" with no earlier run simply has no diff.
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
	if c.Pinned, err = PinnedBaseline(ctx, db, run.GoldenSet); err != nil {
		return nil, err
	}
	baseID := baseline
	switch baseline {
	case BaselineNone:
	case BaselinePinned, BaselineLast:
		if baseline == BaselinePinned && c.Pinned != "" && c.Pinned != runID {
			baseID = c.Pinned
			break
		}
		last, err := st.LastRun(ctx, run.GoldenSet, runID)
		switch {
		case errors.Is(err, eval.ErrRunNotFound):
			baseID = ""
		case err != nil:
			return nil, err
		default:
			baseID = last.ID
		}
	}
	if baseID != "" {
		base, err := st.Run(ctx, baseID)
		if err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
		if base.GoldenSet != run.GoldenSet {
			return nil, fmt.Errorf("baseline %s is a run of golden set %q, not %q", baseID, base.GoldenSet, run.GoldenSet)
		}
		bsc, err := card(ctx, st, base)
		if err != nil {
			return nil, err
		}
		d := scorecard.Compare(bsc, sc, scorecard.DefaultTolerance)
		sc.Baseline = &d
	}
	if c.Runs, err = st.Runs(ctx, run.GoldenSet); err != nil {
		return nil, err
	}
	var cards []*scorecard.Scorecard
	for _, r := range c.Runs {
		if r.Status != eval.StatusDone && r.ID != runID {
			continue
		}
		if r.ID == runID {
			cards = append(cards, sc)
			continue
		}
		rc, err := card(ctx, st, r)
		if err != nil {
			return nil, err
		}
		cards = append(cards, rc)
	}
	c.Trend = scorecard.Trend(cards)
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

var baselineMigrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE eval_baselines (
	golden_set TEXT PRIMARY KEY,
	run_id     TEXT NOT NULL
);`}}

// PinnedBaseline is the run pinned as a set's baseline, or "".
func PinnedBaseline(ctx context.Context, db *store.DB, set string) (string, error) {
	if err := db.Migrate(ctx, "eval_baseline", baselineMigrations); err != nil {
		return "", err
	}
	var id string
	err := db.Reader().QueryRowContext(ctx, `SELECT run_id FROM eval_baselines WHERE golden_set = ?`, set).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("pinned baseline of %q: %w", set, err)
	}
	return id, nil
}

// PinBaseline remembers runID as its set's baseline.
func PinBaseline(ctx context.Context, db *store.DB, st *eval.Store, runID string) (eval.Run, error) {
	run, err := st.Run(ctx, runID)
	if err != nil {
		return eval.Run{}, err
	}
	if err := db.Migrate(ctx, "eval_baseline", baselineMigrations); err != nil {
		return eval.Run{}, err
	}
	_, err = db.Writer().ExecContext(ctx, `INSERT INTO eval_baselines(golden_set, run_id) VALUES(?, ?)
		ON CONFLICT(golden_set) DO UPDATE SET run_id = excluded.run_id`, run.GoldenSet, runID)
	if err != nil {
		return eval.Run{}, fmt.Errorf("pin baseline: %w", err)
	}
	return run, nil
}
