package cache

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"continuity/backend/store"
)

// component names this package's migrations in the cache file.
const component = "embedcache"

// The stored-bytes total is kept by triggers rather than by the Go code so
// that it stays exact whichever process or statement changes the table, and
// the bound can be checked with a one-row read instead of a full scan.
// vectors is a rowid table, not WITHOUT ROWID: its rows hold kilobyte blobs.
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE vectors (
	model   BLOB NOT NULL,
	hash    BLOB NOT NULL,
	dim     INTEGER NOT NULL,
	vec     BLOB NOT NULL,
	used_at INTEGER NOT NULL,
	PRIMARY KEY (model, hash)
);
CREATE INDEX vectors_used ON vectors(used_at);
CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO meta(key, value) VALUES('bytes', 0);
CREATE TRIGGER vectors_ins AFTER INSERT ON vectors BEGIN
	UPDATE meta SET value = value + length(NEW.vec) WHERE key = 'bytes';
END;
CREATE TRIGGER vectors_del AFTER DELETE ON vectors BEGIN
	UPDATE meta SET value = value - length(OLD.vec) WHERE key = 'bytes';
END;
CREATE TRIGGER vectors_upd AFTER UPDATE OF vec ON vectors BEGIN
	UPDATE meta SET value = value - length(OLD.vec) + length(NEW.vec) WHERE key = 'bytes';
END;
`}}

// errSchema marks a file whose tables are not the ones this package made,
// e.g. a foreign database at the cache path.
var errSchema = errors.New("embedding cache schema mismatch")

// openDB opens, migrates and checks the file; any error leaves it closed.
func openDB(ctx context.Context, path string) (*store.DB, error) {
	db, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx, component, migrations); err != nil {
		db.Close()
		return nil, err
	}
	if err := verify(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// verify prepares the queries the cache relies on, so that a file whose
// migration record lies about its tables is caught at Open, not on every
// later call.
func verify(ctx context.Context, db *store.DB) error {
	rows, err := db.Reader().QueryContext(ctx, `SELECT model, hash, dim, vec, used_at FROM vectors LIMIT 0`)
	if err != nil {
		return fmt.Errorf("check vectors table: %w", err)
	}
	rows.Close()
	var total int64
	err = db.Reader().QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'bytes'`).Scan(&total)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: no stored-bytes total", errSchema)
	}
	if err != nil {
		return fmt.Errorf("check meta table: %w", err)
	}
	return nil
}

// replaceable says whether err means the file itself is unusable, so
// starting afresh fixes it. Busy, permission, I/O and full-disk errors are
// not: moving the file would not help, and a busy file is another process's
// live cache.
func replaceable(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if errors.Is(err, errSchema) {
		return true
	}
	var se interface{ Code() int }
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case 1, // SQLITE_ERROR: tables that clash with ours
		11, // SQLITE_CORRUPT
		17, // SQLITE_SCHEMA
		20, // SQLITE_MISMATCH
		24, // SQLITE_FORMAT
		26: // SQLITE_NOTADB
		return true
	}
	return false
}
