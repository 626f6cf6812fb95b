package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
)

// Two processes creating one data dir at once both open it and both see
// the schema migrated once; each *DB here has its own connections, as a
// second process would.
func TestTwoOpenersMigrateANewFileOnce(t *testing.T) {
	t.Parallel()
	steps := []Migration{{1, `CREATE TABLE things (id INTEGER PRIMARY KEY)`}, {2, `ALTER TABLE things ADD COLUMN name TEXT`}}
	for round := 0; round < 10; round++ {
		path := filepath.Join(t.TempDir(), FileName)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := Open(context.Background(), path)
				if err != nil {
					errs[i] = err
					return
				}
				defer db.Close()
				errs[i] = db.Migrate(context.Background(), "things", steps)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, opener %d: %v", round, i, err)
			}
		}
		db, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := db.SchemaVersion(context.Background(), "things"); err != nil || v != 2 {
			t.Fatalf("round %d: version %d, %v", round, v, err)
		}
		db.Close()
	}
}

// The race itself, made deterministic: a step that another process applied
// after this one read the version is skipped, not run twice.
func TestStepAppliedMeanwhileIsSkipped(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	a, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	step := Migration{1, `CREATE TABLE things (id INTEGER PRIMARY KEY)`}
	if err := b.apply(context.Background(), "things", step); err != nil {
		t.Fatal(err)
	}
	if err := a.apply(context.Background(), "things", step); err != nil {
		t.Fatalf("a step applied by the other opener ran again: %v", err)
	}
}
