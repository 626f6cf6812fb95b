package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Migration is one schema step. Steps of a component run in order, once.
type Migration struct {
	Version int
	SQL     string
}

// Each backend package owns its tables and migrates them under its own
// component name, so features evolve their schemas independently.
func (db *DB) initMigrations(ctx context.Context) error {
	_, err := db.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		component TEXT NOT NULL,
		version   INTEGER NOT NULL,
		applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
		PRIMARY KEY (component, version))`)
	if err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	return nil
}

// Migrate applies the steps of component that have not run yet, each in its
// own transaction together with its bookkeeping row.
func (db *DB) Migrate(ctx context.Context, component string, steps []Migration) error {
	current, err := db.SchemaVersion(ctx, component)
	if err != nil {
		return err
	}
	last := 0
	for _, m := range steps {
		if m.Version <= last {
			return fmt.Errorf("migrate %s: versions must increase (got %d after %d)", component, m.Version, last)
		}
		last = m.Version
		if m.Version <= current {
			continue
		}
		err := db.apply(ctx, component, m)
		if err != nil {
			return fmt.Errorf("migrate %s to v%d: %w", component, m.Version, err)
		}
	}
	return nil
}

// apply runs one step unless it is recorded already. Another process may
// have applied it since Migrate read the version; the write transaction
// (BEGIN IMMEDIATE) orders us after it, so the record is looked up again
// inside it.
func (db *DB) apply(ctx context.Context, component string, m Migration) error {
	return db.Tx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE component = ? AND version = ?`,
			component, m.Version).Scan(&done); err != nil || done > 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx,
			`INSERT INTO schema_migrations(component, version) VALUES(?, ?)`, component, m.Version)
		return err
	})
}

// SchemaVersion is the highest applied version of component (0 if none).
func (db *DB) SchemaVersion(ctx context.Context, component string) (int, error) {
	var v sql.NullInt64
	err := db.write.QueryRowContext(ctx,
		`SELECT MAX(version) FROM schema_migrations WHERE component = ?`, component).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("schema version of %s: %w", component, err)
	}
	return int(v.Int64), nil
}
