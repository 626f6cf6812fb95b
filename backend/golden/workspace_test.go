package golden

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// A set name is unique within its workspace only: two workspaces keep
// their own "billing", and neither sees, edits or deletes the other's.
func TestSetsBelongToTheirWorkspace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	a, err := NewRepo(ctx, db, "ws-a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewRepo(ctx, db, "ws-b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Save(ctx, "billing", "", "ana", "import", []Row{{ID: "Q001", Question: "A's question?", Category: Routine}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(ctx, "billing", "", "ben", "import", []Row{{ID: "Q001", Question: "B's question?", Category: Routine}, {ID: "Q002", Question: "More?", Category: Tricky}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		repo     *Repo
		wantRows int
		wantQ    string
	}{
		{"workspace a", a, 1, "A's question?"},
		{"workspace b", b, 2, "B's question?"},
	}
	for _, c := range cases {
		rows, err := c.repo.Rows(ctx, "billing")
		if err != nil || len(rows) != c.wantRows || rows[0].Question != c.wantQ {
			t.Fatalf("%s: rows %+v, %v", c.name, rows, err)
		}
		if sets, err := c.repo.List(ctx); err != nil || len(sets) != 1 || sets[0].Version != 1 {
			t.Fatalf("%s: sets %+v, %v", c.name, sets, err)
		}
	}
	if err := b.Delete(ctx, "billing"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Set(ctx, "billing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("b's deleted set: %v", err)
	}
	if rows, err := a.Rows(ctx, "billing"); err != nil || len(rows) != 1 {
		t.Fatalf("deleting b's set touched a's: %+v, %v", rows, err)
	}
	if _, err := NewRepo(ctx, db, ""); !errors.Is(err, workspace.ErrNoID) {
		t.Fatalf("a repo without a workspace: %v, want ErrNoID", err)
	}
}

// A database of the previous schema (version 1) keeps every set and
// version, now under the legacy owner, and the rebuilt tables still
// cascade a delete to the versions.
func TestVersion1SetsMoveToTheLegacyOwner(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx, Component, Migrations()[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Writer().Exec(`INSERT INTO golden_sets(name, description, created_at, current_version) VALUES('old', 'd', '2025-01-01T00:00:00Z', 2);
		INSERT INTO golden_versions(set_name, version, saved_at, saved_by, summary, row_count, rows_json) VALUES
			('old', 1, '2025-01-01T00:00:00Z', 'ana', 'created', 0, '[]'),
			('old', 2, '2025-01-02T00:00:00Z', 'ana', 'import', 1, '[{"id":"Q001","question":"Old?","category":"routine"}]')`); err != nil {
		t.Fatal(err)
	}
	reg, err := workspace.OpenRegistry(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := reg.DecideLegacy(ctx, t.TempDir(), "settings")
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRepo(ctx, db, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := db.SchemaVersion(ctx, Component); err != nil || v != 2 {
		t.Fatalf("schema version %d, %v", v, err)
	}
	vs, err := r.Versions(ctx, "old")
	if err != nil || len(vs) != 2 || vs[0].RowCount != 1 {
		t.Fatalf("versions %+v, %v", vs, err)
	}
	if rows, err := r.Rows(ctx, "old"); err != nil || len(rows) != 1 || rows[0].Question != "Old?" {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	other, err := NewRepo(ctx, db, "ws-other")
	if err != nil {
		t.Fatal(err)
	}
	if sets, err := other.List(ctx); err != nil || len(sets) != 0 {
		t.Fatalf("another workspace sees %+v, %v", sets, err)
	}
	// the delete cascades through the rebuilt foreign key
	if _, err := db.Writer().Exec(`DELETE FROM golden_sets WHERE workspace_id = ? AND name = 'old'`, l.ID); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.Reader().QueryRow(`SELECT COUNT(*) FROM golden_versions`).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d versions left after deleting their set, %v", left, err)
	}
}
