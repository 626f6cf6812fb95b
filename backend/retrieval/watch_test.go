package retrieval

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

type watchResult struct {
	rep Report
	err error
}

// startWatch runs Watch the way index --watch does: each sync opens the
// index, syncs and closes it. It returns the sync results and stops the
// watcher when the test ends. The fixture's own index is closed first: an
// open Index holds the writer lock.
func startWatch(t *testing.T, f *fixture, debounce time.Duration) <-chan watchResult {
	t.Helper()
	f.ix.Close()
	ctx, cancel := context.WithCancel(context.Background())
	results := make(chan watchResult, 16)
	watchErr := make(chan error, 1)
	go func() {
		watchErr <- Watch(ctx, f.content, debounce, func(ctx context.Context) error {
			ix, err := Open(ctx, f.db, f.dataDir, Options{Embedder: f.emb})
			if err != nil {
				results <- watchResult{err: err}
				return err
			}
			rep, err := ix.Sync(ctx, f.content, nil)
			results <- watchResult{rep, err}
			return errors.Join(err, ix.Close())
		}, func(err error) { t.Logf("watch: %v", err) })
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-watchErr; err != nil {
			t.Errorf("watch returned %v", err)
		}
	})
	time.Sleep(200 * time.Millisecond) // let the watcher register its folders
	return results
}

func waitSync(t *testing.T, results <-chan watchResult) Report {
	t.Helper()
	select {
	case got := <-results:
		if got.err != nil {
			t.Fatal(got.err)
		}
		return got.rep
	case <-time.After(30 * time.Second):
		t.Fatal("no sync after the change")
	}
	return Report{}
}

// A burst of saves is debounced into one sync that sees all of them, and
// the watcher follows files in a folder created while it runs.
func TestWatchDebouncesBurstIntoOneSync(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nAnteaters eat ants.\n")
	f.sync()
	results := startWatch(t, f, 300*time.Millisecond)
	for i := range 3 {
		f.write(fmt.Sprintf("b%d.md", i), fmt.Sprintf("# B%d\n\nBurst document number %d about quokkas.\n", i, i))
	}
	f.write("a.md", "# A\n\nAnteaters eat termites as well.\n")
	if rep := waitSync(t, results); rep.Added != 3 || rep.Updated != 1 || rep.Documents != 4 {
		t.Fatalf("one debounced sync should see the whole burst: %+v", rep)
	}
}

// Issue 29: an idle watcher held the writer lock for its whole life, so a
// check waited LockWait and failed "index busy". Between syncs it holds
// nothing: a reader opens at once, even with a short LockWait, and the
// watcher syncs the next change after the reader has closed.
func TestIdleWatcherHoldsNoLock(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nAnteaters eat ants.\n")
	f.sync()
	results := startWatch(t, f, 100*time.Millisecond)
	f.write("b.md", "# B\n\nBilbies burrow at night.\n")
	if rep := waitSync(t, results); rep.Added != 1 {
		t.Fatalf("first watched sync: %+v", rep)
	}
	for i := range 3 { // the lock is free after every sync, not only the first
		start := time.Now()
		ix, err := Open(context.Background(), f.db, f.dataDir, Options{Embedder: f.emb, LockWait: 200 * time.Millisecond})
		if err != nil {
			t.Fatalf("reader %d beside an idle watcher: %v", i, err)
		}
		if waited := time.Since(start); waited > 5*time.Second {
			t.Errorf("reader %d took %s to open", i, waited)
		}
		hits, err := ix.Search(context.Background(), "bilbies burrow", 3, BM25)
		if err != nil || len(hits) != 1 {
			t.Fatalf("reader %d sees the watched sync: %+v %v", i, hits, err)
		}
		if err := ix.Close(); err != nil {
			t.Fatal(err)
		}
		f.write(fmt.Sprintf("c%d.md", i), fmt.Sprintf("# C%d\n\nCassowaries number %d.\n", i, i))
		if rep := waitSync(t, results); rep.Added != 1 {
			t.Fatalf("sync %d after the reader closed: %+v", i, rep)
		}
	}
}
