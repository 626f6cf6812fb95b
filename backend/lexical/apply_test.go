package lexical

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestApplyWritesBoundedBatches: one call with many or large documents is
// written in several bleve batches, each within the bounds, and the result
// is the same index a single batch gave: every document found, the BM25
// totals exact, also after a reopen.
func TestApplyWritesBoundedBatches(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("refund ", maxBatchBytes/2/len("refund ")+1) // two fill a batch
	tests := []struct {
		name        string
		docs        int
		body        func(i int) string
		deletes     []string
		wantBatches int
	}{
		{"few small docs take one batch", 3, func(int) string { return "refund" }, nil, 1},
		{"many small docs are cut by count", 2*maxBatchDocs + 1, func(int) string { return "refund" }, nil, 3},
		{"large docs are cut by bytes", 5, func(int) string { return big }, nil, 3},
		{"deletes alone take one batch", 0, nil, []string{"gone#0"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			dir := filepath.Join(t.TempDir(), "lex")
			ix, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			docs := make([]Doc, tc.docs)
			for i := range docs {
				docs[i] = Doc{ID: fmt.Sprintf("d#%d", i), Title: "T", Body: tc.body(i)}
			}
			if err := ix.Apply(ctx, tc.deletes, docs); err != nil {
				t.Fatal(err)
			}
			if ix.batches != tc.wantBatches {
				t.Errorf("batches = %d, want %d", ix.batches, tc.wantBatches)
			}
			want := ix.stats[fieldText]
			if want.Docs != int64(tc.docs) {
				t.Errorf("stats count %d docs, want %d", want.Docs, tc.docs)
			}
			if tc.docs > 0 {
				hits, err := ix.Search(ctx, "refund", tc.docs+1)
				if err != nil || len(hits) != tc.docs {
					t.Errorf("search found %d of %d (err %v)", len(hits), tc.docs, err)
				}
			}
			if err := ix.Close(); err != nil {
				t.Fatal(err)
			}
			if ix, err = Open(dir); err != nil {
				t.Fatal(err)
			}
			defer ix.Close()
			if got := ix.stats[fieldText]; got != want {
				t.Errorf("after reopen stats %+v, want %+v", got, want)
			}
		})
	}
}
