package check

import (
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "checks"

// Feedback survives deleting its check on purpose: the triage row carries
// the claim, verdict and chunk IDs it needs, so it can still become a
// golden-set question. For the same reason it keeps its own workspace_id
// (version 3) instead of borrowing its check's. Rows from before
// workspaces go to the legacy owner the session decided. Dismissals
// (version 4) belong to their check and go with it. A check names the
// working-draft version it checked (version 5; 0: not the working draft,
// or checked before drafts were kept). A 👎 is filed under a cause
// (version 6, see triage_cause.go): the writer's, else the suggested one.
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE checks (
	id              INTEGER PRIMARY KEY AUTOINCREMENT,
	created_at      TEXT NOT NULL,
	source          TEXT NOT NULL,
	title           TEXT NOT NULL,
	draft           TEXT NOT NULL,
	engine          TEXT NOT NULL,
	model           TEXT NOT NULL,
	prompt_versions TEXT NOT NULL,
	report_json     TEXT NOT NULL
);
CREATE TABLE check_feedback (
	check_id    INTEGER NOT NULL,
	claim_index INTEGER NOT NULL,
	vote        TEXT NOT NULL CHECK (vote IN ('up','down')),
	note        TEXT NOT NULL,
	claim_text  TEXT NOT NULL,
	verdict     TEXT NOT NULL,
	chunk_ids   TEXT NOT NULL,
	engine      TEXT NOT NULL,
	model       TEXT NOT NULL,
	draft_title TEXT NOT NULL,
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (check_id, claim_index)
);`}, {Version: 2, SQL: `
ALTER TABLE check_feedback ADD COLUMN golden_set TEXT NOT NULL DEFAULT '';
ALTER TABLE check_feedback ADD COLUMN golden_row_id TEXT NOT NULL DEFAULT '';`}, {Version: 3, SQL: `
ALTER TABLE checks ADD COLUMN workspace_id TEXT NOT NULL DEFAULT '';
ALTER TABLE check_feedback ADD COLUMN workspace_id TEXT NOT NULL DEFAULT '';
UPDATE checks SET workspace_id = ` + workspace.LegacyOwnerSQL + `;
UPDATE check_feedback SET workspace_id = ` + workspace.LegacyOwnerSQL + `;
CREATE INDEX checks_by_workspace ON checks(workspace_id, id);
CREATE INDEX check_feedback_by_workspace ON check_feedback(workspace_id, vote);`}, {Version: 4, SQL: `
CREATE TABLE check_dismissals (
	workspace_id TEXT NOT NULL,
	check_id     INTEGER NOT NULL,
	kind         TEXT NOT NULL CHECK (kind IN ('claim','voice')),
	item_index   INTEGER NOT NULL,
	reason       TEXT NOT NULL,
	updated_at   TEXT NOT NULL,
	PRIMARY KEY (check_id, kind, item_index)
);`}, {Version: 5, SQL: `
ALTER TABLE checks ADD COLUMN draft_version INTEGER NOT NULL DEFAULT 0;`}, {Version: 6, SQL: `
ALTER TABLE check_feedback ADD COLUMN cause TEXT NOT NULL DEFAULT '';
ALTER TABLE check_feedback ADD COLUMN cause_suggested TEXT NOT NULL DEFAULT '';
ALTER TABLE check_feedback ADD COLUMN cause_why TEXT NOT NULL DEFAULT '';`}}

// Migrations are the component's schema steps, oldest first, so a test can
// build the schema an earlier release left behind.
func Migrations() []store.Migration { return append([]store.Migration(nil), migrations...) }
