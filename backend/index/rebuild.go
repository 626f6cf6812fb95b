package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"continuity/backend/lexical"
)

type chunkRow struct {
	id, title, text, ehash string
	path                   []string
}

// rebuild refills the lexical index and/or the vectors from the registry,
// embedding any chunk whose vector is not cached, then marks the index clean.
// Vectors are rebuilt into an empty store.
func (ix *Index) rebuild(ctx context.Context, lex, vec bool) error {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id, d.title, c.heading_path, c.text, c.embed_hash
		FROM index_chunks c JOIN index_docs d ON d.id = c.doc_id ORDER BY c.doc_id, c.ordinal`)
	if err != nil {
		return fmt.Errorf("read registry: %w", err)
	}
	var all []chunkRow
	for rows.Next() {
		var r chunkRow
		var hp string
		if err := rows.Scan(&r.id, &r.title, &hp, &r.text, &r.ehash); err != nil {
			rows.Close()
			return fmt.Errorf("read registry: %w", err)
		}
		if err := json.Unmarshal([]byte(hp), &r.path); err != nil {
			rows.Close()
			return fmt.Errorf("chunk %s heading path: %w", r.id, err)
		}
		all = append(all, r)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return fmt.Errorf("read registry: %w", err)
	}
	const page = 1000
	for i := 0; i < len(all); i += page {
		part := all[i:min(i+page, len(all))]
		if lex {
			docs := make([]lexical.Doc, len(part))
			for j, r := range part {
				docs[j] = lexical.Doc{ID: r.id, Title: r.title, Headings: strings.Join(r.path, "\n"), Body: r.text}
			}
			if err := ix.lex.Apply(ctx, nil, docs); err != nil {
				return err
			}
		}
		if vec {
			if err := ix.refillVectors(ctx, part); err != nil {
				return err
			}
		}
	}
	return setState(ctx, ix.db.Writer(), keyInProgress, "0")
}

func (ix *Index) refillVectors(ctx context.Context, part []chunkRow) error {
	hashes := make([]string, len(part))
	inputs := make([]string, len(part))
	for j, r := range part {
		hashes[j], inputs[j] = r.ehash, embedInput(r.title, r.path, r.text)
	}
	vecs, fresh, err := ix.embedMissing(ctx, hashes, inputs)
	if err != nil {
		return err
	}
	if len(fresh) > 0 {
		err := ix.db.Tx(ctx, func(tx *sql.Tx) error {
			for h, v := range fresh {
				if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO index_embeddings(embedder, model, hash, dim, vec) VALUES(?,?,?,?,?)`,
					ix.emb.Name(), ix.emb.Model(), h, len(v), encodeVec(v)); err != nil {
					return fmt.Errorf("cache embedding: %w", err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for j, r := range part {
		if err := ix.vecs.Put(r.id, vecs[j]); err != nil {
			return err
		}
	}
	return nil
}
