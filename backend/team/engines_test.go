package team_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/store"
	"continuity/backend/store/pg"
	"continuity/backend/store/pg/pgtest"
	"continuity/backend/team"
)

var postgres *pgtest.Server

func TestMain(m *testing.M) {
	ctx := context.Background()
	var err error
	// a real server, never a skip: make deps-test installs postgresql-15
	if postgres, err = pgtest.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "start PostgreSQL:", err)
		os.Exit(1)
	}
	code := m.Run()
	postgres.Stop()
	os.Exit(code)
}

// engines runs one test body against a fresh store on each engine.
func engines(t *testing.T, body func(t *testing.T, s *team.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		ctx := context.Background()
		db, err := store.Open(ctx, filepath.Join(t.TempDir(), "continuity.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		s, err := team.Open(ctx, db.Writer(), team.SQLite)
		if err != nil {
			t.Fatal(err)
		}
		body(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		ctx := context.Background()
		url, err := postgres.NewDatabase(ctx)
		if err != nil {
			t.Fatal(err)
		}
		db, err := pg.Open(ctx, url, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		s, err := team.Open(ctx, db, team.Postgres)
		if err != nil {
			t.Fatal(err)
		}
		body(t, s)
	})
}
