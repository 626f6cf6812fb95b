package session

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"

	"continuity/backend/settings"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// ErrNoCorpus means no workspace is configured and no sample is bundled;
// each face says how to name one.
var ErrNoCorpus = errors.New("no corpus configured")

// Source says where the current workspace comes from.
type Source string

// The sources, strongest first.
const (
	FromFlag     Source = "flag"     // --corpus
	FromEnv      Source = "env"      // $CONTINUITY_CORPUS
	FromSettings Source = "settings" // the corpus folder saved in Settings
	FromSample   Source = "sample"   // the bundled sample workspace
)

// Current is the workspace in force, its id and where it comes from.
type Current struct {
	workspace.Workspace
	ID     string
	Source Source
	// Saved is the corpus folder saved in Settings ("" = the sample). It
	// is in force only when Source is FromSettings or FromSample.
	Saved string
}

// wsState is what Switch changes: once a folder is chosen in a running
// session, the launch choice (--corpus, $CONTINUITY_CORPUS) gives way.
type wsState struct {
	mu           sync.Mutex
	launchIgnore bool
	ids          map[string]string // root → id, to spare a query per call
}

// Workspace resolves the corpus: --corpus, then $CONTINUITY_CORPUS, then the
// configured folder, then the bundled sample workspace.
func (s *Session) Workspace(ctx context.Context) (workspace.Workspace, error) {
	c, err := s.Current(ctx)
	return c.Workspace, err
}

// WorkspaceID is the id of the workspace in force; every golden set, run,
// baseline, threshold, check and triage item is kept under it.
func (s *Session) WorkspaceID(ctx context.Context) (string, error) {
	c, err := s.Current(ctx)
	return c.ID, err
}

// Current resolves the workspace in force, as Workspace does, with its id
// and source.
func (s *Session) Current(ctx context.Context) (Current, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return Current{}, err
	}
	c := Current{Saved: st.CorpusDir}
	s.ws.mu.Lock()
	ignore := s.ws.launchIgnore
	s.ws.mu.Unlock()
	var dir string
	switch env := os.Getenv(workspace.EnvCorpus); {
	case s.corpusFlag != "" && !ignore:
		dir, c.Source = s.corpusFlag, FromFlag
	case env != "" && !ignore:
		dir, c.Source = env, FromEnv
	case st.CorpusDir != "":
		dir, c.Source = st.CorpusDir, FromSettings
	case s.sample == nil:
		return Current{}, fmt.Errorf("%w: %w", workspace.ErrNotWorkspace, ErrNoCorpus)
	default:
		if dir, err = workspace.EnsureSample(s.sample, s.DataDir); err != nil {
			return Current{}, err
		}
		c.Source = FromSample
	}
	if c.Workspace, err = workspace.Open(dir); err != nil {
		return Current{}, err
	}
	if c.ID, err = s.idOf(ctx, c.Root); err != nil {
		return Current{}, err
	}
	return c, nil
}

func (s *Session) idOf(ctx context.Context, root string) (string, error) {
	s.ws.mu.Lock()
	id, ok := s.ws.ids[root]
	s.ws.mu.Unlock()
	if ok {
		return id, nil
	}
	id, err := s.registry.ID(ctx, root)
	if err != nil {
		return "", err
	}
	s.ws.mu.Lock()
	s.ws.ids[root] = id
	s.ws.mu.Unlock()
	return id, nil
}

// SwitchWorkspace makes dir the workspace at once and saves it as the
// corpus folder in Settings. A folder chosen in the running session
// outranks the launch choice: from then on --corpus and $CONTINUITY_CORPUS
// no longer apply to this session. "" clears the choice: the launch
// folder is in force again (the corpus/ `make run` opened, with its golden
// sets and runs), else the bundled sample workspace.
// The index is not synced here; the caller syncs it (readers do anyway).
func (s *Session) SwitchWorkspace(ctx context.Context, dir string) (Current, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return Current{}, err
	}
	st.CorpusDir = ""
	if dir != "" {
		ws, err := workspace.Open(dir)
		if err != nil {
			return Current{}, err
		}
		st.CorpusDir = ws.Root
	}
	if err := s.Settings.Save(ctx, st); err != nil {
		return Current{}, err
	}
	s.ws.mu.Lock()
	s.ws.launchIgnore = dir != ""
	s.ws.mu.Unlock()
	return s.Current(ctx)
}

// openRegistry opens the workspace registry and, on the first open by a
// release with workspaces, decides which workspace the rows written before
// belong to: the corpus folder saved in Settings, else the bundled sample
// (never --corpus: a launch flag says nothing about where past work was
// done). It says so once in the log when there were such rows.
func openRegistry(ctx context.Context, db *store.DB, st *settings.Repo, dataDir string, log *slog.Logger) (*workspace.Registry, error) {
	reg, err := workspace.OpenRegistry(ctx, db)
	if err != nil {
		return nil, err
	}
	conf, err := st.Load(ctx)
	if err != nil {
		return nil, err
	}
	root, why := conf.CorpusDir, FromSettings
	if root == "" {
		root, why = filepath.Join(dataDir, workspace.SampleDirName), FromSample
	}
	l, made, err := reg.DecideLegacy(ctx, root, string(why))
	if err != nil {
		return nil, err
	}
	if made && len(l.Rows) > 0 {
		attrs := []any{"workspace", l.Root, "workspace_id", l.ID, "chosen_from", l.Reason}
		for _, t := range workspace.LegacyTables {
			if n := l.Rows[t]; n > 0 {
				attrs = append(attrs, t, n)
			}
		}
		log.Warn("data from before workspaces existed could not be attributed to the folders it came from; it now belongs to this workspace and shows when it is open", attrs...)
	}
	return reg, nil
}
