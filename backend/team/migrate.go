package team

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrationFiles embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// migrations reads the engine's numbered files (001_name.sql, …) in order.
func migrations(d Dialect) ([]migration, error) {
	dir := "migrations/" + string(d)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("team migrations for %s: %w", d, err)
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("team migration %s/%s: want NNN_name.sql", dir, e.Name())
		}
		b, err := migrationFiles.ReadFile(dir + "/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// migrate applies, in one transaction, every migration newer than the
// database's version, so a crash leaves the previous schema whole.
func migrate(ctx context.Context, db *sql.DB, d Dialect) error {
	ms, err := migrations(d)
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("team schema: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if lock := d.migrationLock(); lock != "" {
		if _, err := tx.ExecContext(ctx, lock); err != nil {
			return fmt.Errorf("team schema lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS team_schema (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("team schema: %w", err)
	}
	var cur sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM team_schema`).Scan(&cur); err != nil {
		return fmt.Errorf("team schema version: %w", err)
	}
	for _, m := range ms {
		if int64(m.version) <= cur.Int64 {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("team migration %s (%s): %w", m.name, d, err)
		}
		if _, err := tx.ExecContext(ctx, d.bind(`INSERT INTO team_schema (version) VALUES (?)`), m.version); err != nil {
			return fmt.Errorf("team migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("team schema: %w", err)
	}
	return nil
}
