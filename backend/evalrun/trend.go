package evalrun

import (
	"context"
	"encoding/json"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// trendVersion names how a trend point is computed; raising it when
// scorecard.Build or Trend changes makes every stored point recomputed.
const trendVersion = 1

var trendMigrations = []store.Migration{{Version: 1, SQL: `CREATE TABLE eval_trend_points (
	run_id TEXT PRIMARY KEY,
	key    TEXT NOT NULL,
	point  TEXT NOT NULL
)`}}

// SetTrend is the trend of a golden set: one point per finished run,
// oldest first. A finished run's point is a pure function of its record
// and results, which never change once it is done, so it is computed once
// and kept: the trend of a set with a thousand runs of a thousand questions
// reads a thousand small rows, not a million results. current, when not
// nil, is the point of a run being shown (it may not be stored yet).
func SetTrend(ctx context.Context, db *store.DB, st *eval.Store, runs []eval.Run, current *scorecard.Scorecard) ([]scorecard.TrendPoint, error) {
	if err := db.Migrate(ctx, "eval_trend", trendMigrations); err != nil {
		return nil, err
	}
	stored, err := storedPoints(ctx, db, runs)
	if err != nil {
		return nil, err
	}
	out := []scorecard.TrendPoint{}
	for _, r := range runs {
		if current != nil && r.ID == current.Run.ID {
			out = append(out, scorecard.Trend([]*scorecard.Scorecard{current})...)
			continue
		}
		if r.Status != eval.StatusDone {
			continue
		}
		if p, ok := stored[r.ID]; ok && p.key == trendKey(r) {
			out = append(out, p.point)
			continue
		}
		p, err := trendPoint(ctx, db, st, r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// trendKey changes whenever the run could have new results: a resume sets
// it running and finishes it again (a new FinishedAt, and a corpus change
// when it found one).
func trendKey(r eval.Run) string {
	return fmt.Sprintf("v%d|%s|%s|%d", trendVersion, r.Status, r.FinishedAt, len(r.CorpusChanges))
}

type storedPoint struct {
	key   string
	point scorecard.TrendPoint
}

// storedPoints reads the kept points of runs in one query: a trend of a
// thousand runs is one read, not a thousand.
func storedPoints(ctx context.Context, db *store.DB, runs []eval.Run) (map[string]storedPoint, error) {
	out := map[string]storedPoint{}
	if len(runs) == 0 {
		return out, nil
	}
	ids, err := json.Marshal(runIDs(runs))
	if err != nil {
		return nil, err
	}
	rows, err := db.Reader().QueryContext(ctx, `SELECT run_id, key, point FROM eval_trend_points WHERE run_id IN (SELECT value FROM json_each(?))`, string(ids))
	if err != nil {
		return nil, fmt.Errorf("trend points: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, key, raw string
		if err := rows.Scan(&id, &key, &raw); err != nil {
			return nil, fmt.Errorf("trend points: %w", err)
		}
		var p scorecard.TrendPoint
		if json.Unmarshal([]byte(raw), &p) == nil { // an unreadable point is recomputed
			out[id] = storedPoint{key: key, point: p}
		}
	}
	return out, rows.Err()
}

func runIDs(runs []eval.Run) []string {
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.ID
	}
	return ids
}

// trendPoint computes a run's point and keeps it.
func trendPoint(ctx context.Context, db *store.DB, st *eval.Store, r eval.Run) (scorecard.TrendPoint, error) {
	sc, err := card(ctx, st, r)
	if err != nil {
		return scorecard.TrendPoint{}, err
	}
	p := scorecard.Trend([]*scorecard.Scorecard{sc})[0]
	if b, err := json.Marshal(p); err == nil {
		// a point that cannot be kept is computed again next time; the
		// trend shown is the same either way, so this is no reader's error
		_, _ = db.Writer().ExecContext(ctx, `INSERT INTO eval_trend_points(run_id, key, point) VALUES(?,?,?)
			ON CONFLICT(run_id) DO UPDATE SET key = excluded.key, point = excluded.point`, r.ID, trendKey(r), string(b))
	}
	return p, nil
}
