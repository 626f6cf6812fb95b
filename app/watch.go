package app

import "sync"

// contentWatch keeps the session watching the workspace's content folder
// while the desktop runs (issue 32 item 4): a check or a search of an
// unchanged corpus then skips the sync that reads and hashes every file.
// A workspace switch watches the new folder; until the watcher is up, and
// if it cannot start, every reader syncs first, as before.
type contentWatch struct {
	mu   sync.Mutex
	stop func()
}

// watchContent (re)starts the watcher on the current workspace's folder.
func (c *core) watchContent() {
	c.watch.mu.Lock()
	defer c.watch.mu.Unlock()
	if c.watch.stop != nil {
		c.watch.stop()
		c.watch.stop = nil
	}
	stop, err := c.sess.WatchContent(c.ctx)
	if err != nil {
		c.log.Warn("content folder not watched; every check syncs first", "err", err)
		return
	}
	c.watch.stop = stop
}

// stopWatching ends the watcher (at shutdown).
func (c *core) stopWatching() {
	c.watch.mu.Lock()
	defer c.watch.mu.Unlock()
	if c.watch.stop != nil {
		c.watch.stop()
		c.watch.stop = nil
	}
}

// rewatch moves a running watcher to the current workspace's folder after
// a switch; with none running (tests, a watcher that failed) it does
// nothing.
func (c *core) rewatch() {
	c.watch.mu.Lock()
	running := c.watch.stop != nil
	c.watch.mu.Unlock()
	if running {
		c.watchContent()
	}
}
