package retrieval

import (
	"context"
	"fmt"
	"time"
)

// Superseded is a sentence a document published and then changed or
// removed. Superseded sentences are never evidence that a claim is
// supported: they are what the corpus used to say.
type Superseded struct {
	ID    int64  `json:"id"`
	DocID string `json:"doc_id"`
	Path  string `json:"path"`  // relative to the content folder, when it was superseded
	Title string `json:"title"` // the document's title then
	Text  string `json:"text"`  // the sentence as it was published
	// Until is when it stopped being published: the author date of the
	// commit that changed it, else the time of the sync that saw it go.
	Until   time.Time `json:"until"`
	Commit  string    `json:"commit,omitempty"` // full hash; "" when only a sync saw it
	Author  string    `json:"author,omitempty"`
	Message string    `json:"message,omitempty"` // the commit's subject line
	// Replacement is the sentence that took Text's place in that change;
	// "" when the sentence was removed without one.
	Replacement string `json:"replacement,omitempty"`
	// Current is what the document says in Text's place now: Replacement
	// while it is published, else the sentence that replaced that one in
	// turn; "" when the document says nothing in its place any more.
	Current string `json:"current,omitempty"`
	// Republished: the document publishes Text again (the change was
	// reverted). Still history, never a search hit.
	Republished bool `json:"republished,omitempty"`
	source      string
}

// FromGit says whether a commit is named.
func (s Superseded) FromGit() bool { return s.Commit != "" }

// SupersededHit is a superseded sentence found by SearchSuperseded.
type SupersededHit struct {
	Superseded
	Rank       int     `json:"rank"`
	Score      float64 `json:"score"`
	BM25Rank   int     `json:"bm25_rank"`
	VectorRank int     `json:"vector_rank"`
	// Vec is the sentence's vector under the index's sentence embedder
	// (compare with EmbedSentences of a claim); nil when none is kept.
	Vec []float32 `json:"-"`
}

// SearchSuperseded ranks the superseded sentences of the last synced
// content folder for query, by BM25 and sentence vectors fused as Search
// fuses chunks. Sentences published again are left out.
func (ix *Index) SearchSuperseded(ctx context.Context, query string, k int) ([]SupersededHit, error) {
	all, err := ix.SearchSupersededAll(ctx, []string{query}, k)
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

// attachVectors fills each hit's Vec from the embedding cache, one
// query for the hits of every search.
func (ix *Index) attachVectors(ctx context.Context, all [][]SupersededHit) error {
	var ids []any
	for _, hits := range all {
		for _, h := range hits {
			ids = append(ids, h.ID)
		}
	}
	if len(ids) == 0 || !ix.sentenceVectors() {
		return nil
	}
	ix.mu.RLock()
	se := ix.sentenceEmbedder()
	ix.mu.RUnlock()
	vecs := map[int64][]float32{}
	for i := 0; i < len(ids); i += 500 {
		part := ids[i:min(i+500, len(ids))]
		err := ix.readSupersededVectors(ctx, se, `WHERE s.id IN (`+placeholders(len(part))+`)`, part, func(id int64, v []float32) error {
			vecs[id] = v
			return nil
		})
		if err != nil {
			return fmt.Errorf("superseded vectors: %w", err)
		}
	}
	for _, hits := range all {
		for i := range hits {
			hits[i].Vec = vecs[hits[i].ID]
		}
	}
	return nil
}

// supersededColumns and scanSuperseded read one index_superseded row
// with the hashes of its text and replacement.
const supersededColumns = `x.id, x.source, x.doc_id, x.path, x.title, x.text, x.hash, x.replaced_by, x.replaced_hash, x.until, x.commit_sha, x.author, x.message`

type rowScanner interface{ Scan(dest ...any) error }

func scanSuperseded(r rowScanner) (pendingRow, error) {
	var p pendingRow
	s := &p.s
	var until string
	if err := r.Scan(&s.ID, &s.source, &s.DocID, &s.Path, &s.Title, &s.Text, &p.hash, &s.Replacement, &p.replHash, &until, &s.Commit, &s.Author, &s.Message); err != nil {
		return p, err
	}
	t, err := time.Parse(time.RFC3339, until)
	if err != nil {
		return p, fmt.Errorf("superseded sentence %d: until %q: %w", s.ID, until, err)
	}
	s.Until = t
	return p, nil
}

// supersededRows reads rows by id, keeping those of source, with what
// their documents say in their place now.
func (ix *Index) supersededRows(ctx context.Context, source string, ids []int64) (map[int64]Superseded, error) {
	out := map[int64]Superseded{}
	for i := 0; i < len(ids); i += 500 {
		part := ids[i:min(i+500, len(ids))]
		args := []any{source}
		for _, id := range part {
			args = append(args, id)
		}
		if err := ix.readSuperseded(ctx, `WHERE x.source = ? AND x.id IN (`+placeholders(len(part))+`)`, args, func(s Superseded) {
			out[s.ID] = s
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readSuperseded runs a query over index_superseded x with where and
// hands each row, its Current and Republished filled, to fn.
func (ix *Index) readSuperseded(ctx context.Context, where string, args []any, fn func(Superseded)) error {
	var got []pendingRow
	err := ix.queryRows(ctx, func(scan func(...any) error) error {
		p, err := scanSuperseded(rowScan(scan))
		got = append(got, p)
		return err
	}, `SELECT `+supersededColumns+` FROM index_superseded x `+where, args...)
	if err != nil {
		return fmt.Errorf("read superseded sentences: %w", err)
	}
	if err := ix.resolveCurrent(ctx, got); err != nil {
		return fmt.Errorf("current version of superseded sentences: %w", err)
	}
	for _, p := range got {
		fn(p.s)
	}
	return nil
}

// rowScan is a Scan method as a rowScanner.
type rowScan func(...any) error

func (f rowScan) Scan(dest ...any) error { return f(dest...) }
