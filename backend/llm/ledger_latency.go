package llm

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"continuity/backend/store"
)

// LatencyQuery picks the recorded calls whose latency predicts the next
// run's: the models and roles it will call, most recent first.
type LatencyQuery struct {
	Models []string
	Roles  []Role
	Limit  int // most recent calls looked at; 0 means 200
}

// LatencySample is the median latency of the calls a query found.
type LatencySample struct {
	Calls  int
	Median time.Duration
}

// MedianLatency is the median latency of the most recent successful
// first-attempt calls matching q in the stored ledger. Failed and retried
// calls are left out: their time is timeouts and backoff, not what a call
// takes. Calls == 0 when none match.
func MedianLatency(ctx context.Context, db *store.DB, q LatencyQuery) (LatencySample, error) {
	if len(q.Models) == 0 || len(q.Roles) == 0 {
		return LatencySample{}, nil
	}
	if err := db.Migrate(ctx, "llm", migrations); err != nil {
		return LatencySample{}, err
	}
	if q.Limit <= 0 {
		q.Limit = 200
	}
	args := make([]any, 0, len(q.Models)+len(q.Roles)+2)
	for _, m := range q.Models {
		args = append(args, m)
	}
	for _, r := range q.Roles {
		args = append(args, string(r))
	}
	args = append(args, OutcomeOK, q.Limit)
	rows, err := db.Reader().QueryContext(ctx, `SELECT latency_ms FROM llm_calls
		WHERE model IN (`+placeholders(len(q.Models))+`) AND role IN (`+placeholders(len(q.Roles))+`)
		AND outcome = ? AND retries = 0
		ORDER BY id DESC LIMIT ?`, args...)
	if err != nil {
		return LatencySample{}, fmt.Errorf("median latency of %s: %w", strings.Join(q.Models, ", "), err)
	}
	defer rows.Close()
	var ms []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return LatencySample{}, fmt.Errorf("median latency of %s: %w", strings.Join(q.Models, ", "), err)
		}
		ms = append(ms, v)
	}
	if err := rows.Err(); err != nil {
		return LatencySample{}, fmt.Errorf("median latency of %s: %w", strings.Join(q.Models, ", "), err)
	}
	return LatencySample{Calls: len(ms), Median: median(ms)}, nil
}

func median(ms []int64) time.Duration {
	if len(ms) == 0 {
		return 0
	}
	slices.Sort(ms)
	n := len(ms)
	m := ms[n/2]
	if n%2 == 0 {
		m = (ms[n/2-1] + ms[n/2]) / 2
	}
	return time.Duration(m) * time.Millisecond
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}
