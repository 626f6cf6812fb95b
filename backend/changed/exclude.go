package changed

import (
	"context"

	"continuity/backend/check"
	"continuity/backend/retrieval"
)

// Index is what checking changed paragraphs reads: hybrid search and the
// sentence vectors stored at index time (*retrieval.Index).
type Index interface {
	check.HybridSearcher
	check.SentenceIndex
}

var _ Index = (*retrieval.Index)(nil)

// excludeMargin is how many extra hits a search asks for, so that dropping
// the page's own chunks still leaves k passages from the rest of the corpus.
const excludeMargin = 24

// excludeDocs hides some documents from search: a changed page is checked
// against the rest of the corpus, never against its own new text (which
// the working-tree index already holds) or its old one.
type excludeDocs struct {
	Index
	ids map[string]bool
}

func newExcludeDocs(ix Index, ids ...string) excludeDocs {
	m := map[string]bool{}
	for _, id := range ids {
		if id != "" {
			m[id] = true
		}
	}
	return excludeDocs{Index: ix, ids: m}
}

// Search implements check.HybridSearcher without the excluded documents.
func (e excludeDocs) Search(ctx context.Context, query string, k int, mode retrieval.Mode) ([]retrieval.Hit, error) {
	hits, err := e.Index.Search(ctx, query, k+excludeMargin, mode)
	if err != nil {
		return nil, err
	}
	out := make([]retrieval.Hit, 0, k)
	for _, h := range hits {
		if e.ids[h.DocID] {
			continue
		}
		if out = append(out, h); len(out) == k {
			break
		}
	}
	return out, nil
}
