package retrieval

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"continuity/backend/progress"
)

// Watch re-syncs contentDir whenever files change, waiting for debounce of
// quiet first so a save burst costs one sync. It returns when ctx ends.
func (ix *Index) Watch(ctx context.Context, contentDir string, debounce time.Duration, done func(Report, error), report progress.Func) error {
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
			done(Report{}, fmt.Errorf("watch: %w", err))
		case <-timer.C:
			rep, err := ix.Sync(ctx, contentDir, report)
			done(rep, err)
		}
	}
}
