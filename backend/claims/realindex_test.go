package claims_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// hybridSearcher adapts the real index's hybrid search to claims.Searcher,
// the way the CLI and the app wire it.
type hybridSearcher struct{ ix *retrieval.Index }

func (h hybridSearcher) Search(ctx context.Context, q string, k int) ([]claims.Passage, error) {
	hits, err := h.ix.Search(ctx, q, k, retrieval.Hybrid)
	if err != nil {
		return nil, err
	}
	out := make([]claims.Passage, 0, len(hits))
	for _, hit := range hits {
		out = append(out, claims.Passage{DocID: hit.DocID, ChunkID: hit.ChunkID, Title: hit.Title, URL: hit.URL, Text: hit.Text})
	}
	return out, nil
}

var sample struct {
	once sync.Once
	s    hybridSearcher
	dir  string
	err  error
}

// openSample builds the real hybrid index over the sample corpus once per
// test binary, in a temporary directory removed by TestMain.
func openSample(t testing.TB) hybridSearcher {
	t.Helper()
	sample.once.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "claims-index-")
		if err != nil {
			sample.err = err
			return
		}
		sample.dir = dir
		db, err := store.Open(ctx, filepath.Join(dir, "continuity.db"))
		if err != nil {
			sample.err = err
			return
		}
		ix, err := retrieval.Open(ctx, db, dir, retrieval.Options{})
		if err != nil {
			sample.err = err
			return
		}
		if _, err := ix.Sync(ctx, filepath.Join(sampleWorkspace, "content"), nil); err != nil {
			sample.err = err
			return
		}
		sample.s = hybridSearcher{ix}
	})
	if sample.err != nil {
		t.Fatalf("sample index: %v", sample.err)
	}
	return sample.s
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sample.dir != "" {
		os.RemoveAll(sample.dir)
	}
	os.Exit(code)
}

// TestDumpSearch prints the hybrid hits for CLAIMS_SEARCH (a debugging aid
// while calibrating; skipped otherwise).
func TestDumpSearch(t *testing.T) {
	q := os.Getenv("CLAIMS_SEARCH")
	if q == "" {
		t.Skip("set CLAIMS_SEARCH to a query")
	}
	hits, err := openSample(t).Search(context.Background(), q, 8)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range hits {
		t.Logf("#%d [%s %s] %q", i, h.DocID, h.ChunkID, h.Text)
	}
}
