package retrieval

import (
	"context"

	"continuity/backend/embed"
	"fmt"
	"strings"
)

// embedInput is what the embedder sees for a chunk: the document title and
// heading path give short chunks their context.
func embedInput(title string, path []string, text string) string {
	return title + "\n" + strings.Join(path, " > ") + "\n" + text
}

// cachedVectors returns the vectors already computed for hashes by the
// current embedder and model.
func (ix *Index) cachedVectors(ctx context.Context, emb embed.Embedder, hashes []string) (map[string][]float32, error) {
	out := map[string][]float32{}
	const page = 500
	for i := 0; i < len(hashes); i += page {
		part := hashes[i:min(i+page, len(hashes))]
		args := []any{emb.Name(), emb.Model()}
		for _, h := range part {
			args = append(args, h)
		}
		rows, err := ix.db.Reader().QueryContext(ctx, `SELECT hash, dim, vec FROM index_embeddings
			WHERE embedder = ? AND model = ? AND length(vec) > 0 AND hash IN (`+placeholders(len(part))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("embedding cache: %w", err)
		}
		for rows.Next() {
			var h string
			var dim int
			var b []byte
			if err := rows.Scan(&h, &dim, &b); err != nil {
				rows.Close()
				return nil, fmt.Errorf("embedding cache: %w", err)
			}
			v, err := decodeVec(b, dim)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("embedding cache %s: %w", h, err)
			}
			out[h] = v
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("embedding cache: %w", err)
		}
	}
	return out, nil
}

// embedMissing fills vecs for every hash not cached yet, embedding each
// distinct text once; fresh holds the new vectors to persist.
func (ix *Index) embedMissing(ctx context.Context, emb embed.Embedder, hashes, inputs []string) (vecs [][]float32, fresh map[string][]float32, err error) {
	cached, err := ix.cachedVectors(ctx, emb, hashes)
	if err != nil {
		return nil, nil, err
	}
	fresh = map[string][]float32{}
	var todo []string
	var todoHash []string
	for i, h := range hashes {
		if _, ok := cached[h]; ok {
			continue
		}
		if _, queued := fresh[h]; queued {
			continue
		}
		fresh[h] = nil
		todo, todoHash = append(todo, inputs[i]), append(todoHash, h)
	}
	if len(todo) > 0 {
		got, err := emb.Embed(ctx, todo)
		if err != nil {
			return nil, nil, fmt.Errorf("embed %d texts with %s: %w", len(todo), emb.Model(), err)
		}
		if len(got) != len(todo) {
			return nil, nil, fmt.Errorf("embedder %s returned %d vectors for %d texts", emb.Name(), len(got), len(todo))
		}
		for i, h := range todoHash {
			fresh[h] = got[i]
		}
	}
	vecs = make([][]float32, len(hashes))
	for i, h := range hashes {
		if v, ok := cached[h]; ok {
			vecs[i] = v
		} else {
			vecs[i] = fresh[h]
		}
	}
	return vecs, fresh, nil
}

func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?,", n-1) + "?"
}
