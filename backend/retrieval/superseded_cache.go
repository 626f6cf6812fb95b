package retrieval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"strconv"

	"continuity/backend/embed"
	"continuity/backend/lexical"
	"continuity/backend/vector"
)

// The superseded sentences have caches of their own, rebuilt from
// index_superseded like the chunk caches from the registry: a bleve index
// (the same analyzer and BM25 as the chunks, so both are searched alike)
// and, when sentence vectors are kept, their vectors in memory. Rows are
// only ever added, so equal counts mean the bleve index is complete.

func (ix *Index) supersededLexDir() string { return filepath.Join(ix.dir, "superseded-bleve") }

func supersededDocID(id int64) string { return "s" + strconv.FormatInt(id, 10) }

func supersededRowID(doc string) (int64, bool) {
	if len(doc) < 2 || doc[0] != 's' {
		return 0, false
	}
	id, err := strconv.ParseInt(doc[1:], 10, 64)
	return id, err == nil
}

// openSuperseded opens the superseded caches at Open; rebuild says a sync
// was interrupted, so the bleve index may lack its last batch.
func (ix *Index) openSuperseded(ctx context.Context, rebuild bool) error {
	n, err := ix.count(ctx, "index_superseded")
	if err != nil {
		return err
	}
	lex, err := lexical.Open(ix.supersededLexDir())
	switch {
	case errors.Is(err, lexical.ErrLocked):
		return fmt.Errorf("%w: %w", ErrIndexBusy, err)
	case errors.Is(err, fs.ErrPermission):
		return err
	case errors.Is(err, lexical.ErrDamaged):
		return damaged(err)
	case err != nil:
		ix.Repairs = append(ix.Repairs, "superseded-sentence index unreadable: "+err.Error())
		rebuild = true
	default:
		got, cerr := lex.Count()
		if errors.Is(cerr, lexical.ErrDamaged) {
			lex.Close()
			return damaged(cerr)
		}
		if cerr != nil || int(got) != n {
			if !rebuild {
				ix.Repairs = append(ix.Repairs, fmt.Sprintf("superseded-sentence index holds %d sentences, registry %d", got, n))
			}
			rebuild = true
		}
	}
	if rebuild {
		if lex != nil {
			lex.Close()
		}
		if lex, err = lexical.Recreate(ix.supersededLexDir()); err != nil {
			return err
		}
		if err := ix.refillSuperseded(ctx, lex); err != nil {
			lex.Close()
			return fmt.Errorf("rebuild the superseded-sentence index: %w", damaged(err))
		}
	}
	ix.supLex = lex
	return ix.ensureSupersededVectors(ctx)
}

func (ix *Index) refillSuperseded(ctx context.Context, lex *lexical.Index) error {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, title, text FROM index_superseded ORDER BY id`)
	if err != nil {
		return fmt.Errorf("read superseded sentences: %w", err)
	}
	var docs []lexical.Doc
	for rows.Next() {
		var id int64
		var d lexical.Doc
		if err := rows.Scan(&id, &d.Title, &d.Body); err != nil {
			rows.Close()
			return fmt.Errorf("read superseded sentences: %w", err)
		}
		d.ID = supersededDocID(id)
		docs = append(docs, d)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return fmt.Errorf("read superseded sentences: %w", err)
	}
	const page = 2000
	for i := 0; i < len(docs); i += page {
		if err := lex.Apply(ctx, nil, docs[i:min(i+page, len(docs))]); err != nil {
			return err
		}
	}
	return nil
}

// cacheSuperseded adds rows just committed to the caches; the caller
// holds ix.mu. Rows that only gained a commit are cached already.
func (ix *Index) cacheSuperseded(ctx context.Context, rows []supersededRow) error {
	var docs []lexical.Doc
	var hashes []string
	for _, r := range rows {
		if r.id != 0 {
			docs = append(docs, lexical.Doc{ID: supersededDocID(r.id), Title: r.title, Body: r.old.Text})
			hashes = append(hashes, r.old.Hash)
		}
	}
	if len(docs) == 0 {
		return nil
	}
	if err := ix.supLex.Apply(ctx, nil, docs); err != nil {
		return fmt.Errorf("superseded-sentence index: %w", damaged(err))
	}
	if ix.supVecs == nil {
		return nil
	}
	// A sentence a sync retracts was embedded while it was published; one
	// from an old commit was embedded by RecordHistory before its batch.
	se := ix.sentenceEmbedder()
	cached, err := ix.cachedVectors(ctx, se, hashes)
	if err != nil {
		return err
	}
	for i, d := range docs {
		if v, ok := cached[hashes[i]]; ok {
			if err := ix.supVecs.Put(d.ID, unit(v)); err != nil {
				return err
			}
		}
	}
	return nil
}

// ensureSupersededVectors gives every superseded sentence a vector of the
// current sentence model and loads them all, so a search embeds only its
// query. It is a no-op when sentence vectors are not kept.
func (ix *Index) ensureSupersededVectors(ctx context.Context) error {
	if !ix.sentenceVectors() {
		ix.mu.Lock()
		ix.supVecs = nil
		ix.mu.Unlock()
		return nil
	}
	// Every row has a vector when the load finds as many as there are
	// rows: then the search for rows without one (a join over the whole
	// table, a quarter of the time this took) is skipped.
	loaded, err := ix.loadSupersededVectors(ctx)
	if err != nil {
		return err
	}
	n, err := ix.count(ctx, "index_superseded")
	if err != nil || loaded == n {
		return err
	}
	se := ix.sentenceEmbedder()
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT DISTINCT s.hash, s.text FROM index_superseded s
		LEFT JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash WHERE e.hash IS NULL OR length(e.vec) = 0`, se.Name(), se.Model())
	if err != nil {
		return fmt.Errorf("find superseded sentences without vectors: %w", err)
	}
	var hashes, texts []string
	for rows.Next() {
		var h, t string
		if err := rows.Scan(&h, &t); err != nil {
			rows.Close()
			return fmt.Errorf("find superseded sentences without vectors: %w", err)
		}
		hashes, texts = append(hashes, h), append(texts, t)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return fmt.Errorf("find superseded sentences without vectors: %w", err)
	}
	const page = 512
	for i := 0; i < len(hashes); i += page {
		_, fresh, err := ix.embedMissing(ctx, se, hashes[i:min(i+page, len(hashes))], texts[i:min(i+page, len(texts))])
		if err != nil {
			return fmt.Errorf("embed superseded sentences: %w", err)
		}
		if err := ix.storeVectors(ctx, se, fresh, false); err != nil {
			return err
		}
	}
	_, err = ix.loadSupersededVectors(ctx)
	return err
}

// loadSupersededVectors reads every superseded row's vector of the current
// sentence model into memory and says how many rows have one.
func (ix *Index) loadSupersededVectors(ctx context.Context) (int, error) {
	se := ix.sentenceEmbedder()
	vs := vector.New(se.Model(), 0)
	err := ix.readSupersededVectors(ctx, se, `ORDER BY s.id`, nil, func(id int64, v []float32) error {
		return vs.Put(supersededDocID(id), unit(v))
	})
	if err != nil {
		return 0, fmt.Errorf("load superseded vectors: %w", err)
	}
	ix.mu.Lock()
	ix.supVecs = vs
	ix.mu.Unlock()
	return vs.Len(), nil
}

// readSupersededVectors hands fn the cached sentence vector of each
// superseded row that where (over index_superseded s) selects.
func (ix *Index) readSupersededVectors(ctx context.Context, se embed.Embedder, where string, args []any, fn func(id int64, v []float32) error) error {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT s.id, e.dim, e.vec FROM index_superseded s
		JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash AND length(e.vec) > 0 `+where, append([]any{se.Name(), se.Model()}, args...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var dim int
		var b []byte
		if err := rows.Scan(&id, &dim, &b); err != nil {
			return err
		}
		v, err := decodeVec(b, dim)
		if err != nil {
			return fmt.Errorf("superseded vector %d: %w", id, err)
		}
		if err := fn(id, v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// supersededVectorsStale says the sentence model changed (a refit) since
// the superseded vectors were loaded.
func (ix *Index) supersededVectorsStale() bool {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if !ix.sentenceVectors() {
		return ix.supVecs != nil
	}
	return ix.supVecs == nil || ix.supVecs.Model() != ix.sentenceEmbedder().Model()
}

// unit scales v to length 1 (the vector store compares by dot product);
// a zero vector stays zero.
func unit(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 || math.Abs(n-1) < 1e-6 {
		return v
	}
	s := float32(1 / math.Sqrt(n))
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x * s
	}
	return out
}
