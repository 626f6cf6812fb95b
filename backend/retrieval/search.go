package retrieval

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// Search ranks chunks for query. k is the number of hits; mode picks BM25,
// vector or the fused hybrid ranking. Every hit carries both list ranks.
func (ix *Index) Search(ctx context.Context, query string, k int, mode Mode) ([]Hit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("search: k must be positive, got %d", k)
	}
	mode, err := ParseMode(string(mode))
	if err != nil {
		return nil, err
	}
	depth := max(k, ix.opts.Candidates)
	// Both lists are always computed (cheap next to the scan) so every hit
	// carries both ranks whatever the mode orders by.
	ix.mu.RLock()
	// Under the read lock: a refit swaps the embedder and its vectors together.
	vs, err := ix.emb.Embed(ctx, []string{query})
	if err != nil {
		ix.mu.RUnlock()
		return nil, fmt.Errorf("embed query: %w", err)
	}
	if len(vs) != 1 {
		ix.mu.RUnlock()
		return nil, fmt.Errorf("embed query: %d vectors for 1 text", len(vs))
	}
	qv := vs[0]
	fusion := ix.opts.Fusion
	var bm, vec []Scored
	// The vector scan and the BM25 search are independent; running them
	// side by side makes the latency the slower of the two, not the sum.
	vecDone := make(chan error, 1)
	go func() {
		var err error
		vec, err = ix.scan(qv, depth)
		vecDone <- err
	}()
	hits, lerr := ix.lex.Search(ctx, query, depth)
	verr := <-vecDone
	ix.mu.RUnlock()
	if lerr != nil {
		return nil, damaged(lerr)
	}
	if verr != nil {
		return nil, verr
	}
	for _, h := range hits {
		bm = append(bm, Scored{ID: h.ID, Score: h.Score})
	}
	exact, err := ix.exactMatches(ctx, query, bm)
	if err != nil {
		return nil, err
	}
	fused := rank(mode, bm, vec, fusion)
	if mode != Vector {
		fused = promote(fused, exact)
	}
	if len(fused) > k {
		fused = fused[:k]
	}
	return ix.hydrate(ctx, fused)
}

// SetFusion changes how hybrid searches combine the two lists.
func (ix *Index) SetFusion(f FusionOptions) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.opts.Fusion = f
}

// rank orders by the chosen list; the other list still supplies its rank.

func rank(mode Mode, bm, vec []Scored, fusion FusionOptions) []Fused {
	fused := Fuse(bm, vec, fusion)
	if mode == Hybrid {
		return fused
	}
	byID := map[string]Fused{}
	for _, f := range fused {
		byID[f.ID] = f
	}
	primary := bm
	if mode == Vector {
		primary = vec
	}
	out := make([]Fused, 0, len(primary))
	for _, s := range primary {
		f := byID[s.ID]
		f.Score = s.Score
		out = append(out, f)
	}
	return out
}

func (ix *Index) hydrate(ctx context.Context, fused []Fused) ([]Hit, error) {
	if len(fused) == 0 {
		return []Hit{}, nil
	}
	args := make([]any, len(fused))
	for i, f := range fused {
		args[i] = f.ID
	}
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id, c.doc_id, d.title, d.url, c.heading_path, c.text, c.start_byte, c.end_byte
		FROM index_chunks c JOIN index_docs d ON d.id = c.doc_id WHERE c.id IN (`+placeholders(len(args))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search: read chunks: %w", err)
	}
	defer rows.Close()
	byID := map[string]Hit{}
	for rows.Next() {
		var h Hit
		var hp string
		if err := rows.Scan(&h.ChunkID, &h.DocID, &h.Title, &h.URL, &hp, &h.Text, &h.Start, &h.End); err != nil {
			return nil, fmt.Errorf("search: read chunks: %w", err)
		}
		if err := json.Unmarshal([]byte(hp), &h.HeadingPath); err != nil {
			return nil, fmt.Errorf("chunk %s heading path: %w", h.ChunkID, err)
		}
		byID[h.ChunkID] = h
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: read chunks: %w", err)
	}
	out := make([]Hit, 0, len(fused))
	for _, f := range fused {
		h, ok := byID[f.ID]
		if !ok {
			// A cache entry without a registry row: the registry wins.
			ix.log.Warn("search: chunk in cache but not in registry; skipped", "chunk", f.ID)
			continue
		}
		h.Rank, h.Score, h.BM25Rank, h.VectorRank = len(out)+1, f.Score, f.BM25Rank, f.VectorRank
		out = append(out, h)
	}
	return out, nil
}

// exactQuoteWords is the shortest query treated as a possible quote.
const exactQuoteWords = 5

// exactMatches finds, among the best BM25 chunks, those whose text holds
// the whole query verbatim (case and spacing aside): a quoted sentence must
// come back first, and BM25 alone does not guarantee it.
func (ix *Index) exactMatches(ctx context.Context, query string, bm []Scored) (map[string]bool, error) {
	q := normalizeSpace(query)
	if len(strings.Fields(q)) < exactQuoteWords || len(bm) == 0 {
		return nil, nil
	}
	top := bm[:min(len(bm), 20)]
	args := make([]any, len(top))
	for i, s := range top {
		args[i] = s.ID
	}
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, text FROM index_chunks WHERE id IN (`+placeholders(len(args))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search: read chunks: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id, text string
		if err := rows.Scan(&id, &text); err != nil {
			return nil, fmt.Errorf("search: read chunks: %w", err)
		}
		if strings.Contains(normalizeSpace(text), q) {
			out[id] = true
		}
	}
	return out, rows.Err()
}

func normalizeSpace(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// promote moves exact matches to the front, keeping both groups' order.
func promote(fused []Fused, exact map[string]bool) []Fused {
	if len(exact) == 0 {
		return fused
	}
	out := make([]Fused, 0, len(fused))
	for _, f := range fused {
		if exact[f.ID] {
			out = append(out, f)
		}
	}
	for _, f := range fused {
		if !exact[f.ID] {
			out = append(out, f)
		}
	}
	return out
}

func isZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// scan is the exact vector search; a zero query (no word the model
// knows) has no nearest chunks, so its list stays empty.
func (ix *Index) scan(qv []float32, depth int) ([]Scored, error) {
	if ix.vecs.Len() == 0 || isZero(qv) {
		return nil, nil
	}
	hits, err := ix.vecs.Search(qv, depth)
	out := make([]Scored, len(hits))
	for i, h := range hits {
		out[i] = Scored{ID: h.ID, Score: h.Score}
	}
	return out, err
}
