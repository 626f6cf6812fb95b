package claims

import (
	"context"
	"fmt"
	"strings"
)

// DefaultTopK is how many passages each paragraph retrieves.
const DefaultTopK = 8

// retrieval is the context gathered for a draft: claims grouped by
// paragraph, and the passages each paragraph retrieved. Passages are
// deduplicated across paragraphs by chunk ID (shared, fetched once).
type retrieval struct {
	paragraphs []Paragraph
	claims     map[int][]Claim
	passages   map[int][]Passage // by paragraph index
	byClaim    [][]Passage       // by claim index: the claim's own query
	unique     []Passage         // every distinct chunk, in first-seen order
}

// retrieve searches once per paragraph that holds claims (a heading that
// states a fact is one). The preceding heading is part of the query: it
// names the topic the paragraph leaves implicit.
func retrieve(ctx context.Context, paragraphs []Paragraph, cl []Claim, search Searcher, k int) (retrieval, error) {
	r := retrieval{paragraphs: paragraphs, claims: map[int][]Claim{}, passages: map[int][]Passage{}}
	for _, c := range cl {
		r.claims[c.Paragraph] = append(r.claims[c.Paragraph], c)
	}
	seen := map[string]Passage{}
	add := func(h Passage) Passage {
		key := chunkKey(h)
		if prev, ok := seen[key]; ok {
			return prev
		}
		seen[key] = h
		r.unique = append(r.unique, h)
		return h
	}
	heading := ""
	for _, p := range paragraphs {
		query := heading + "\n" + p.Text
		if p.Heading {
			heading = strings.TrimLeft(p.Text, "# ")
			query = heading // a heading that states a fact is searched alone
		}
		if len(r.claims[p.Index]) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return r, err
		}
		hits, err := search.Search(ctx, query, k)
		if err != nil {
			return r, fmt.Errorf("claims: search for paragraph %d: %w", p.Index, err)
		}
		for _, h := range hits {
			r.passages[p.Index] = append(r.passages[p.Index], add(h))
		}
	}
	// A claim's own query finds the passage a paragraph about several
	// things ranks too low (a claim-level query is often decisive).
	r.byClaim = make([][]Passage, len(cl))
	for i, c := range cl {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if len(r.claims[c.Paragraph]) == 1 {
			continue // the paragraph query already is this claim's query
		}
		hits, err := search.Search(ctx, c.SelfContained(), claimK)
		if err != nil {
			return r, fmt.Errorf("claims: search for claim %q: %w", c.Text, err)
		}
		for _, h := range hits {
			r.byClaim[i] = append(r.byClaim[i], add(h))
		}
	}
	return r, nil
}

// claimK is how many passages each claim retrieves on its own.
const claimK = 4
