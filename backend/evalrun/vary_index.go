package evalrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/eval"
	"continuity/backend/models"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
	"continuity/backend/store"
)

// ExperimentsDir is the folder, under the data dir, of the experiment
// indexes: one subfolder per index hash (Config.IndexHash).
const ExperimentsDir = "experiments"

// What happened to an index folder of an experiment.
const (
	IndexBuilt     = "built"     // the folder was new
	IndexUpdated   = "updated"   // it existed and the sync changed it (e.g. a build interrupted earlier)
	IndexReused    = "reused"    // it existed and matched the corpus: hashes compared, nothing embedded
	IndexWorkspace = "workspace" // the workspace's own index (its remote embedder is not ours to copy)
)

// IndexFolder is one index of an experiment, shared by the configurations
// that differ only in k.
type IndexFolder struct {
	Hash      string           `json:"hash"`
	Dir       string           `json:"dir"`
	Settings  string           `json:"settings"` // "chunk=200 overlap=40 embedder=lsa"
	Status    string           `json:"status"`
	Sync      retrieval.Report `json:"sync"`
	Repairs   []string         `json:"repairs,omitempty"`
	Embedder  string           `json:"embedder"`
	Documents int              `json:"documents"`
	Chunks    int              `json:"chunks"`

	ix     *retrieval.Index
	store  *eval.Store // where the runs over this index are kept: the folder's own database
	closer func() error
}

// Close releases the folder's index and database (never the workspace's).
func (f *IndexFolder) Close() error {
	if f.closer == nil {
		return nil
	}
	return f.closer()
}

// openFolder opens (building, continuing or just checking) the index of c
// over the workspace's content in its own folder, and syncs it. An
// interrupted build resumes: the folder is a normal incremental index.
func openFolder(ctx context.Context, s *session.Session, ws string, c Config, content string, report progress.Func) (*IndexFolder, error) {
	f := &IndexFolder{Hash: c.IndexHash(content), Settings: c.label([]string{VaryChunk, VaryOverlap, VaryEmbedder})}
	if strings.HasPrefix(c.Embedder, "remote:") {
		return workspaceFolder(ctx, s, ws, f, report)
	}
	emb, err := chunkEmbedder(ctx, s, c.Embedder)
	if err != nil {
		return nil, err
	}
	f.Dir = filepath.Join(s.DataDir, ExperimentsDir, f.Hash)
	_, statErr := os.Stat(filepath.Join(f.Dir, "index"))
	existed := statErr == nil
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("experiment folder %s: %w", f.Dir, err)
	}
	db, err := store.OpenDir(ctx, f.Dir)
	if err != nil {
		return nil, fmt.Errorf("open experiment store in %s: %w", f.Dir, err)
	}
	opts := retrieval.Options{Embedder: emb, Chunking: corpus.ChunkOptions{Size: c.Chunk, Overlap: c.Overlap}, Log: s.Log, Progress: report}
	ix, err := retrieval.Open(ctx, db, f.Dir, opts)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("open experiment index in %s: %w", f.Dir, err), db.Close())
	}
	f.ix, f.Repairs = ix, ix.Repairs
	f.closer = func() error { return errors.Join(ix.Close(), db.Close()) }
	if f.Sync, err = ix.Sync(ctx, content, report); err != nil {
		return nil, errors.Join(fmt.Errorf("build experiment index %s (%s): %w", f.Hash, f.Settings, err), f.Close())
	}
	switch {
	case !existed:
		f.Status = IndexBuilt
	case f.Sync.Added+f.Sync.Updated+f.Sync.Removed > 0 || len(f.Repairs) > 0:
		f.Status = IndexUpdated
	default:
		f.Status = IndexReused
	}
	if f.store, err = eval.OpenStore(ctx, db, ws); err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return f, f.describe(ctx)
}

// workspaceFolder is the workspace's own index, for a baseline that ranks
// with the workspace's remote embedding model: copying it would re-embed
// the corpus at the endpoint's price. Its runs still go to a store of
// their own, never to the set's runs.
func workspaceFolder(ctx context.Context, s *session.Session, ws string, f *IndexFolder, report progress.Func) (*IndexFolder, error) {
	ix, rep, err := s.FreshIndex(ctx, report)
	if err != nil {
		return nil, fmt.Errorf("sync the workspace index: %w", err)
	}
	f.Dir, f.Status, f.Sync, f.ix = filepath.Join(s.DataDir, "index"), IndexWorkspace, rep, ix
	runs := filepath.Join(s.DataDir, ExperimentsDir, f.Hash)
	if err := os.MkdirAll(runs, 0o700); err != nil {
		return nil, fmt.Errorf("experiment folder %s: %w", runs, err)
	}
	db, err := store.OpenDir(ctx, runs)
	if err != nil {
		return nil, fmt.Errorf("open experiment store in %s: %w", runs, err)
	}
	f.closer = db.Close
	if f.store, err = eval.OpenStore(ctx, db, ws); err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return f, f.describe(ctx)
}

func (f *IndexFolder) describe(ctx context.Context) error {
	st, err := f.ix.Stats(ctx)
	if err != nil {
		return errors.Join(fmt.Errorf("experiment index %s: %w", f.Hash, err), f.Close())
	}
	f.Embedder, f.Documents, f.Chunks = st.Embedder, st.Documents, st.Chunks
	if st.EmbedModel != "" && st.EmbedModel != st.Embedder {
		f.Embedder += " (" + st.EmbedModel + ")"
	}
	return nil
}

// chunkEmbedder is what ranks passages for an embedder name: nil is the
// index's corpus-fitted LSA default; use-lite needs the installed model.
func chunkEmbedder(ctx context.Context, s *session.Session, name string) (embed.Embedder, error) {
	if name == EmbedderLSA {
		return nil, nil
	}
	choice, err := s.Embedder(ctx)
	if err != nil {
		return nil, err
	}
	if choice.Sentences == nil {
		return nil, fmt.Errorf("embedder=%s: %w (run `make models` or set %s)", name, models.ErrNotFound, models.EnvDir)
	}
	return choice.Sentences, nil
}

// WorkspaceConfig is the configuration a regular run of the workspace
// uses: the default chunking and k, and the passage embedder its settings
// choose (lsa, or "remote:MODEL" when they name a remote model).
func WorkspaceConfig(ctx context.Context, s *session.Session) (Config, error) {
	c := DefaultConfig()
	choice, err := s.Embedder(ctx)
	if err != nil {
		return Config{}, err
	}
	if choice.Chunks != nil {
		c.Embedder = "remote:" + choice.Model()
	}
	return c, nil
}
