package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// legDepth is each list's depth before fusion, retrieval.Options.Candidates'
// default: min-max scaling depends on where a list is cut, so a leg cut
// elsewhere would not be comparable with the index's own hybrid.
const legDepth = 100

// topScored sorts scores best first (ties by ID, so runs repeat) and keeps
// the first legDepth.
func topScored(scores map[string]float64) []retrieval.Scored {
	out := make([]retrieval.Scored, 0, len(scores))
	for id, s := range scores {
		out = append(out, retrieval.Scored{ID: id, Score: s})
	}
	slices.SortFunc(out, func(a, b retrieval.Scored) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out[:min(legDepth, len(out))]
}

// fuse2 is the index's weighted hybrid (search.go: rank, then promote) with
// vec in place of the index's chunk-vector list.
func fuse2(bm, vec []retrieval.Scored, alpha float64, exact map[string]bool) []string {
	f := retrieval.Fuse(bm, vec, retrieval.FusionOptions{Method: retrieval.Weighted, Alpha: alpha})
	ids := make([]string, len(f))
	for i, x := range f {
		ids[i] = x.ID
	}
	return promoteIDs(ids, exact)
}

// fuseWeighted is retrieval.Fuse's weighted min-max fusion over any number
// of lists (retrieve combines exactly two): list i's scaled score counts
// w[i]; ties go to the better rank in the earlier list, then the ID. Sums
// run in list order, so with two lists the scores equal Fuse's bit for bit.
func fuseWeighted(lists [][]retrieval.Scored, w []float64, exact map[string]bool) []string {
	type entry struct {
		score float64
		ranks []int // 1-based per list; 0 = absent
	}
	byID := map[string]*entry{}
	for li, l := range lists {
		sc := retrieval.MinMax(l)
		for i, s := range l {
			e := byID[s.ID]
			if e == nil {
				e = &entry{ranks: make([]int, len(lists))}
				byID[s.ID] = e
			}
			e.ranks[li] = i + 1
			e.score += w[li] * sc[i]
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	key := func(r int) int {
		if r == 0 {
			return 1 << 30
		}
		return r
	}
	slices.SortFunc(ids, func(a, b string) int {
		x, y := byID[a], byID[b]
		if c := cmp.Compare(y.score, x.score); c != 0 {
			return c
		}
		for li := range lists {
			if c := cmp.Compare(key(x.ranks[li]), key(y.ranks[li])); c != 0 {
				return c
			}
		}
		return strings.Compare(a, b)
	})
	return promoteIDs(ids, exact)
}

// promoteIDs moves exact quotes to the front, keeping both groups' order,
// as the index's hybrid does.
func promoteIDs(ids []string, exact map[string]bool) []string {
	if len(exact) == 0 {
		return ids
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if exact[id] {
			out = append(out, id)
		}
	}
	for _, id := range ids {
		if !exact[id] {
			out = append(out, id)
		}
	}
	return out
}

// exactQuotes mirrors index.exactMatches: among the 20 best BM25 chunks,
// those holding a query of at least 5 words verbatim (case and spacing
// aside); text gives a chunk's text.
func exactQuotes(query string, bm []retrieval.Scored, text func(id string) string) map[string]bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	q := norm(query)
	if len(strings.Fields(q)) < 5 {
		return nil
	}
	out := map[string]bool{}
	for _, s := range bm[:min(20, len(bm))] {
		if strings.Contains(norm(text(s.ID)), q) {
			out[s.ID] = true
		}
	}
	return out
}

// openLSA indexes content with the corpus-fitted LSA default in work, for
// the 3-way fusion's chunk vectors; chunk IDs match the other index's as
// both chunk the same files with the same options.
func openLSA(ctx context.Context, content, work string, o corpus.ChunkOptions) (*retrieval.Index, func(), error) {
	db, err := store.OpenDir(ctx, work)
	if err != nil {
		return nil, nil, fmt.Errorf("LSA store: %w", err)
	}
	ix, err := retrieval.Open(ctx, db, work, retrieval.Options{LSA: lsaOpts, Chunking: o})
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("LSA index: %w", err)
	}
	done := func() { ix.Close(); db.Close() }
	if _, err := ix.Sync(ctx, content, nil); err != nil {
		done()
		return nil, nil, fmt.Errorf("LSA sync: %w", err)
	}
	return ix, done, nil
}

func scoredOf(hits []retrieval.Hit) []retrieval.Scored {
	out := make([]retrieval.Scored, len(hits))
	for i, h := range hits {
		out[i] = retrieval.Scored{ID: h.ChunkID, Score: h.Score}
	}
	return out
}

func idsOf(l []retrieval.Scored) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = s.ID
	}
	return out
}
