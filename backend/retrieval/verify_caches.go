package retrieval

import (
	"context"
	"fmt"
	"strings"
)

// verifyCaches checks that every chunk row has its BM25 entry, its vector
// (cached and loaded) and, when sentence vectors are kept, its sentence
// rows with their vectors. Drift is reported per document.
func (ix *Index) verifyCaches(ctx context.Context, v *Verification, chunks []indexedChunk, docs map[string]IndexedDoc) error {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	n, err := ix.lex.Count()
	if err != nil {
		return fmt.Errorf("verify lexical index: %w", damaged(err))
	}
	v.LexicalChunks = int(n)
	_, unfitted := ix.emb.(untrained)
	cached, err := ix.chunksWithCachedVector(ctx)
	if err != nil {
		return err
	}
	sentOK := ix.sentenceVectors()
	var sentRows, sentVecs map[string]int
	if sentOK {
		if sentRows, sentVecs, err = ix.sentenceCounts(ctx); err != nil {
			return err
		}
	}
	noLex, noVec, noSent := map[string][]string{}, map[string][]string{}, map[string][]string{}
	inLex := 0
	for _, c := range chunks {
		ok, err := ix.lex.Has(c.id)
		if err != nil {
			return fmt.Errorf("verify lexical index: %w", damaged(err))
		}
		if ok {
			inLex++
		} else {
			noLex[c.docID] = append(noLex[c.docID], c.id)
		}
		if !unfitted && (!cached[c.id] || !ix.vecs.Has(c.id)) {
			noVec[c.docID] = append(noVec[c.docID], c.id)
		}
		// A deferred sync leaves sentence vectors to FillSentences: their
		// absence is work pending (SentenceVectorsPending), not drift.
		if sentOK && (sentRows[c.id] != len(sentenceRows(c.text)) || sentVecs[c.id] != sentRows[c.id] && !ix.deferSentences()) {
			noSent[c.docID] = append(noSent[c.docID], c.id)
		}
		if sentOK {
			v.SentenceVectorsPending += sentRows[c.id] - sentVecs[c.id]
		}
	}
	report := func(kind DriftKind, byDoc map[string][]string, what string) {
		for docID, ids := range byDoc {
			v.add(kind, docID, docs[docID].Path, fmt.Sprintf("%d chunks %s (%s)", len(ids), what, strings.Join(ids, ", ")))
		}
	}
	report(DriftLexical, noLex, "missing from the BM25 index")
	report(DriftVectors, noVec, "without a vector")
	report(DriftSentences, noSent, "with missing sentence rows or sentence vectors")
	orphans, err := ix.orphanSentences(ctx)
	if err != nil {
		return err
	}
	for docID, n := range orphans {
		v.add(DriftSentences, docID, docs[docID].Path, fmt.Sprintf("%d sentence rows without a chunk row", n))
	}
	if extra := v.LexicalChunks - inLex; extra > 0 {
		v.add(DriftLexical, "", "", fmt.Sprintf("%d chunks in the BM25 index have no chunk row", extra))
	}
	return nil
}

// chunksWithCachedVector lists the chunks whose vector of the current
// embedder is in the registry's embedding cache.
func (ix *Index) chunksWithCachedVector(ctx context.Context) (map[string]bool, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id FROM index_chunks c
		JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = c.embed_hash`, ix.emb.Name(), ix.emb.Model())
	if err != nil {
		return nil, fmt.Errorf("verify vectors: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("verify vectors: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// sentenceCounts counts each chunk's sentence rows and those of them with
// a vector of the sentence embedder.
func (ix *Index) sentenceCounts(ctx context.Context) (rowsBy, vecsBy map[string]int, err error) {
	se := ix.sentenceEmbedder()
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT s.chunk_id, COUNT(*), COUNT(e.hash) FROM index_sentences s
		LEFT JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash
		GROUP BY s.chunk_id`, se.Name(), se.Model())
	if err != nil {
		return nil, nil, fmt.Errorf("verify sentences: %w", err)
	}
	defer rows.Close()
	rowsBy, vecsBy = map[string]int{}, map[string]int{}
	for rows.Next() {
		var id string
		var n, withVec int
		if err := rows.Scan(&id, &n, &withVec); err != nil {
			return nil, nil, fmt.Errorf("verify sentences: %w", err)
		}
		rowsBy[id], vecsBy[id] = n, withVec
	}
	return rowsBy, vecsBy, rows.Err()
}

// orphanSentences counts, by document, sentence rows whose chunk row is
// gone (deleted with foreign keys off); a re-index would collide with them.
func (ix *Index) orphanSentences(ctx context.Context) (map[string]int, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT chunk_id FROM index_sentences
		WHERE chunk_id NOT IN (SELECT id FROM index_chunks)`)
	if err != nil {
		return nil, fmt.Errorf("verify sentences: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("verify sentences: %w", err)
		}
		doc, _, _ := strings.Cut(id, "#")
		out[doc]++
	}
	return out, rows.Err()
}
