package retrieval

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"continuity/backend/lexical"
	"continuity/backend/progress"
)

type chunkRow struct {
	id, title, text, ehash string
	path                   []string
}

// rebuild refills the lexical index and/or the vectors from the registry,
// embedding any chunk whose vector is not cached, then marks the index clean.
// Vectors are rebuilt into an empty store.
func (ix *Index) rebuild(ctx context.Context, lex, vec bool) error {
	all, err := ix.registryChunks(ctx)
	if err != nil {
		return err
	}
	return ix.refill(ctx, all, lex, vec)
}

// refill is rebuild over chunk rows already read from the registry.
func (ix *Index) refill(ctx context.Context, all []chunkRow, lex, vec bool) error {
	// Pages of 1,000: one transaction (and one WAL commit) per page, and a
	// progress event per page while a new model re-embeds everything.
	const page = 1000
	for i := 0; i < len(all); i += page {
		part := all[i:min(i+page, len(all))]
		if lex {
			docs := make([]lexical.Doc, len(part))
			for j, r := range part {
				docs[j] = lexical.Doc{ID: r.id, Title: r.title, Headings: strings.Join(r.path, "\n"), Body: r.text}
			}
			if err := ix.lex.Apply(ctx, nil, docs); err != nil {
				return damaged(err)
			}
		}
		if vec {
			if err := ix.refillVectors(ctx, part); err != nil {
				return err
			}
			ix.opts.Progress.Report(progress.Event{Stage: "embedding", Message: "embedding published chunks with " + ix.emb.Model(),
				Done: i + len(part), Total: len(all)})
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
	vecs, fresh, err := ix.embedMissing(ctx, ix.emb, hashes, inputs)
	if err != nil {
		return err
	}
	if err := ix.storeVectors(ctx, ix.emb, fresh, false); err != nil {
		return err
	}
	for j, r := range part {
		if err := ix.vecs.Put(r.id, vecs[j]); err != nil {
			return err
		}
	}
	return nil
}

// registryChunks reads every registered chunk in document order.
func (ix *Index) registryChunks(ctx context.Context) ([]chunkRow, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id, d.title, c.heading_path, c.text, c.embed_hash
		FROM index_chunks c JOIN index_docs d ON d.id = c.doc_id ORDER BY c.doc_id, c.ordinal`)
	if err != nil {
		return nil, fmt.Errorf("read registry: %w", err)
	}
	defer rows.Close()
	var all []chunkRow
	for rows.Next() {
		var r chunkRow
		var hp string
		if err := rows.Scan(&r.id, &r.title, &hp, &r.text, &r.ehash); err != nil {
			return nil, fmt.Errorf("read registry: %w", err)
		}
		if err := json.Unmarshal([]byte(hp), &r.path); err != nil {
			return nil, fmt.Errorf("chunk %s heading path: %w", r.id, err)
		}
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read registry: %w", err)
	}
	return all, nil
}
