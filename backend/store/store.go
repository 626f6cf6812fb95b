package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// FileName is the database file inside the data dir.
const FileName = "continuity.db"

// DB holds one writer connection and a read pool on the same file. SQLite
// allows a single writer at a time; funnelling every write through one
// connection with BEGIN IMMEDIATE avoids SQLITE_BUSY_SNAPSHOT upgrades,
// which ignore busy_timeout.
type DB struct {
	path  string
	write *sql.DB
	read  *sql.DB
}

// Open opens (creating if needed) the database at path.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	w, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	if err := pingUntilFree(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r.SetMaxOpenConns(max(2, runtime.NumCPU()))
	db := &DB{path: path, write: w, read: r}
	if err := db.initMigrations(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// pingUntilFree opens the first connection. Switching a new file to WAL
// takes a lock that busy_timeout does not cover, so two processes creating
// one data dir together can see SQLITE_BUSY once; retry that for a while.
func pingUntilFree(ctx context.Context, w *sql.DB) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := w.PingContext(ctx)
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// isBusy reports SQLITE_BUSY (and its extended codes) from the driver.
func isBusy(err error) bool {
	var se interface{ Code() int }
	return errors.As(err, &se) && se.Code()&0xff == 5
}

// OpenDir opens the database file inside a data dir.
func OpenDir(ctx context.Context, dataDir string) (*DB, error) {
	return Open(ctx, filepath.Join(dataDir, FileName))
}

func dsn(path string, writer bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	if writer {
		q.Set("_txlock", "immediate")
	}
	return "file:" + filepath.ToSlash(path) + "?" + q.Encode()
}

// Path is the database file.
func (db *DB) Path() string { return db.path }

// Writer is the single connection every write goes through.
func (db *DB) Writer() *sql.DB { return db.write }

// Reader is the pool for queries.
func (db *DB) Reader() *sql.DB { return db.read }

// Tx runs fn in one write transaction, committing when fn returns nil.
func (db *DB) Tx(ctx context.Context, fn func(*sql.Tx) error) (err error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Close closes both pools.
func (db *DB) Close() error {
	return errors.Join(db.read.Close(), db.write.Close())
}
