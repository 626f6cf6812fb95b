package golden

import (
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "golden"

// Every edit stores a full snapshot of the rows as a new version: sets are
// hundreds of rows, so snapshots stay small, and restoring any version is a
// copy that itself becomes the newest version (history is never rewritten).
//
// Version 2 makes the workspace part of a set's key, so two workspaces may
// each have a set of the same name. SQLite cannot change a primary key in
// place: the tables are rebuilt, children dropped before parents so the
// cascade never fires, and the rows from before workspaces go to the
// legacy owner the session decided (workspace.LegacyOwnerSQL).
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE golden_sets (
	name            TEXT PRIMARY KEY,
	description     TEXT NOT NULL DEFAULT '',
	created_at      TEXT NOT NULL,
	current_version INTEGER NOT NULL
);
CREATE TABLE golden_versions (
	set_name  TEXT NOT NULL REFERENCES golden_sets(name) ON DELETE CASCADE,
	version   INTEGER NOT NULL,
	saved_at  TEXT NOT NULL,
	saved_by  TEXT NOT NULL,
	summary   TEXT NOT NULL,
	row_count INTEGER NOT NULL,
	rows_json TEXT NOT NULL,
	PRIMARY KEY (set_name, version)
);`}, {Version: 2, SQL: `
CREATE TABLE golden_sets_v2 (
	workspace_id    TEXT NOT NULL,
	name            TEXT NOT NULL,
	description     TEXT NOT NULL DEFAULT '',
	created_at      TEXT NOT NULL,
	current_version INTEGER NOT NULL,
	PRIMARY KEY (workspace_id, name)
);
CREATE TABLE golden_versions_v2 (
	workspace_id TEXT NOT NULL,
	set_name     TEXT NOT NULL,
	version      INTEGER NOT NULL,
	saved_at     TEXT NOT NULL,
	saved_by     TEXT NOT NULL,
	summary      TEXT NOT NULL,
	row_count    INTEGER NOT NULL,
	rows_json    TEXT NOT NULL,
	PRIMARY KEY (workspace_id, set_name, version),
	FOREIGN KEY (workspace_id, set_name) REFERENCES golden_sets_v2(workspace_id, name) ON DELETE CASCADE
);
INSERT INTO golden_sets_v2(workspace_id, name, description, created_at, current_version)
	SELECT ` + workspace.LegacyOwnerSQL + `, name, description, created_at, current_version FROM golden_sets;
INSERT INTO golden_versions_v2(workspace_id, set_name, version, saved_at, saved_by, summary, row_count, rows_json)
	SELECT s.workspace_id, v.set_name, v.version, v.saved_at, v.saved_by, v.summary, v.row_count, v.rows_json
	FROM golden_versions v JOIN golden_sets_v2 s ON s.name = v.set_name;
DROP TABLE golden_versions;
DROP TABLE golden_sets;
ALTER TABLE golden_sets_v2 RENAME TO golden_sets;
ALTER TABLE golden_versions_v2 RENAME TO golden_versions;`}}

// Migrations are the component's schema steps, oldest first, so a test can
// build the schema an earlier release left behind.
func Migrations() []store.Migration { return append([]store.Migration(nil), migrations...) }
