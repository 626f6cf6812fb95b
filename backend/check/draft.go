package check

import (
	"context"
	"sync"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// HybridSearcher is the part of *index.Index a check searches.
type HybridSearcher interface {
	Search(ctx context.Context, query string, k int, mode retrieval.Mode) ([]retrieval.Hit, error)
}

// CheckDraft runs judge over draft with hybrid retrieval from ix and
// builds the stored report's claims (benchmarks call it without a session).
//
// The engine reads the normalized draft (no invisible characters, digits
// and full-width forms in ASCII), so a zero-width space cannot hide a
// claim; offsets and claim texts are mapped back to the writer's bytes.
func CheckDraft(ctx context.Context, judge claims.Engine, ix HybridSearcher, draft string, corpusDocs int) (Report, error) {
	norm := text.Normalize(draft)
	a := newIndexSearcher(ix)
	rep, err := judge.Check(ctx, norm.Text, withSentences(a, ix))
	if err != nil {
		return Report{}, err
	}
	claims.FlagCutSentences(norm.Text, rep.Results)
	for i := range rep.Results {
		mapClaim(&rep.Results[i].Claim, norm)
	}
	return Build(rep, a.seen(), searchedOf(rep.Retrieved), corpusDocs), nil
}

// mapClaim moves a claim's span from the normalized draft to the original;
// a claim that quoted its span verbatim quotes the writer's bytes again.
func mapClaim(c *claims.Claim, norm text.Normalized) {
	if !norm.Changed() {
		return
	}
	verbatim := c.Start >= 0 && c.Start <= c.End && c.End <= len(norm.Text) && norm.Text[c.Start:c.End] == c.Text
	c.Start, c.End = norm.Span(c.Start, c.End)
	if verbatim {
		c.Text = norm.Original()[c.Start:c.End]
	}
}

// searchedOf says, per paragraph, how many passages its retrieval returned
// and from which documents, as the engine recorded it.
func searchedOf(retrieved map[int][]claims.Passage) map[int]Searched {
	out := make(map[int]Searched, len(retrieved))
	for para, hits := range retrieved {
		s := Searched{Passages: len(hits), Documents: []string{}}
		seen := map[string]bool{}
		for _, h := range hits {
			if !seen[h.DocID] {
				seen[h.DocID] = true
				s.Documents = append(s.Documents, h.Title)
			}
		}
		out[para] = s
	}
	return out
}

// indexSearcher adapts hybrid index search to claims.Searcher and keeps
// every passage it returned by chunk ID: evidence names only a chunk, and
// the report shows each quote inside its chunk's text.
type indexSearcher struct {
	ix       HybridSearcher
	mu       sync.Mutex
	passages map[string]claims.Passage
}

func newIndexSearcher(ix HybridSearcher) *indexSearcher {
	return &indexSearcher{ix: ix, passages: map[string]claims.Passage{}}
}

// Search implements claims.Searcher.
func (a *indexSearcher) Search(ctx context.Context, query string, k int) ([]claims.Passage, error) {
	hits, err := a.ix.Search(ctx, query, k, retrieval.Hybrid)
	if err != nil {
		return nil, err
	}
	out := make([]claims.Passage, 0, len(hits))
	for _, h := range hits {
		out = append(out, claims.Passage{DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, URL: h.URL, Text: h.Text})
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, p := range out {
		a.passages[p.ChunkID] = p
	}
	return out, nil
}

func (a *indexSearcher) seen() map[string]claims.Passage {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.passages
}
