package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/retrieval"
)

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// watchedSession is a session on a two-page workspace of the test's own.
func watchedSession(t *testing.T) (*Session, string, *fakeClock) {
	t.Helper()
	ws := t.TempDir()
	write(t, filepath.Join(ws, "content", "shipping.md"), "---\nid: shipping\n---\n# Shipping\n\nOrders ship within two business days.\n")
	write(t, filepath.Join(ws, "content", "returns.md"), "---\nid: returns\n---\n# Returns\n\nReturns are free within 60 days.\n")
	s, err := Open(context.Background(), Options{DataDir: t.TempDir(), CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	clock := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	s.watch.now = clock.now
	return s, ws, clock
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// untilChanged waits for the watcher to see a change (its event arrives
// a few milliseconds after the write).
func untilChanged(t *testing.T, s *Session) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.watch.mu.Lock()
		clean := s.watch.clean
		s.watch.mu.Unlock()
		if !clean {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the watcher never saw the change")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A long-lived process syncs once, then again only after a change or
// after maxTrust; a change made while it syncs is not lost.
func TestWatchedContentSyncsOnlyAfterAChange(t *testing.T) {
	ctx := context.Background()
	s, ws, clock := watchedSession(t)
	stop, err := s.WatchContent(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if _, rep, err := s.FreshIndex(ctx, nil); err != nil || rep.Added != 2 {
		t.Fatalf("first sync: %+v, %v; want 2 added", rep, err)
	}
	first := s.watch.syncedAt

	clock.add(time.Second)
	_, rep, err := s.FreshIndex(ctx, nil)
	if err != nil || rep.Unchanged != 2 || rep.Added+rep.Updated+rep.Removed != 0 || rep.Documents != 2 {
		t.Fatalf("unchanged workspace: %+v, %v", rep, err)
	}
	if !s.watch.syncedAt.Equal(first) {
		t.Fatal("an unchanged, watched workspace was synced again")
	}

	write(t, filepath.Join(ws, "content", "shipping.md"), "---\nid: shipping\n---\n# Shipping\n\nOrders ship within five business days.\n")
	untilChanged(t, s)
	ix, rep, err := s.FreshIndex(ctx, nil)
	if err != nil || rep.Updated != 1 {
		t.Fatalf("after an edit: %+v, %v; want 1 updated", rep, err)
	}
	doc, ok, err := ix.Document(ctx, "shipping")
	if err != nil || !ok || !strings.Contains(doc.Text, "five business days") {
		t.Fatalf("the index does not hold the edit: %q %v %v", doc.Text, ok, err)
	}

	// then silence: maxTrust bounds the trust in the watcher
	edited := s.watch.syncedAt
	clock.add(maxTrust + time.Second)
	if _, _, err := s.FreshIndex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if s.watch.syncedAt.Equal(edited) {
		t.Fatalf("no sync after %s without one", maxTrust)
	}

	stop()
	if _, ok := s.watch.fresh(filepath.Join(ws, "content")); ok {
		t.Fatal("a stopped watch still vouches for the index")
	}
}

func reportOf(docs int) retrieval.Report { return retrieval.Report{Documents: docs, Source: docs} }

// Without a watcher every reader syncs, as a CLI command does.
func TestUnwatchedContentAlwaysSyncs(t *testing.T) {
	ctx := context.Background()
	s, ws, _ := watchedSession(t)
	if _, _, err := s.FreshIndex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(ws, "content", "returns.md"), "---\nid: returns\n---\n# Returns\n\nReturns are free within 30 days.\n")
	_, rep, err := s.FreshIndex(ctx, nil)
	if err != nil || rep.Updated != 1 {
		t.Fatalf("unwatched edit: %+v, %v; want 1 updated", rep, err)
	}
}

// A change that lands while a sync runs leaves the index unsynced.
func TestAChangeDuringASyncIsNotLost(t *testing.T) {
	var w contentWatch
	w.dir = "/c"
	token := w.begin()
	w.changed()
	w.synced("/c", token, reportOf(3))
	if _, ok := w.fresh("/c"); ok {
		t.Fatal("a change during the sync was forgotten")
	}
	token = w.begin()
	w.synced("/c", token, reportOf(3))
	if rep, ok := w.fresh("/c"); !ok || rep.Unchanged != 3 {
		t.Fatalf("clean sync: %+v %v", rep, ok)
	}
	if _, ok := w.fresh("/other"); ok {
		t.Fatal("another workspace's folder was vouched for")
	}
}
