package retrieval

import (
	"context"
	"fmt"
)

// SearchSupersededAll is SearchSuperseded for each of queries (a check's
// claims), with the work a check would otherwise repeat per claim done
// once: the folder is read once, the queries are embedded in one call
// (a vector does not depend on its batch), and the rows every search
// reaches are read together, a window of each search at a time. Each
// search's hits are what SearchSuperseded returns for its query alone.
func (ix *Index) SearchSupersededAll(ctx context.Context, queries []string, k int) ([][]SupersededHit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("search superseded: k must be positive, got %d", k)
	}
	out := make([][]SupersededHit, len(queries))
	for i := range out {
		out[i] = []SupersededHit{}
	}
	source, err := ix.state(ctx, keySource)
	if err != nil || source == "" || len(queries) == 0 {
		return out, err
	}
	fused, err := ix.rankSuperseded(ctx, queries, k)
	if err != nil {
		return nil, err
	}
	searches := make([]supersededSearch, len(queries))
	for i := range searches {
		searches[i] = supersededSearch{fused: fused[i], k: k, at: map[[2]string]int{}, out: out[i]}
	}
	rows := map[int64]Superseded{}
	read := map[int64]bool{} // asked for, whether or not of source
	for {
		var ids []int64
		for i := range searches {
			for _, f := range searches[i].next() {
				if id, ok := supersededRowID(f.ID); ok && !read[id] {
					read[id] = true
					ids = append(ids, id)
				}
			}
		}
		if len(ids) == 0 && !searchesLeft(searches) {
			break
		}
		got, err := ix.supersededRows(ctx, source, ids)
		if err != nil {
			return nil, err
		}
		for id, s := range got {
			rows[id] = s
		}
		for i := range searches {
			searches[i].take(rows)
		}
	}
	for i := range searches {
		out[i] = searches[i].out
	}
	return out, ix.attachVectors(ctx, out)
}

// rankSuperseded fuses, for each query, the BM25 and vector rankings of
// the superseded sentences.
func (ix *Index) rankSuperseded(ctx context.Context, queries []string, k int) ([][]Fused, error) {
	// Rows of other folders share the caches, so ask for more than k.
	depth := max(4*k, ix.opts.Candidates)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	lex, vecs, fusion := ix.supLex, ix.supVecs, ix.opts.Fusion
	var qvs [][]float32
	if vecs != nil && vecs.Len() > 0 && vecs.Model() == ix.sentenceEmbedder().Model() {
		vs, err := ix.sentenceEmbedder().Embed(ctx, queries)
		if err != nil {
			return nil, fmt.Errorf("embed query: %w", err)
		}
		if len(vs) == len(queries) {
			qvs = vs
		}
	}
	out := make([][]Fused, len(queries))
	for i, q := range queries {
		hits, err := lex.Search(ctx, q, depth)
		if err != nil {
			return nil, fmt.Errorf("search superseded: %w", damaged(err))
		}
		var bm, vec []Scored
		if qvs != nil {
			if qv := unit(qvs[i]); !isZero(qv) {
				vh, err := vecs.Search(qv, depth)
				if err != nil {
					return nil, fmt.Errorf("search superseded vectors: %w", err)
				}
				for _, h := range vh {
					vec = append(vec, Scored{ID: h.ID, Score: h.Score})
				}
			}
		}
		for _, h := range hits {
			bm = append(bm, Scored{ID: h.ID, Score: h.Score})
		}
		out[i] = Fuse(bm, vec, fusion)
	}
	return out, nil
}

// supersededSearch is one query's walk down its fused list.
type supersededSearch struct {
	fused []Fused
	start int // where the next window begins
	k     int
	at    map[[2]string]int // a sentence removed twice is one hit, its latest removal
	out   []SupersededHit
}

func (s *supersededSearch) done() bool { return len(s.out) >= s.k || s.start >= len(s.fused) }

func searchesLeft(ss []supersededSearch) bool {
	for i := range ss {
		if !ss[i].done() {
			return true
		}
	}
	return false
}

// next is the window of the fused list take reads next, nil when the
// search is done. Rows are read a window at a time, best first: each
// costs a lookup of its page's current version, and most of a fused list
// is never reached. The first window is k rows, which on handbook-dev
// always held the k hits (a window of 20 read four times the rows); a
// search that needs more (rows published again, or removed twice) reads
// wider windows.
func (s *supersededSearch) next() []Fused {
	if s.done() {
		return nil
	}
	window := s.k
	if s.start > 0 {
		window = max(4*s.k, 16)
	}
	return s.fused[s.start:min(s.start+window, len(s.fused))]
}

// take reads the next window's rows into hits, until there are k.
func (s *supersededSearch) take(rows map[int64]Superseded) {
	part := s.next()
	if part == nil {
		return
	}
	s.start += len(part)
	for _, f := range part {
		id, _ := supersededRowID(f.ID)
		r, ok := rows[id]
		if !ok || r.Republished {
			continue
		}
		key := [2]string{r.DocID, r.Text}
		if i, dup := s.at[key]; dup {
			if r.Until.After(s.out[i].Until) {
				s.out[i].Superseded = r
			}
			continue
		}
		s.at[key] = len(s.out)
		s.out = append(s.out, SupersededHit{Superseded: r, Score: f.Score, BM25Rank: f.BM25Rank, VectorRank: f.VectorRank, Rank: len(s.out) + 1})
		if len(s.out) == s.k {
			return
		}
	}
}
