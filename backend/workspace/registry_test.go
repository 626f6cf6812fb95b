package workspace

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"continuity/backend/store"
)

func openRegistry(t *testing.T) (*Registry, *store.DB) {
	t.Helper()
	db, err := store.OpenDir(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r, err := OpenRegistry(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return r, db
}

// One folder is one id however its path is spelled, and keeps it.
func TestRegistryGivesEachFolderOneStableID(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	t.Chdir(base) // not parallel: the relative spellings need a known working dir
	a, b := filepath.Join(base, "a"), filepath.Join(base, "b")
	for _, d := range []string{a, b} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	r, db := openRegistry(t)
	first, err := r.ID(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^ws-[0-9a-f]{16}$`).MatchString(first) {
		t.Fatalf("id %q is not ws- and 16 hex digits", first)
	}
	cases := []struct {
		name, path string
		same       bool
	}{
		{"the same absolute path", a, true},
		{"a trailing slash", a + string(filepath.Separator), true},
		{"a relative path", "a", true},
		{"a path through ..", filepath.Join(b, "..", "a"), true},
		{"another folder", b, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, err := r.ID(ctx, c.path)
			if err != nil {
				t.Fatal(err)
			}
			if (id == first) != c.same {
				t.Fatalf("ID(%q) = %s, first id %s; want same %v", c.path, id, first, c.same)
			}
		})
	}
	// a second opener (another process) finds the same id
	again, err := OpenRegistry(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := again.ID(ctx, a); err != nil || id != first {
		t.Fatalf("reopened registry: %s, %v; want %s", id, err, first)
	}
	if root, ok, err := again.Root(ctx, first); err != nil || !ok || root != a {
		t.Fatalf("Root(%s) = %q %v %v; want %s", first, root, ok, err, a)
	}
	if _, ok, err := again.Root(ctx, "ws-unknown"); err != nil || ok {
		t.Fatalf("Root of an unknown id: ok %v, %v", ok, err)
	}
}

// The owner of rows from before workspaces is decided once: later opens,
// whatever folder they name, keep the first decision and report nothing.
func TestLegacyOwnerIsDecidedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, db := openRegistry(t)
	// the previous release's checks table with two rows
	if _, err := db.Writer().Exec(`CREATE TABLE checks (id INTEGER PRIMARY KEY); INSERT INTO checks VALUES (1), (2)`); err != nil {
		t.Fatal(err)
	}
	first, second := t.TempDir(), t.TempDir()
	l, made, err := r.DecideLegacy(ctx, first, "settings")
	if err != nil || !made {
		t.Fatalf("first decision: made %v, %v", made, err)
	}
	if l.Root != first || l.Reason != "settings" || l.Rows["checks"] != 2 || len(l.Rows) != 1 {
		t.Fatalf("first decision %+v", l)
	}
	if id, _ := r.ID(ctx, first); id != l.ID {
		t.Fatalf("legacy id %s is not the folder's id %s", l.ID, id)
	}
	l2, made, err := r.DecideLegacy(ctx, second, "sample")
	if err != nil || made || l2.ID != l.ID || l2.Root != first || l2.Reason != "settings" {
		t.Fatalf("second decision %+v made %v, %v; want the first kept", l2, made, err)
	}
	var owner string
	if err := db.Reader().QueryRow(`SELECT ` + LegacyOwnerSQL).Scan(&owner); err != nil || owner != l.ID {
		t.Fatalf("LegacyOwnerSQL = %q, %v; want %s", owner, err, l.ID)
	}
}
