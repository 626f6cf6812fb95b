package session

import (
	"context"
	"sync"
	"time"

	"continuity/backend/retrieval"
)

// watchDebounce is short: a change must make the next reader sync, not a
// reader a second later. The watcher only marks the index unsynced; the
// reader that comes next does the sync.
const watchDebounce = 5 * time.Millisecond

// maxTrust bounds how long a watched, unchanged workspace goes without a
// full sync: a change the watcher could not see (a folder created and
// filled before it was added, a network file system, new commits that
// touched no file) is found within this time.
const maxTrust = 60 * time.Second

// contentWatch lets a long-lived process (the MCP server, the desktop)
// skip the sync of a workspace that has not changed since the last one.
// A sync reads and hashes every file: at 20,000 pages that is most of a
// search's time. Without a running watcher every reader syncs, as before.
type contentWatch struct {
	mu       sync.Mutex
	dir      string // the content dir being watched; "" when none
	changes  uint64 // changes seen, ever; a sync is clean only if none came during it
	clean    bool   // the last sync of dir succeeded and nothing changed since
	syncedAt time.Time
	last     retrieval.Report // that sync's report, for its warnings and skipped files
	now      func() time.Time
}

// WatchContent watches the workspace's content folder until ctx ends or
// the returned stop is called; meanwhile FreshIndex syncs only after a
// change under it (or maxTrust after the last sync). An error starting
// the watcher is returned and every reader keeps syncing.
func (s *Session) WatchContent(ctx context.Context) (stop func(), err error) {
	ws, err := s.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	dir := ws.ContentDir()
	ctx, cancel := context.WithCancel(ctx)
	started := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := retrieval.WatchStarted(ctx, dir, watchDebounce, func() {
			s.watch.mu.Lock()
			s.watch.dir = dir
			s.watch.mu.Unlock()
			started <- nil
		}, func(context.Context) error {
			s.watch.changed()
			return nil
		}, func(err error) {
			s.watch.changed() // an event may have been lost
			s.Log.Warn("content watch", "dir", dir, "err", err)
		})
		select {
		case started <- err:
		default:
		}
		s.watch.stopped(dir)
	}()
	if err := <-started; err != nil {
		cancel()
		<-done
		return nil, err
	}
	return func() { cancel(); <-done }, nil
}

func (w *contentWatch) changed() {
	w.mu.Lock()
	w.changes++
	w.clean = false
	w.mu.Unlock()
}

func (w *contentWatch) stopped(dir string) {
	w.mu.Lock()
	if w.dir == dir {
		w.dir, w.clean = "", false
	}
	w.mu.Unlock()
}

func (w *contentWatch) clock() time.Time {
	if w.now != nil {
		return w.now()
	}
	return time.Now()
}

// fresh returns the last sync's report when dir is watched, synced and
// unchanged since, within maxTrust.
func (w *contentWatch) fresh(dir string) (retrieval.Report, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.dir == "" || w.dir != dir || !w.clean || w.clock().Sub(w.syncedAt) > maxTrust {
		return retrieval.Report{}, false
	}
	rep := w.last
	rep.Unchanged, rep.Added, rep.Updated, rep.Removed = rep.Documents, 0, 0, 0
	return rep, true
}

// begin is called before a sync; the token goes to synced after it.
func (w *contentWatch) begin() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.changes
}

// synced records a successful sync of dir that started at token: clean
// only if no change came while it ran.
func (w *contentWatch) synced(dir string, token uint64, rep retrieval.Report) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.dir != dir {
		return
	}
	w.clean = w.changes == token
	w.syncedAt, w.last = w.clock(), rep
}
