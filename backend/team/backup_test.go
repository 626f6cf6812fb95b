package team_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/store/pg"
	"continuity/backend/team"
)

// TestABackupRestoresEveryUserTokenAndLogEntry is the documented backup
// (pg_dump -Fc) and restore (pg_restore into an empty database), run once.
func TestABackupRestoresEveryUserTokenAndLogEntry(t *testing.T) {
	ctx := context.Background()
	open := func(url string) *team.Store {
		db, err := pg.Open(ctx, url, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		s, err := team.Open(ctx, db, team.Postgres)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	from, err := postgres.NewDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	src := open(from)
	_, token, err := src.AddUser(ctx, "gil", team.Manager, []string{"ws-1"})
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Record(ctx, team.Entry{UserID: "u", UserName: "gil", Action: "run.create", Workspace: "ws-1", AfterID: "r1"}); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(postgres.Dir(), "backup.dump")
	if err := postgres.Tool(ctx, "pg_dump", "-Fc", "-f", dump, "-d", from); err != nil {
		t.Fatal(err)
	}
	to, err := postgres.NewDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := postgres.Tool(ctx, "pg_restore", "--no-owner", "-d", to, dump); err != nil {
		t.Fatal(err)
	}
	restored := open(to)
	u, err := restored.Authenticate(ctx, token)
	if err != nil || u.Name != "gil" || u.Role != team.Manager {
		t.Fatalf("the token after a restore: %+v %v", u, err)
	}
	entries, err := restored.Entries(ctx, 10)
	if err != nil || len(entries) != 1 || entries[0].AfterID != "r1" {
		t.Fatalf("audit log after a restore: %+v %v", entries, err)
	}
	if _, _, err := restored.AddUser(ctx, "hal", team.Writer, []string{"ws-1"}); err != nil {
		t.Fatalf("a write after the restore (identity sequences restored): %v", err)
	}
	if err := restored.Record(ctx, team.Entry{UserID: "u", UserName: "hal", Action: "x"}); err != nil {
		t.Fatalf("a log entry after the restore: %v", err)
	}
}
