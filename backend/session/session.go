// Package session opens what every command and the desktop app share: the
// data dir, the database, settings, the secret store and the workspace.
package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"

	"continuity/backend/models"
	"continuity/backend/secret"
	"continuity/backend/settings"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Options say where things are. Empty fields take the defaults.
type Options struct {
	DataDir    string // default: workspace.DefaultDataDir()
	CorpusFlag string // --corpus; wins over everything
	Sample     fs.FS  // the bundled sample workspace, unpacked on first run
	Logger     *slog.Logger
}

// Session is the open state. Close it when done.
type Session struct {
	DataDir  string
	DB       *store.DB
	Settings *settings.Repo
	Secrets  *secret.Store
	Log      *slog.Logger

	corpusFlag string
	sample     fs.FS
	registry   *workspace.Registry
	ws         wsState
	index      indexHolder
	offline    offlineState
	watch      contentWatch
}

// Open opens the data dir and database.
func Open(ctx context.Context, o Options) (*Session, error) {
	dir := o.DataDir
	if dir == "" {
		d, err := workspace.DefaultDataDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data dir %s: %w", dir, err)
	}
	// the claim engine loads its word models once per process, without a
	// data dir: this is how it finds those `models install` put here
	models.SetDataDir(dir)
	db, err := store.OpenDir(ctx, dir)
	if err != nil {
		return nil, err
	}
	repo, err := settings.NewRepo(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	reg, err := openRegistry(ctx, db, repo, dir, log)
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Session{DataDir: dir, DB: db, Settings: repo, Secrets: secret.New(), Log: log,
		corpusFlag: o.CorpusFlag, sample: o.Sample, registry: reg, ws: wsState{ids: map[string]string{}}}, nil
}

// Close releases the index and the database.
func (s *Session) Close() error {
	idx := s.closeIndex()
	return errors.Join(idx, s.offline.close(), s.DB.Close())
}
