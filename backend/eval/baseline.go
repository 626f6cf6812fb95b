package eval

import (
	"context"
	"fmt"
)

// SkippedRun is a run that "last" passed over as a baseline, and why.
type SkippedRun struct {
	RunID     string `json:"run_id"`
	StartedAt string `json:"started_at"`
	Reason    string `json:"reason"`
}

// Incomparable lists why base's numbers cannot stand as cur's baseline
// without a caveat: another engine, judge, target or other models measure
// on another scale (or another system), so every delta would be a change
// of instrument, not of quality.
// A model one of the runs did not record is not a difference.
func Incomparable(base, cur Run) []string {
	var why []string
	if base.Engine != cur.Engine {
		why = append(why, fmt.Sprintf("engine %s, this run %s", base.Engine, cur.Engine))
	}
	differ := func(what, b, c string) {
		if b != "" && c != "" && b != c {
			why = append(why, fmt.Sprintf("%s %s, this run %s", what, b, c))
		}
	}
	differ("answer model", base.AnswerModel, cur.AnswerModel)
	differ("judge model", base.JudgeModel, cur.JudgeModel)
	// each engine's own judges differ with it, which the engine line says
	if b, c := base.JudgeOf(), cur.JudgeOf(); b != c && (b == string(JudgeNone) || c == string(JudgeNone)) {
		why = append(why, fmt.Sprintf("judge %s, this run %s", b, c))
	}
	if b, c := base.Target.Identity(), cur.Target.Identity(); b != c {
		why = append(why, fmt.Sprintf("target %s, this run %s", b, c))
	}
	return why
}

// LastBaseline is the newest earlier run of cur's golden set that can
// stand as its baseline: finished, complete, with no question in error, and on the same
// engine and models. skipped are the newer runs passed over, newest first.
// When none qualifies the error wraps ErrRunNotFound and skipped still
// says why each run was refused.
func (s *Store) LastBaseline(ctx context.Context, cur Run) (Run, []SkippedRun, error) {
	runs, err := s.Runs(ctx, cur.GoldenSet)
	if err != nil {
		return Run{}, nil, err
	}
	counts, err := s.resultCounts(ctx, cur.GoldenSet)
	if err != nil {
		return Run{}, nil, err
	}
	skipped := []SkippedRun{}
	// a baseline is what came before: Runs lists in the order runs were
	// started, so only runs listed before a stored cur count (StartedAt has
	// whole seconds, and two runs can share one); for a cur not stored yet,
	// RFC3339 UTC strings order as the times do
	from := len(runs) - 1
	for i, r := range runs {
		if r.ID == cur.ID {
			from = i - 1
		}
	}
	for i := from; i >= 0; i-- {
		r := runs[i]
		if r.ID == cur.ID || (cur.StartedAt != "" && r.StartedAt > cur.StartedAt) {
			continue
		}
		c := counts[r.ID]
		why := Incomparable(r, cur)
		switch {
		case r.Status != StatusDone:
			why = append([]string{"status " + r.Status}, why...)
		case c.failed > 0:
			why = append([]string{fmt.Sprintf("%d of %d questions failed with an error", c.failed, c.saved)}, why...)
		case c.saved < r.Questions:
			why = append([]string{fmt.Sprintf("incomplete: %d of %d questions saved", c.saved, r.Questions)}, why...)
		}
		if len(why) == 0 {
			return r, skipped, nil
		}
		reason := why[0]
		for _, w := range why[1:] {
			reason += "; " + w
		}
		skipped = append(skipped, SkippedRun{RunID: r.ID, StartedAt: r.StartedAt, Reason: reason})
	}
	return Run{}, skipped, fmt.Errorf("%w: no earlier finished, error-free %s run of %q on the same models", ErrRunNotFound, cur.Engine, cur.GoldenSet)
}

type resultCount struct{ saved, failed int }

// resultCounts are the saved and failed question counts of every run of a set.
func (s *Store) resultCounts(ctx context.Context, goldenSet string) (map[string]resultCount, error) {
	rows, err := s.db.Reader().QueryContext(ctx, `SELECT r.run_id, COUNT(*), SUM(r.failed) FROM eval_results r
		JOIN eval_runs u ON u.id = r.run_id WHERE u.workspace_id = ? AND u.golden_set = ? GROUP BY r.run_id`, s.workspace, goldenSet)
	if err != nil {
		return nil, fmt.Errorf("count results of %q: %w", goldenSet, err)
	}
	defer rows.Close()
	out := map[string]resultCount{}
	for rows.Next() {
		var id string
		var c resultCount
		if err := rows.Scan(&id, &c.saved, &c.failed); err != nil {
			return nil, fmt.Errorf("count results of %q: %w", goldenSet, err)
		}
		out[id] = c
	}
	return out, rows.Err()
}
