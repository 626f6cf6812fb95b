package retrieval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watch calls sync after every burst of changes under contentDir, once
// debounce has passed without one, until ctx ends. It holds no index in
// between: sync opens the index (taking its writer lock), syncs and closes
// it, so a reader (check, search) never waits for an idle watcher, only
// for a sync under way. A sync that found the index busy (ErrIndexBusy:
// a reader held it past Options.LockWait) is tried again after another
// debounce, so the change is not lost; every error is passed to failed.
func Watch(ctx context.Context, contentDir string, debounce time.Duration, sync func(context.Context) error, failed func(error)) error {
	return WatchStarted(ctx, contentDir, debounce, nil, sync, failed)
}

// WatchStarted is Watch that calls started (when not nil) once every
// folder is watched: a change from then on reaches sync.
func WatchStarted(ctx context.Context, contentDir string, debounce time.Duration, started func(), sync func(context.Context) error, failed func(error)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer w.Close()
	add := func(root string) error {
		return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return w.Add(p)
		})
	}
	if err := add(contentDir); err != nil {
		return fmt.Errorf("watch %s: %w", contentDir, err)
	}
	if started != nil {
		started()
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					_ = add(ev.Name) // new folders are watched too
				}
			}
			timer.Reset(debounce)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			failed(fmt.Errorf("watch: %w", err))
		case <-timer.C:
			err := sync(ctx)
			if ctx.Err() != nil {
				return nil
			}
			if err != nil {
				failed(err)
			}
			if errors.Is(err, ErrIndexBusy) {
				timer.Reset(debounce)
			}
		}
	}
}
