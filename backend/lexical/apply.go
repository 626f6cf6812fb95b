package lexical

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/blevesearch/bleve/v2"
)

// Bounds of one bleve batch. bleve analyses every document of a batch and
// builds its whole in-memory segment before it writes anything, so a batch
// costs several times its text in heap: one 20 MB page cut into 18,000
// chunks took over 400 MB in a single batch. Sub-batches keep that bounded
// by these sizes whatever the caller hands over.
const (
	maxBatchDocs  = 1000
	maxBatchBytes = 2 << 20
)

// Apply deletes then indexes, in durable bleve batches of bounded size
// (the deletions go with the first). The field length totals BM25 needs are
// written with every batch, so each one leaves postings and totals that
// agree. A failure part way leaves the earlier batches applied: callers
// that need all-or-nothing mark their sync in progress first and rebuild
// from their registry after a failure, as retrieval does.
func (ix *Index) Apply(ctx context.Context, deletes []string, docs []Doc) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := ix.check(); err != nil {
		return err
	}
	defer guard(ix.dir, ix, &err)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	st := ix.stats.clone()
	b := ix.bi.NewBatch()
	for _, id := range deletes {
		lens, ok, err := ix.storedLens(id)
		if err != nil {
			return ix.readFailed(err)
		}
		if ok {
			st.add(lens, -1)
		}
		b.Delete(id)
	}
	n, bytes := 0, 0
	for _, d := range docs {
		if n >= maxBatchDocs || bytes >= maxBatchBytes {
			if err := ix.commit(b, st); err != nil {
				return err
			}
			b, n, bytes = ix.bi.NewBatch(), 0, 0
		}
		text := d.Title + "\n" + d.Headings + "\n" + d.Body
		lens := docLens{fieldText: ix.count(text), fieldTitle: ix.count(d.Title)}
		st.add(lens, 1)
		lj, _ := json.Marshal(lens)
		if err := b.Index(d.ID, bleveDoc{Text: text, Title: d.Title, Lens: string(lj)}); err != nil {
			return fmt.Errorf("lexical index %s: %w", d.ID, err)
		}
		n, bytes = n+1, bytes+len(text)
	}
	return ix.commit(b, st)
}

// commit writes batch b with the totals st, which then become the index's
// (a copy: the caller goes on adding to st for the next batch). Called with
// ix.mu held.
func (ix *Index) commit(b *bleve.Batch, st fieldStats) error {
	sj, _ := json.Marshal(st)
	b.SetInternal([]byte(statsKey), sj)
	if err := ix.bi.Batch(b); err != nil {
		return fmt.Errorf("lexical batch: %w", err)
	}
	ix.stats, ix.hasStats = st.clone(), true
	ix.batches++
	return nil
}
