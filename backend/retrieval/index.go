package retrieval

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/lexical"
	"continuity/backend/progress"
	"continuity/backend/store"
	"continuity/backend/vector"
)

// Options configure an Index. Zero values take the defaults.
type Options struct {
	Embedder   embed.Embedder   // default: an LSA model fitted to the corpus (see lsa.go)
	LSA        embed.LSAOptions // the fitted default's parameters
	Chunking   corpus.ChunkOptions
	Fusion     FusionOptions // default: DefaultFusion
	Candidates int           // per-list depth before fusion; default 100
	BatchDocs  int           // documents per durable batch; default 200
	LockWait   time.Duration // wait for another process's index lock; default DefaultLockWait
	// ReadOnly opens the index to look at it (index --verify): no repair,
	// migration or sync, and nothing written, not even the lock's PID. What
	// a writable open would have rebuilt is reported by Verify instead.
	ReadOnly bool
	// RebuildLexical deletes both BM25 (bleve) indexes under the lock
	// before opening them, so they are rebuilt from the registry: the
	// repair of an index whose segments are damaged (ErrIndexDamaged).
	RebuildLexical bool
	// Sentences keeps a vector of every published sentence (see
	// sentences.go); off, only chunks are embedded.
	Sentences bool
	// SentenceEmbedder embeds the sentences (default: Embedder). Chunks
	// and sentences may use different models: one is chosen for ranking
	// passages, the other for comparing a claim with a sentence.
	SentenceEmbedder embed.Embedder
	// DeferSentences leaves the vectors of published sentences out of a
	// sync and out of Open when SentenceEmbedder is set (a transformer
	// embeds some hundred sentences a second, so a large corpus would wait
	// minutes for its first search): Sentences embeds and stores those of
	// the chunks a check reads, and FillSentences the rest, after the
	// sync and without the index lock.
	DeferSentences bool
	// Progress hears about long repairs at Open (re-embedding after a
	// model change); nil is silent.
	Progress progress.Func
	// Notice says why this embedder was chosen when it is a fallback
	// (e.g. the pretrained model is missing); Stats repeats it.
	Notice string
	Log    *slog.Logger
}

// DefaultFusion is the hybrid fusion used when Options.Fusion is empty
// (chosen on SciFact train; see docs/benchmarks.md).
var DefaultFusion = FusionOptions{Method: Weighted, Alpha: 0.85}

// Index is the open hybrid index.
type Index struct {
	db     *store.DB
	dir    string
	opts   Options
	emb    embed.Embedder // swapped under mu when a fitted model changes
	lex    *lexical.Index
	mu     sync.RWMutex // held for writing while a batch changes the caches
	syncMu sync.Mutex   // one sync at a time
	vecs   *vector.Store
	// supLex and supVecs search the superseded sentences
	// (superseded_cache.go); supVecs is nil without sentence vectors.
	supLex  *lexical.Index
	supVecs *vector.Store
	log     *slog.Logger
	lock    *dirLock // the writer lock on dir, held until Close
	Repairs []string // what Open found broken and rebuilt
	// stale is what a read-only Open found that a writable one would have
	// rebuilt and Verify cannot see in the rows (see open_readonly.go).
	stale []string
}

// Stats describe the indexed set.
type Stats struct {
	Documents int              `json:"documents"`
	Chunks    int              `json:"chunks"`
	LastSync  time.Time        `json:"last_sync"` // zero when never synced
	Warnings  []corpus.Warning `json:"warnings"`
	// Embedder and EmbedModel name what produced the vectors
	// (e.g. "offline-hash" or "openai" with the server-side model).
	Embedder   string `json:"embedder"`
	EmbedModel string `json:"embed_model"`
	// EmbedNotice is Options.Notice: empty unless the embedder is a fallback.
	EmbedNotice string `json:"embed_notice,omitempty"`
	// SentenceEmbedder and SentenceModel produce the sentence vectors;
	// empty when they are not kept.
	SentenceEmbedder string `json:"sentence_embedder,omitempty"`
	SentenceModel    string `json:"sentence_model,omitempty"`
	// Source is the content folder the last complete sync read; "" before
	// one. A different folder than the workspace's means the index holds
	// another workspace's corpus until the next sync.
	Source string `json:"source,omitempty"`
}

func (ix *Index) lexDir() string { return filepath.Join(ix.dir, "bleve") }

// loadVectors fills the in-memory matrix from the embedding cache of the
// current embedder, one row per registered chunk.
func (ix *Index) loadVectors(ctx context.Context) error {
	n, err := ix.count(ctx, "index_chunks")
	if err != nil {
		return err
	}
	ix.vecs.Reserve(n)
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id, e.dim, e.vec FROM index_chunks c
		JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = c.embed_hash AND length(e.vec) > 0
		ORDER BY c.rowid`, ix.emb.Name(), ix.emb.Model())
	if err != nil {
		return fmt.Errorf("load vectors: %w", err)
	}
	defer rows.Close()
	var buf []float32
	for rows.Next() {
		var id string
		var dim int
		var b []byte
		if err := rows.Scan(&id, &dim, &b); err != nil {
			return fmt.Errorf("load vectors: %w", err)
		}
		if buf, err = decodeVecInto(buf, b, dim); err != nil {
			return fmt.Errorf("load vector of %s: %w", id, err)
		}
		if err := ix.vecs.Put(id, buf); err != nil {
			return fmt.Errorf("load vectors: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load vectors: %w", err)
	}
	return nil
}

func (ix *Index) count(ctx context.Context, table string) (int, error) {
	var n int
	if err := ix.db.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", table, err)
	}
	return n, nil
}

// Close releases the caches; the registry stays with its database.
func (ix *Index) Close() error {
	if ix == nil {
		return nil
	}
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	// The lock goes last: another process may open the bleve dir as soon
	// as it is released.
	return errors.Join(ix.lex.Close(), ix.supLex.Close(), ix.lock.release())
}

// Stats counts the indexed documents and chunks.
func (ix *Index) Stats(ctx context.Context) (Stats, error) {
	ix.mu.RLock()
	st := Stats{Embedder: ix.emb.Name(), EmbedModel: ix.emb.Model(), EmbedNotice: ix.opts.Notice}
	if ix.opts.Sentences {
		se := ix.sentenceEmbedder()
		st.SentenceEmbedder, st.SentenceModel = se.Name(), se.Model()
	}
	ix.mu.RUnlock()
	var err error
	if st.Documents, err = ix.count(ctx, "index_docs"); err != nil {
		return st, err
	}
	if st.Chunks, err = ix.count(ctx, "index_chunks"); err != nil {
		return st, err
	}
	last, err := ix.state(ctx, keyLastSync)
	if err != nil {
		return st, err
	}
	if last != "" {
		if st.LastSync, err = time.Parse(time.RFC3339Nano, last); err != nil {
			return st, fmt.Errorf("last sync time %q: %w", last, err)
		}
	}
	if st.Source, err = ix.state(ctx, keySource); err != nil {
		return st, err
	}
	st.Warnings = []corpus.Warning{}
	if w, err := ix.state(ctx, keyWarnings); err != nil {
		return st, err
	} else if w != "" {
		if err := json.Unmarshal([]byte(w), &st.Warnings); err != nil {
			return st, fmt.Errorf("stored warnings: %w", err)
		}
	}
	return st, nil
}

// Document returns an indexed (published) document by ID.
func (ix *Index) Document(ctx context.Context, id string) (corpus.Document, bool, error) {
	var d corpus.Document
	err := ix.db.Reader().QueryRowContext(ctx, `SELECT id, path, title, url, published, type, status, hash, text
		FROM index_docs WHERE id = ?`, id).Scan(&d.ID, &d.Path, &d.Title, &d.URL, &d.Published, &d.Type, &d.Status, &d.Hash, &d.Text)
	if errors.Is(err, sql.ErrNoRows) {
		return corpus.Document{}, false, nil
	}
	if err != nil {
		return corpus.Document{}, false, fmt.Errorf("document %s: %w", id, err)
	}
	return d, true, nil
}

// Fingerprint hashes (document ID, content hash) over the indexed set, so
// results can say which corpus state produced them.
func (ix *Index) Fingerprint(ctx context.Context) (string, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, hash FROM index_docs ORDER BY id`)
	if err != nil {
		return "", fmt.Errorf("fingerprint: %w", err)
	}
	defer rows.Close()
	h := sha256.New()
	for rows.Next() {
		var id, hash string
		if err := rows.Scan(&id, &hash); err != nil {
			return "", fmt.Errorf("fingerprint: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%s\n", id, hash)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("fingerprint: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
