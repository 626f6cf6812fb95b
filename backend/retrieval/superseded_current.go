package retrieval

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// maxChain bounds how many later changes resolveCurrent follows.
const maxChain = 20

// docHash is one sentence of one document, by its text's hash.
type docHash struct{ doc, hash string }

// pendingRow is a superseded row read, before what its document says in
// its place now is known.
type pendingRow struct {
	s        Superseded
	hash     string // of s.Text
	replHash string // of s.Replacement
}

// resolveCurrent fills each row's Current, following its replacements to
// the one its document publishes now (a fact may change twice: 14 → 21 →
// 30 days), and Republished. It follows every row's chain a step at a
// time, two queries a step for all the rows: asked row by row, as it was,
// that was about 40 queries for a search's window of 20 rows, and most of
// the cost of naming a change (handbook-dev: 0.8 of 1.1 s for 143 claims).
func (ix *Index) resolveCurrent(ctx context.Context, rows []pendingRow) error {
	type walk struct {
		text, hash string
		after      int64
	}
	open := map[int]walk{} // rows whose chain is being followed, by index
	for i, r := range rows {
		if r.replHash != "" {
			open[i] = walk{r.s.Replacement, r.replHash, r.s.Until.Unix()}
		}
	}
	own := make([]docHash, len(rows))
	for i, r := range rows {
		own[i] = docHash{r.s.DocID, r.hash}
	}
	ended := map[int]string{} // chains that end at a text not published byte for byte
	for step := 0; step < maxChain && (len(open) > 0 || step == 0); step++ {
		ask := make([]docHash, 0, len(open)+len(rows))
		for i, w := range open {
			ask = append(ask, docHash{rows[i].s.DocID, w.hash})
		}
		if step == 0 {
			ask = append(ask, own...)
		}
		live, err := ix.publishedNow(ctx, ask)
		if err != nil {
			return err
		}
		if step == 0 {
			for i := range rows {
				rows[i].s.Republished = live[own[i]]
			}
		}
		var next []hopKey
		for i, w := range open {
			if live[docHash{rows[i].s.DocID, w.hash}] {
				rows[i].s.Current = w.text
				delete(open, i)
				continue
			}
			next = append(next, hopKey{rows[i].s.source, rows[i].s.DocID, w.hash})
		}
		if len(open) == 0 {
			break
		}
		hops, err := ix.supersededHops(ctx, next)
		if err != nil {
			return err
		}
		for i, w := range open {
			// The change that replaced this version in turn: the first
			// at or after the one that brought it in.
			hs := hops[hopKey{rows[i].s.source, rows[i].s.DocID, w.hash}]
			at := slices.IndexFunc(hs, func(h hop) bool { return h.until >= w.after })
			if at < 0 {
				ended[i] = w.text // nothing replaced it, yet it is not published as it was written
				delete(open, i)
				continue
			}
			h := hs[at]
			if h.replHash == "" {
				delete(open, i) // removed without a replacement
				continue
			}
			open[i] = walk{h.replaced, h.replHash, h.until}
		}
	}
	return ix.publishedRespaced(ctx, rows, ended)
}

// publishedNow says for each sentence whether its document publishes it
// now, in one query for every 500 distinct hashes.
func (ix *Index) publishedNow(ctx context.Context, want []docHash) (map[docHash]bool, error) {
	out := make(map[docHash]bool, len(want))
	var hashes []any
	seen := map[string]bool{}
	for _, w := range want {
		out[w] = false
		if w.hash != "" && !seen[w.hash] {
			seen[w.hash] = true
			hashes = append(hashes, w.hash)
		}
	}
	for i := 0; i < len(hashes); i += 500 {
		part := hashes[i:min(i+500, len(hashes))]
		err := ix.queryRows(ctx, func(scan func(...any) error) error {
			var k docHash
			if err := scan(&k.doc, &k.hash); err != nil {
				return err
			}
			if _, asked := out[k]; asked {
				out[k] = true
			}
			return nil
		}, `SELECT DISTINCT c.doc_id, s.hash FROM index_sentences s JOIN index_chunks c ON c.id = s.chunk_id
			WHERE s.hash IN (`+placeholders(len(part))+`)`, part...)
		if err != nil {
			return nil, fmt.Errorf("published sentences: %w", err)
		}
	}
	return out, nil
}

// hopKey is a version of a sentence in one content folder's document;
// hop is a later change that replaced it.
type hopKey struct{ source, doc, hash string }

type hop struct {
	until, id          int64
	replaced, replHash string
}

// supersededHops lists, for each version, the changes that superseded
// it, ordered by until_unix then id.
func (ix *Index) supersededHops(ctx context.Context, keys []hopKey) (map[hopKey][]hop, error) {
	out := map[hopKey][]hop{}
	bySource := map[string][]hopKey{}
	for _, k := range keys {
		bySource[k.source] = append(bySource[k.source], k)
	}
	for source, ks := range bySource {
		for i := 0; i < len(ks); i += 400 {
			part := ks[i:min(i+400, len(ks))]
			want := map[hopKey]bool{}
			var docs, hashes []any
			for _, k := range part {
				want[k] = true
				docs, hashes = append(docs, k.doc), append(hashes, k.hash)
			}
			// doc_id and hash each IN a list, as the index (source, doc_id,
			// hash) serves; pairs not asked for are dropped below.
			args := append(append([]any{source}, docs...), hashes...)
			err := ix.queryRows(ctx, func(scan func(...any) error) error {
				var h hop
				k := hopKey{source: source}
				if err := scan(&k.doc, &k.hash, &h.replaced, &h.replHash, &h.until, &h.id); err != nil {
					return err
				}
				if want[k] {
					out[k] = append(out[k], h)
				}
				return nil
			}, `SELECT doc_id, hash, replaced_by, replaced_hash, until_unix, id FROM index_superseded
				WHERE source = ? AND doc_id IN (`+placeholders(len(docs))+`) AND hash IN (`+placeholders(len(hashes))+`)`, args...)
			if err != nil {
				return nil, fmt.Errorf("later changes of superseded sentences: %w", err)
			}
		}
	}
	for _, hs := range out {
		slices.SortFunc(hs, func(a, b hop) int { return cmp.Or(cmp.Compare(a.until, b.until), cmp.Compare(a.id, b.id)) })
	}
	return out, nil
}

// queryRows runs a read query and hands each row's Scan to fn.
func (ix *Index) queryRows(ctx context.Context, fn func(scan func(...any) error) error, query string, args ...any) error {
	rows, err := ix.db.Reader().QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}
