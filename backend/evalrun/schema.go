package evalrun

import (
	"context"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Components of this package in schema_migrations.
const (
	BaselineComponent  = "eval_baseline"
	ThresholdComponent = "eval_thresholds"
)

// Version 2 of both tables keys a set by its workspace too, so two
// workspaces' sets of one name keep their own baseline and gate. SQLite
// cannot change a primary key in place, so the tables are rebuilt; rows
// from before workspaces go to the legacy owner the session decided.
var baselineMigrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE eval_baselines (
	golden_set TEXT PRIMARY KEY,
	run_id     TEXT NOT NULL
);`}, {Version: 2, SQL: `
CREATE TABLE eval_baselines_v2 (
	workspace_id TEXT NOT NULL,
	golden_set   TEXT NOT NULL,
	run_id       TEXT NOT NULL,
	PRIMARY KEY (workspace_id, golden_set)
);
INSERT INTO eval_baselines_v2(workspace_id, golden_set, run_id)
	SELECT ` + workspace.LegacyOwnerSQL + `, golden_set, run_id FROM eval_baselines;
DROP TABLE eval_baselines;
ALTER TABLE eval_baselines_v2 RENAME TO eval_baselines;`}}

// A row overrides one metric's release default for one set; a NULL
// threshold means the set reports the metric without gating on it.
var thresholdMigrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE eval_thresholds (
	golden_set TEXT NOT NULL,
	metric     TEXT NOT NULL,
	threshold  REAL CHECK (threshold IS NULL OR (threshold >= 0 AND threshold <= 1)),
	PRIMARY KEY (golden_set, metric)
);`}, {Version: 2, SQL: `
CREATE TABLE eval_thresholds_v2 (
	workspace_id TEXT NOT NULL,
	golden_set   TEXT NOT NULL,
	metric       TEXT NOT NULL,
	threshold    REAL CHECK (threshold IS NULL OR (threshold >= 0 AND threshold <= 1)),
	PRIMARY KEY (workspace_id, golden_set, metric)
);
INSERT INTO eval_thresholds_v2(workspace_id, golden_set, metric, threshold)
	SELECT ` + workspace.LegacyOwnerSQL + `, golden_set, metric, threshold FROM eval_thresholds;
DROP TABLE eval_thresholds;
ALTER TABLE eval_thresholds_v2 RENAME TO eval_thresholds;`}}

// BaselineMigrations and ThresholdMigrations are the components' schema
// steps, oldest first, so a test can build the schema an earlier release
// left behind.
func BaselineMigrations() []store.Migration {
	return append([]store.Migration(nil), baselineMigrations...)
}

func ThresholdMigrations() []store.Migration {
	return append([]store.Migration(nil), thresholdMigrations...)
}

func migrateBaselines(ctx context.Context, db *store.DB) error {
	if err := workspace.Migrate(ctx, db); err != nil {
		return err
	}
	return db.Migrate(ctx, BaselineComponent, baselineMigrations)
}

func migrateThresholds(ctx context.Context, db *store.DB) error {
	if err := workspace.Migrate(ctx, db); err != nil {
		return err
	}
	return db.Migrate(ctx, ThresholdComponent, thresholdMigrations)
}
