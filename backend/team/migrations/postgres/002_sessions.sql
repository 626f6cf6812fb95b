CREATE TABLE team_sessions (
	hash        TEXT PRIMARY KEY,
	user_id     TEXT NOT NULL REFERENCES team_users(id),
	csrf        TEXT NOT NULL,
	created_at  TEXT NOT NULL,
	expires_at  TEXT NOT NULL
);
CREATE INDEX team_sessions_user ON team_sessions(user_id);
