package retrieval

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"

	"continuity/backend/embed"
)

// vectorSharer is an embedder whose vectors persist on their own, in the
// user's shared embedding cache (cache.Wrap): asking it again for a text
// it embedded reads the stored vector instead of computing it.
type vectorSharer interface {
	SharesVectors() bool
}

// upsertVector records a vector in index_embeddings. A row whose vec is
// empty is a reference: the vector of that hash lives in the shared
// embedding cache (see sharedSentenceVectors). A real vector replaces a
// reference (the cache went away or failed a write), never the reverse.
const upsertVector = `INSERT INTO index_embeddings(embedder, model, hash, dim, vec) VALUES(?,?,?,?,?)
	ON CONFLICT(embedder, model, hash) DO UPDATE SET dim = excluded.dim, vec = excluded.vec
	WHERE length(index_embeddings.vec) = 0 AND length(excluded.vec) > 0`

// sharedSentenceVectors says whether the current sentences' vectors are
// kept only as references, so a data dir does not store a second copy of
// what the shared cache holds (issue 32: 208 MB in both at 20,000 pages).
// Passage vectors are always stored here: every open loads them all, and
// the corpus-fitted LSA model shares nothing. Superseded sentences keep
// their vectors too: they are loaded whole at open (see storeVectors).
func (ix *Index) sharedSentenceVectors() bool {
	se := ix.sentenceEmbedder()
	s, ok := se.(vectorSharer)
	if !ok || !s.SharesVectors() {
		return false
	}
	// A passage embedder of the same model writes rows of the same keys,
	// which must hold vectors. Options.Embedder, not ix.emb: FillSentences
	// runs with the sentence embedder in ix.emb.
	pe := ix.opts.Embedder
	return pe == nil || pe.Name() != se.Name() || pe.Model() != se.Model()
}

// vectorBlob is what index_embeddings keeps of v: the encoded vector, or
// an empty reference when ref.
func vectorBlob(v []float32, ref bool) []byte {
	if ref {
		return []byte{}
	}
	return encodeVec(v)
}

// insertVectors records fresh vectors of embedder and model in tx, as
// references when ref.
func insertVectors(ctx context.Context, tx *sql.Tx, embedder, model string, fresh map[string][]float32, ref bool) error {
	if len(fresh) == 0 {
		return nil
	}
	ins, err := tx.PrepareContext(ctx, upsertVector)
	if err != nil {
		return fmt.Errorf("prepare: %w", err)
	}
	defer ins.Close()
	for _, h := range slices.Sorted(maps.Keys(fresh)) {
		v := fresh[h]
		if _, err := ins.ExecContext(ctx, embedder, model, h, len(v), vectorBlob(v, ref)); err != nil {
			return fmt.Errorf("cache embedding: %w", err)
		}
	}
	return nil
}

// storeVectors persists freshly computed vectors of emb: as references
// for current sentences when the shared cache holds them (current),
// else whole.
func (ix *Index) storeVectors(ctx context.Context, emb embed.Embedder, fresh map[string][]float32, current bool) error {
	if len(fresh) == 0 {
		return nil
	}
	ref := current && ix.sharedSentenceVectors()
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		return insertVectors(ctx, tx, emb.Name(), emb.Model(), fresh, ref)
	})
}
