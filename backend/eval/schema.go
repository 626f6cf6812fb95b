package eval

import (
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "eval"

// Version 2 gives every run the workspace it was made in; results belong
// to their run. Runs from before workspaces go to the legacy owner the
// session decided (workspace.LegacyOwnerSQL).
var migrations = []store.Migration{
	{Version: 1, SQL: `
CREATE TABLE eval_runs (
	id          TEXT PRIMARY KEY,
	golden_set  TEXT NOT NULL,
	status      TEXT NOT NULL,
	started_at  TEXT NOT NULL,
	meta        TEXT NOT NULL
);
CREATE INDEX eval_runs_by_set ON eval_runs(golden_set, started_at);
CREATE TABLE eval_results (
	run_id      TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
	question_id TEXT NOT NULL,
	failed      INTEGER NOT NULL,
	result      TEXT NOT NULL,
	PRIMARY KEY (run_id, question_id)
);`},
	{Version: 2, SQL: `
ALTER TABLE eval_runs ADD COLUMN workspace_id TEXT NOT NULL DEFAULT '';
UPDATE eval_runs SET workspace_id = ` + workspace.LegacyOwnerSQL + `;
DROP INDEX eval_runs_by_set;
CREATE INDEX eval_runs_by_set ON eval_runs(workspace_id, golden_set, started_at);`},
}

// Migrations are the component's schema steps, oldest first, so a test can
// build the schema an earlier release left behind.
func Migrations() []store.Migration { return append([]store.Migration(nil), migrations...) }
