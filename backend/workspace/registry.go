package workspace

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"continuity/backend/store"
)

// Component is the registry's name in schema_migrations.
const Component = "workspaces"

// ErrNoID means a workspace-scoped repository was opened without the id of
// the workspace it serves; nothing may be read or written unscoped.
var ErrNoID = errors.New("no workspace id")

// The registry gives each workspace folder an id of its own, so golden
// sets, runs and checks follow the folder rather than whatever corpus is
// open. workspace_legacy names the one workspace that rows written before
// workspaces existed belong to; the owners' migrations read it.
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE workspaces (
	id         TEXT PRIMARY KEY,
	root       TEXT NOT NULL UNIQUE,
	created_at TEXT NOT NULL
);
CREATE TABLE workspace_legacy (
	one          INTEGER PRIMARY KEY CHECK (one = 1),
	workspace_id TEXT NOT NULL REFERENCES workspaces(id),
	reason       TEXT NOT NULL,
	decided_at   TEXT NOT NULL
);`}}

// LegacyOwnerSQL is the id rows from before workspaces are attributed to,
// for the owners' migrations; ” when no session decided one (a bare test
// database, which holds no such rows).
const LegacyOwnerSQL = `COALESCE((SELECT workspace_id FROM workspace_legacy), '')`

// Registry maps workspace folders to their ids.
type Registry struct{ db *store.DB }

// Migrate creates the registry's tables; every owner of scoped rows calls
// it before its own migrations, which read workspace_legacy.
func Migrate(ctx context.Context, db *store.DB) error {
	return db.Migrate(ctx, Component, migrations)
}

// MigrateScoped prepares the tables of a component whose rows belong to a
// workspace: it refuses an empty id (what names the rows in the error),
// then migrates the registry, whose legacy owner the component's own
// migrations read, and the component.
func MigrateScoped(ctx context.Context, db *store.DB, ws, what, component string, steps []store.Migration) error {
	if ws == "" {
		return fmt.Errorf("%s: %w", what, ErrNoID)
	}
	if err := Migrate(ctx, db); err != nil {
		return err
	}
	return db.Migrate(ctx, component, steps)
}

// OpenRegistry migrates the registry and returns it.
func OpenRegistry(ctx context.Context, db *store.DB) (*Registry, error) {
	if err := Migrate(ctx, db); err != nil {
		return nil, err
	}
	return &Registry{db: db}, nil
}

// Key is the form a folder is registered under: absolute and cleaned, so
// "./corpus", "corpus/" and its absolute path are one workspace.
func Key(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("workspace path %s: %w", root, err)
	}
	return filepath.Clean(abs), nil
}

// ID returns the folder's id, assigning a new one on first sight. Two
// processes meeting a folder at once agree: the first insert wins.
func (r *Registry) ID(ctx context.Context, root string) (string, error) {
	key, err := Key(root)
	if err != nil {
		return "", err
	}
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO workspaces(id, root, created_at) VALUES(?, ?, ?)
		ON CONFLICT(root) DO NOTHING`, newID(), key, time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return "", fmt.Errorf("register workspace %s: %w", key, err)
	}
	var id string
	if err := r.db.Writer().QueryRowContext(ctx, `SELECT id FROM workspaces WHERE root = ?`, key).Scan(&id); err != nil {
		return "", fmt.Errorf("workspace id of %s: %w", key, err)
	}
	return id, nil
}

// Root is the folder registered under id ("" and false when unknown).
func (r *Registry) Root(ctx context.Context, id string) (string, bool, error) {
	var root string
	err := r.db.Reader().QueryRowContext(ctx, `SELECT root FROM workspaces WHERE id = ?`, id).Scan(&root)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("workspace %s: %w", id, err)
	}
	return root, true, nil
}

func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	return "ws-" + hex.EncodeToString(b[:])
}
