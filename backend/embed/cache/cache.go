package cache

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"continuity/backend/store"
)

// EnvDir overrides the directory of the shared cache file, e.g. to keep
// test runs or CI off the user's cache.
const EnvDir = "CONTINUITY_CACHE_DIR"

// FileName is the cache file inside its directory.
const FileName = "embeddings.db"

// DefaultMaxBytes bounds the stored vector bytes when Options.MaxBytes is 0.
const DefaultMaxBytes int64 = 1 << 30

// Options tunes Open; the zero value is usable.
type Options struct {
	MaxBytes int64        // bound on stored vector bytes; <= 0 means DefaultMaxBytes
	Log      *slog.Logger // warnings about degraded operation; nil discards them
}

// Stats counts distinct texts per Embed call since Open.
type Stats struct {
	Hits     int64 // served from the file
	Misses   int64 // computed by the wrapped embedder
	Failures int64 // Embed calls in which a cache read or write failed
}

// Cache is one handle on the cache file, safe for concurrent use.
type Cache struct {
	db   *store.DB
	path string
	max  int64
	log  *slog.Logger
	now  func() time.Time // replaced by tests to order last-used times

	hits, misses, failures atomic.Int64
}

// DefaultPath is where the shared cache lives: $CONTINUITY_CACHE_DIR when
// set, else the user's cache dir.
func DefaultPath() (string, error) {
	if dir := os.Getenv(EnvDir); dir != "" {
		return filepath.Join(dir, FileName), nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("embedding cache dir: %w", err)
	}
	return filepath.Join(dir, "continuity", FileName), nil
}

// Open opens (creating if needed) the cache file at path. A file that is not
// a usable cache is moved aside to path+".corrupt" and replaced, with a
// warning; the error returned when even that fails means "run uncached".
func Open(ctx context.Context, path string, opts Options) (*Cache, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	db, err := openDB(ctx, path)
	if err != nil {
		if !replaceable(ctx, err) {
			return nil, fmt.Errorf("open embedding cache %s: %w", path, err)
		}
		aside := path + ".corrupt"
		opts.Log.Warn("embedding cache unusable; replacing it with an empty one",
			"path", path, "moved_to", aside, "err", err)
		if err := moveAside(path, aside); err != nil {
			return nil, fmt.Errorf("replace embedding cache %s: %w", path, err)
		}
		if db, err = openDB(ctx, path); err != nil {
			return nil, fmt.Errorf("open fresh embedding cache %s: %w", path, err)
		}
	}
	return &Cache{db: db, path: path, max: opts.MaxBytes, log: opts.Log, now: time.Now}, nil
}

// moveAside keeps the last damaged file for inspection (one slot, so they
// cannot pile up) and drops its WAL and shared-memory files, which SQLite
// would otherwise try to replay into the fresh database.
func moveAside(path, aside string) error {
	if err := os.Rename(path, aside); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("move aside: %w", err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove stale %s: %w", suffix, err)
		}
	}
	return nil
}

// Path is the cache file.
func (c *Cache) Path() string { return c.path }

// Stats is a snapshot of the counters.
func (c *Cache) Stats() Stats {
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Failures: c.failures.Load()}
}

// Close closes the file. Embedders from Wrap keep working afterwards,
// uncached and with a warning per call.
func (c *Cache) Close() error {
	if err := c.db.Close(); err != nil {
		return fmt.Errorf("close embedding cache %s: %w", c.path, err)
	}
	return nil
}
