// Package pg opens a PostgreSQL database for the stores that run on a team
// server, through pgx's database/sql driver, so a store's SQL runs on
// either engine through one interface.
package pg

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// ErrNotPostgres: the address is not a postgres:// URL or key=value string.
var ErrNotPostgres = errors.New("not a PostgreSQL address")

// IsURL says whether s names a PostgreSQL database rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database at url and waits (up to wait) for it to
// answer, so a server started beside its database does not fail on the race.
func Open(ctx context.Context, url string, wait time.Duration) (*sql.DB, error) {
	if !IsURL(url) {
		return nil, fmt.Errorf("%w: want postgres://user@host:port/db", ErrNotPostgres)
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx's message can quote the URL, password included
		return nil, fmt.Errorf("%w: the URL does not parse", ErrNotPostgres)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(8)
	db.SetConnMaxIdleTime(5 * time.Minute)
	deadline := time.Now().Add(wait)
	for {
		err = db.PingContext(ctx)
		if err == nil {
			return db, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			_ = db.Close()
			return nil, fmt.Errorf("connect to PostgreSQL at %s: %w", Redact(url), err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Redact is url without its password, for messages and logs.
func Redact(url string) string {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return "(unparsable PostgreSQL URL)"
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}
