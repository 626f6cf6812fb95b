package llm

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"continuity/backend/store"
)

var migrations = []store.Migration{
	{Version: 1, SQL: `CREATE TABLE llm_calls (
		id             INTEGER PRIMARY KEY,
		at             TEXT NOT NULL,
		job            TEXT NOT NULL DEFAULT '',
		role           TEXT NOT NULL,
		model          TEXT NOT NULL,
		prompt         TEXT NOT NULL,
		prompt_version TEXT NOT NULL,
		input_tokens   INTEGER,          -- NULL: the server reported no usage
		output_tokens  INTEGER,
		latency_ms     INTEGER NOT NULL,
		retries        INTEGER NOT NULL,
		outcome        TEXT NOT NULL,
		error          TEXT NOT NULL DEFAULT '',
		cost_usd       REAL              -- NULL: no price for this model
	);
	CREATE INDEX llm_calls_job ON llm_calls(job);`},
}

func persist(ctx context.Context, db *store.DB, c Call) error {
	var in, out, cost sql.NullFloat64
	if c.UsageReported {
		in = sql.NullFloat64{Float64: float64(c.Usage.InputTokens), Valid: true}
		out = sql.NullFloat64{Float64: float64(c.Usage.OutputTokens), Valid: true}
	}
	if c.CostKnown {
		cost = sql.NullFloat64{Float64: c.CostUSD, Valid: true}
	}
	_, err := db.Writer().ExecContext(ctx, `INSERT INTO llm_calls
		(at, job, role, model, prompt, prompt_version, input_tokens, output_tokens, latency_ms, retries, outcome, error, cost_usd)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.At.Format(time.RFC3339Nano), c.Job, string(c.Role), c.Model, c.Prompt, c.PromptVersion,
		in, out, c.Latency.Milliseconds(), c.Retries, c.Outcome, c.Error, cost)
	if err != nil {
		return fmt.Errorf("record llm call: %w", err)
	}
	return nil
}

// StoredJobTotals sums the persisted calls of job, including those of
// earlier runs of the app. Costs come from the price at call time.
func StoredJobTotals(ctx context.Context, db *store.DB, job string) (Totals, error) {
	if err := db.Migrate(ctx, "llm", migrations); err != nil {
		return Totals{}, err
	}
	rows, err := db.Reader().QueryContext(ctx, `SELECT model, input_tokens, output_tokens, latency_ms, retries, outcome, cost_usd
		FROM llm_calls WHERE job = ? ORDER BY id`, job)
	if err != nil {
		return Totals{}, fmt.Errorf("sum llm calls of job %s: %w", job, err)
	}
	defer rows.Close()
	t := Totals{Cost: Cost{Known: true}}
	for rows.Next() {
		var c Call
		var in, out sql.NullInt64
		var cost sql.NullFloat64
		var lat int64
		if err := rows.Scan(&c.Model, &in, &out, &lat, &c.Retries, &c.Outcome, &cost); err != nil {
			return Totals{}, fmt.Errorf("sum llm calls of job %s: %w", job, err)
		}
		c.UsageReported = in.Valid
		c.Usage = Usage{InputTokens: int(in.Int64), OutputTokens: int(out.Int64)}
		c.Latency = time.Duration(lat) * time.Millisecond
		c.CostUSD, c.CostKnown = cost.Float64, cost.Valid
		t.add(c)
	}
	return t, rows.Err()
}
