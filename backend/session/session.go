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
	index      indexHolder
	offline    offlineState
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
	return &Session{DataDir: dir, DB: db, Settings: repo, Secrets: secret.New(), Log: log,
		corpusFlag: o.CorpusFlag, sample: o.Sample}, nil
}

// Workspace resolves the corpus: --corpus, then $CONTINUITY_CORPUS, then the
// configured folder, then the bundled sample workspace.
func (s *Session) Workspace(ctx context.Context) (workspace.Workspace, error) {
	if s.corpusFlag != "" {
		return workspace.Open(s.corpusFlag)
	}
	if env := os.Getenv(workspace.EnvCorpus); env != "" {
		return workspace.Open(env)
	}
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return workspace.Workspace{}, err
	}
	if st.CorpusDir != "" {
		return workspace.Open(st.CorpusDir)
	}
	if s.sample == nil {
		return workspace.Workspace{}, fmt.Errorf("%w: no corpus configured; pass --corpus DIR", workspace.ErrNotWorkspace)
	}
	dir, err := workspace.EnsureSample(s.sample, s.DataDir)
	if err != nil {
		return workspace.Workspace{}, err
	}
	return workspace.Open(dir)
}

// Close releases the index and the database.
func (s *Session) Close() error {
	idx := s.closeIndex()
	return errors.Join(idx, s.offline.close(), s.DB.Close())
}
