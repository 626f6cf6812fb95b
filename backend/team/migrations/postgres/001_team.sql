CREATE TABLE team_users (
	id          TEXT PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,
	role        TEXT NOT NULL CHECK (role IN ('writer', 'expert', 'manager', 'admin')),
	created_at  TEXT NOT NULL,
	disabled_at TEXT
);
CREATE TABLE team_grants (
	user_id      TEXT NOT NULL REFERENCES team_users(id),
	workspace_id TEXT NOT NULL,
	PRIMARY KEY (user_id, workspace_id)
);
CREATE TABLE team_tokens (
	hash         TEXT PRIMARY KEY,
	user_id      TEXT NOT NULL REFERENCES team_users(id),
	label        TEXT NOT NULL,
	created_at   TEXT NOT NULL,
	revoked_at   TEXT
);
CREATE INDEX team_tokens_user ON team_tokens(user_id);
CREATE TABLE team_audit (
	id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	at           TEXT NOT NULL,
	user_id      TEXT NOT NULL,
	user_name    TEXT NOT NULL,
	action       TEXT NOT NULL,
	workspace_id TEXT NOT NULL,
	target       TEXT NOT NULL,
	before_id    TEXT NOT NULL,
	after_id     TEXT NOT NULL
);
