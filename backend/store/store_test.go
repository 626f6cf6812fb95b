package store

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestMigrateAppliesEachStepOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	steps := []Migration{
		{1, `CREATE TABLE a (id INTEGER PRIMARY KEY)`},
		{2, `ALTER TABLE a ADD COLUMN name TEXT`},
	}
	for i := 0; i < 2; i++ { // second open must not re-run steps
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx, "test", steps); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		v, err := db.SchemaVersion(ctx, "test")
		if err != nil || v != 2 {
			t.Fatalf("version = %d, %v; want 2", v, err)
		}
		db.Close()
	}
}

func TestMigrateRejectsFailingStepAtomically(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Migrate(ctx, "bad", []Migration{{1, `CREATE TABLE b (id INTEGER)`}, {2, `NOT SQL`}})
	if err == nil || !strings.Contains(err.Error(), "bad to v2") {
		t.Fatalf("got %v, want a located migration error", err)
	}
	if v, _ := db.SchemaVersion(ctx, "bad"); v != 1 {
		t.Fatalf("version = %d, want 1 (step 2 rolled back)", v)
	}
}

func TestWALAndConcurrentWriters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	if err := db.Reader().QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
	}
	if _, err := db.Writer().ExecContext(ctx, `CREATE TABLE n (v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := db.Writer().ExecContext(ctx, `INSERT INTO n VALUES (?)`, i); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	var n int
	if err := db.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM n`).Scan(&n); err != nil || n != 20 {
		t.Fatalf("rows = %d, %v; want 20", n, err)
	}
}
