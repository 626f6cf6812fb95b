package retrieval

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"continuity/backend/lexical"
)

// apply writes one batch: the registry (the truth, one transaction with
// prepared statements) and the caches, under the write lock so searches
// never see a half-applied batch. With rec, the sentences the batch takes
// out of publication are kept as superseded in the same transaction.
func (ix *Index) apply(ctx context.Context, preps []prepared, removeIDs []string, rec *recording) error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ids := append([]string{}, removeIDs...)
	for _, p := range preps {
		ids = append(ids, p.doc.ID)
	}
	oldChunks, err := ix.chunkIDs(ctx, ids)
	if err != nil {
		return err
	}
	now := time.Now().UTC().Format(time.RFC3339Nano)
	var lexDocs []lexical.Doc
	for _, p := range preps {
		for _, c := range p.chunks {
			lexDocs = append(lexDocs, lexical.Doc{ID: c.ID, Title: p.doc.Title, Headings: strings.Join(c.HeadingPath, "\n"), Body: c.Text})
		}
	}
	// The registry transaction and the bleve batch run side by side (two
	// cores). The sync's in-progress marker is set before any batch and
	// cleared only after a clean finish, so if either fails or the process
	// dies, the next Open rebuilds the caches from the registry.
	lexDone := make(chan error, 1)
	go func() { lexDone <- ix.lex.Apply(ctx, oldChunks, lexDocs) }()
	var sup []supersededRow
	err = ix.db.Tx(ctx, func(tx *sql.Tx) error {
		if rec != nil {
			var err error
			if sup, err = rec.supersede(ctx, tx, preps, removeIDs); err != nil {
				return err
			}
			rec.recorded = rec.recorded || len(sup) > 0
		}
		for i := 0; i < len(ids); i += 500 {
			part := ids[i:min(i+500, len(ids))]
			if _, err := tx.ExecContext(ctx, `DELETE FROM index_docs WHERE id IN (`+placeholders(len(part))+`)`, anys(part)...); err != nil {
				return fmt.Errorf("delete documents: %w", err)
			}
		}
		if rec != nil {
			if err := insertSuperseded(ctx, tx, rec.source, sup); err != nil {
				return err
			}
		}
		if len(preps) == 0 {
			return nil
		}
		insDoc, err := tx.PrepareContext(ctx, `INSERT INTO index_docs(id, path, title, url, published, type, status, hash, text, indexed_at, size, mtime)
			VALUES(?,?,?,?,?,?,?,?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		defer insDoc.Close()
		insChunk, err := tx.PrepareContext(ctx, `INSERT INTO index_chunks(id, doc_id, ordinal, heading_path, text, start_byte, end_byte, hash, embed_hash)
			VALUES(?,?,?,?,?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		defer insChunk.Close()
		insVec, err := tx.PrepareContext(ctx, upsertVector)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		defer insVec.Close()
		shared := ix.sharedSentenceVectors()
		insSent, err := tx.PrepareContext(ctx, `INSERT INTO index_sentences(chunk_id, ordinal, start_byte, end_byte, hash) VALUES(?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		if err := sentencesAdded(ctx, tx); err != nil {
			return err
		}
		defer insSent.Close()
		for _, p := range preps {
			d := p.doc
			if _, err := insDoc.ExecContext(ctx, d.ID, d.Path, d.Title, d.URL, d.Published, d.Type, d.Status, d.Hash, d.Text, now, p.size, p.mtime); err != nil {
				return fmt.Errorf("insert document %s: %w", d.ID, err)
			}
			for i, c := range p.chunks {
				hp, _ := json.Marshal(c.HeadingPath)
				if _, err := insChunk.ExecContext(ctx, c.ID, d.ID, c.Ordinal, string(hp), c.Text, c.Start, c.End, c.Hash, p.ehash[i]); err != nil {
					return fmt.Errorf("insert chunk %s: %w", c.ID, err)
				}
				for k, r := range p.sentencesOf(i) {
					if _, err := insSent.ExecContext(ctx, c.ID, k, r.start, r.end, r.hash); err != nil {
						return fmt.Errorf("insert sentence %d of chunk %s: %w", k, c.ID, err)
					}
				}
			}
			for h, v := range p.fresh {
				if _, err := insVec.ExecContext(ctx, ix.emb.Name(), ix.emb.Model(), h, len(v), encodeVec(v)); err != nil {
					return fmt.Errorf("cache embedding: %w", err)
				}
			}
			se := ix.sentenceEmbedder()
			for h, v := range p.sentFresh {
				if _, err := insVec.ExecContext(ctx, se.Name(), se.Model(), h, len(v), vectorBlob(v, shared)); err != nil {
					return fmt.Errorf("cache sentence embedding: %w", err)
				}
			}
		}
		return nil
	})
	lerr := <-lexDone
	if err != nil {
		return err
	}
	if lerr != nil {
		return damaged(lerr)
	}
	for _, id := range oldChunks {
		ix.vecs.Delete(id)
	}
	for _, p := range preps {
		for i, c := range p.chunks {
			if err := ix.vecs.Put(c.ID, p.vecs[i]); err != nil {
				return err
			}
		}
	}
	return ix.cacheSuperseded(ctx, sup)
}

// touch records new stat data for files whose content did not change, so
// the next sync skips them without reading.
func (ix *Index) touch(ctx context.Context, ts []statTouch) error {
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		st, err := tx.PrepareContext(ctx, `UPDATE index_docs SET size = ?, mtime = ? WHERE id = ?`)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		defer st.Close()
		for _, t := range ts {
			if _, err := st.ExecContext(ctx, t.size, t.mtime, t.id); err != nil {
				return fmt.Errorf("record stat of %s: %w", t.id, err)
			}
		}
		return nil
	})
}

func (ix *Index) chunkIDs(ctx context.Context, docIDs []string) ([]string, error) {
	var out []string
	for i := 0; i < len(docIDs); i += 500 {
		part := docIDs[i:min(i+500, len(docIDs))]
		rows, err := ix.db.Writer().QueryContext(ctx, `SELECT id FROM index_chunks WHERE doc_id IN (`+placeholders(len(part))+`)`, anys(part)...)
		if err != nil {
			return nil, fmt.Errorf("registry chunks: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, id)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
