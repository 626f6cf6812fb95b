// Package workdraft keeps the working draft of each workspace: the text
// in the Check editor, the file it came from and the caret, saved as the
// writer types so a crash or a restart loses nothing.
//
// It lives in the data dir's SQLite database, one row per workspace,
// rather than in a file beside it: the database already gives atomic,
// durable writes across processes, and the row is scoped to the workspace
// id like every other store (the check history it will link to included).
package workdraft

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "workdraft"

// Limits. The text bound is the check history's (check.MaxDraftBytes): a
// working draft that could not be checked and kept is no use.
const (
	MaxTextBytes = 8 << 20
	MaxFileName  = 255
)

// Sentinel errors callers branch on.
var (
	ErrTooLarge = errors.New("working draft too large")
	ErrInvalid  = errors.New("invalid working draft")
)

var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE working_drafts (
	workspace_id TEXT PRIMARY KEY,
	text         TEXT NOT NULL,
	file_name    TEXT NOT NULL,
	cursor       INTEGER NOT NULL,
	version      INTEGER NOT NULL,
	saved_at     TEXT NOT NULL
);`}, {Version: 2, SQL: `
ALTER TABLE working_drafts ADD COLUMN opened_version INTEGER NOT NULL DEFAULT 0;
CREATE TABLE replaced_drafts (
	workspace_id TEXT PRIMARY KEY,
	text         TEXT NOT NULL,
	file_name    TEXT NOT NULL,
	cursor       INTEGER NOT NULL,
	replaced_by  TEXT NOT NULL,
	replaced_at  TEXT NOT NULL
);`}}

// Draft is a workspace's working draft.
type Draft struct {
	Text     string
	FileName string // the file it was opened from, "" for typed or pasted text
	// Cursor is the editor's caret offset. It is the editor's own unit
	// (UTF-16 code units in the browser), opaque here and only bounded.
	Cursor int
	// Version counts changes of Text: 1 for the first saved text, +1 for
	// each different text since; 0 when nothing was ever saved. A check
	// names the version it checked.
	Version int64
	SavedAt time.Time // the last save that changed anything; zero when never saved
}

// Store keeps one workspace's working draft.
type Store struct {
	db        *store.DB
	workspace string
}

// Open migrates the component and returns the store of the workspace with
// id ws.
func Open(ctx context.Context, db *store.DB, ws string) (*Store, error) {
	if err := workspace.MigrateScoped(ctx, db, ws, "working draft", Component, migrations); err != nil {
		return nil, err
	}
	return &Store{db: db, workspace: ws}, nil
}

const stamp = time.RFC3339Nano

// Get returns the working draft; a workspace that never saved one gets the
// zero Draft (Version 0) and no error.
func (s *Store) Get(ctx context.Context) (Draft, error) {
	var d Draft
	var at string
	err := s.db.Reader().QueryRowContext(ctx, `SELECT text, file_name, cursor, version, saved_at FROM working_drafts
		WHERE workspace_id = ?`, s.workspace).Scan(&d.Text, &d.FileName, &d.Cursor, &d.Version, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Draft{}, nil
	}
	if err != nil {
		return Draft{}, fmt.Errorf("read working draft: %w", err)
	}
	if d.SavedAt, err = time.Parse(stamp, at); err != nil {
		return Draft{}, fmt.Errorf("working draft: stored time %q: %w", at, err)
	}
	return d, nil
}

// Save stores text, fileName and cursor as the working draft and returns
// it as stored. Saving what is already stored writes nothing and keeps
// its time and version, so an editor may save on every pause; a new text
// adds one to the version, a moved caret or another file name alone does
// not.
func (s *Store) Save(ctx context.Context, text, fileName string, cursor int) (Draft, error) {
	if len(text) > MaxTextBytes {
		return Draft{}, fmt.Errorf("save working draft: %w: the text is %d bytes; the limit is %d", ErrTooLarge, len(text), MaxTextBytes)
	}
	if !utf8.ValidString(text) {
		return Draft{}, fmt.Errorf("save working draft: %w: the text is not valid UTF-8", ErrInvalid)
	}
	name, err := cleanFileName(fileName)
	if err != nil {
		return Draft{}, err
	}
	cursor = min(max(cursor, 0), len(text))
	now := time.Now().UTC().Format(stamp)
	// one statement, so two savers never lose a version: the SET
	// expressions read the row as it was, and the WHERE skips the write
	// (and RETURNING its row) when nothing changed
	var d Draft
	var at string
	err = s.db.Writer().QueryRowContext(ctx, `INSERT INTO working_drafts(workspace_id, text, file_name, cursor, version, saved_at)
		VALUES(?, ?, ?, ?, 1, ?)
		ON CONFLICT(workspace_id) DO UPDATE SET
			version   = version + (text IS NOT excluded.text),
			text      = excluded.text,
			file_name = excluded.file_name,
			cursor    = excluded.cursor,
			saved_at  = excluded.saved_at
		WHERE text IS NOT excluded.text OR file_name IS NOT excluded.file_name OR cursor IS NOT excluded.cursor
		RETURNING text, file_name, cursor, version, saved_at`, s.workspace, text, name, cursor, now).
		Scan(&d.Text, &d.FileName, &d.Cursor, &d.Version, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return s.Get(ctx) // unchanged: nothing was written
	}
	if err != nil {
		return Draft{}, fmt.Errorf("save working draft: %w", err)
	}
	if d.SavedAt, err = time.Parse(stamp, at); err != nil {
		return Draft{}, fmt.Errorf("working draft: stored time %q: %w", at, err)
	}
	return d, nil
}

// cleanFileName keeps the name a file had, never a path: it is shown to
// the writer and offered again when they save.
func cleanFileName(name string) (string, error) {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", fmt.Errorf("save working draft: %w: the file name is not plain text", ErrInvalid)
	case len(name) > MaxFileName:
		return "", fmt.Errorf("save working draft: %w: the file name is longer than %d bytes", ErrInvalid, MaxFileName)
	}
	return name, nil
}
