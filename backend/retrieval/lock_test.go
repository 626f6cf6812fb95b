package retrieval

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"continuity/backend/store"
)

// A second open of one data dir in the same process conflicts on the lock
// like another process would (flock and LockFileEx are per open file).
func TestOpenWaitsForTheIndexLock(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		ctxAfter time.Duration // 0: no deadline
		lockWait time.Duration
		release  time.Duration // 0: the holder never releases during the open
		want     error
	}{
		{name: "busy past the wait", lockWait: 300 * time.Millisecond, want: ErrIndexBusy},
		{name: "cancelled while waiting", ctxAfter: 200 * time.Millisecond, lockWait: time.Minute, want: context.DeadlineExceeded},
		{name: "released while waiting", lockWait: time.Minute, release: 300 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.write("a.md", "# A\n\nWombats dig burrows.\n")
			f.sync()
			ctx := context.Background()
			if c.ctxAfter > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.ctxAfter)
				defer cancel()
			}
			if c.release > 0 {
				go func() { time.Sleep(c.release); f.ix.Close() }()
			}
			start := time.Now()
			ix, err := Open(ctx, f.db, f.dataDir, Options{Embedder: f.emb, LockWait: c.lockWait})
			if elapsed := time.Since(start); elapsed > 20*time.Second {
				t.Errorf("open took %s", elapsed)
			}
			if c.want == nil {
				if err != nil {
					t.Fatalf("open after release: %v", err)
				}
				defer ix.Close()
				if len(ix.Repairs) != 0 {
					t.Errorf("repairs after a clean release: %q", ix.Repairs)
				}
				return
			}
			if !errors.Is(err, c.want) {
				ix.Close()
				t.Fatalf("open of a locked index: %v, want %v", err, c.want)
			}
			if errors.Is(c.want, ErrIndexBusy) && (!strings.Contains(err.Error(), "index busy") || !strings.Contains(err.Error(), f.dataDir)) {
				t.Errorf("busy message %q names neither the state nor the dir", err)
			}
			// The holder's index is untouched and still usable.
			if rep := f.sync(); rep.Unchanged != 1 || rep.Documents != 1 {
				t.Errorf("holder's sync after the refused open: %+v", rep)
			}
		})
	}
}

func TestVectorRepairNeverNegative(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name            string
		vectors, chunks int
		want            string
	}{
		{name: "missing vectors", vectors: 3, chunks: 10, want: "7 of 10 chunks have no cached m vector; embedding them"},
		{name: "no vectors", vectors: 0, chunks: 4, want: "4 of 4 chunks have no cached m vector; embedding them"},
		{name: "more vectors than chunks", vectors: 243, chunks: 0, want: "243 cached m vectors for 0 chunks; re-embedding them"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := vectorRepair(c.vectors, c.chunks, "m")
			if got != c.want || regexp.MustCompile(`-\d`).MatchString(got) {
				t.Errorf("vectorRepair(%d, %d) = %q, want %q", c.vectors, c.chunks, got, c.want)
			}
		})
	}
}

// Real damage is still repaired from the registry.
func TestCorruptLexicalIndexIsRebuilt(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nWombats dig burrows.\n")
	f.sync()
	f.ix.Close()
	meta := filepath.Join(f.dataDir, "index", "bleve", "index_meta.json")
	if err := os.WriteFile(meta, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), f.db, f.dataDir, Options{Embedder: f.emb})
	if err != nil {
		t.Fatal(err)
	}
	f.ix = ix
	if got := strings.Join(ix.Repairs, "\n"); !strings.Contains(got, "lexical index unreadable") {
		t.Errorf("repairs %q, want the unreadable lexical index", got)
	}
	if c, err := ix.lex.Count(); err != nil || c != 1 {
		t.Errorf("rebuilt lexical index holds %d chunks (%v), want 1", c, err)
	}
}

// openStore opens the database of dataDir for a test or a child process.
func openStore(t *testing.T, dataDir string) *store.DB {
	t.Helper()
	db, err := store.OpenDir(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
