package retrieval

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/text"
)

// Every published sentence gets a vector at index time (Options.Sentences),
// stored like the chunk vectors and keyed by the sentence's hash, so
// checking a draft against a passage embeds only the draft.

// sentenceRow is one sentence of a chunk, by byte offsets in its text.
type sentenceRow struct {
	start, end int
	hash       string
}

// Sentence is a published sentence with its vector under the index's
// current embedder; Start and End are byte offsets in the chunk's text.
type Sentence struct {
	Start, End int
	Text       string
	Vec        []float32
}

// sentenceRows splits a chunk's text the way drafts are split
// (text.SplitSentences); pieces without a letter or digit (table rules,
// stray markup) are not sentences.
func sentenceRows(chunk string) []sentenceRow {
	var out []sentenceRow
	for _, s := range text.SplitSentences(chunk) {
		if strings.IndexFunc(s.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		out = append(out, sentenceRow{start: s.Start, end: s.End, hash: corpus.HashString(s.Text)})
	}
	return out
}

// sentenceEmbedder embeds published sentences and the draft sentences
// compared with them: Options.SentenceEmbedder, else the chunk embedder.
func (ix *Index) sentenceEmbedder() embed.Embedder {
	if ix.opts.SentenceEmbedder != nil {
		return ix.opts.SentenceEmbedder
	}
	return ix.emb
}

// sentenceVectors says whether sentence vectors are kept: asked for, and
// the embedder can produce them (an unfitted LSA model cannot).
func (ix *Index) sentenceVectors() bool {
	_, unfitted := ix.sentenceEmbedder().(untrained)
	return ix.opts.Sentences && !unfitted
}

// ensureSentences gives every indexed chunk its sentence rows and every
// sentence a vector of the current model: after an upgrade from an index
// without them, a model change, or a crash. Pages are durable, so an
// interrupted run resumes where it stopped. It returns how many sentences
// it embedded (or found in the caches).
func (ix *Index) ensureSentences(ctx context.Context) (int, error) {
	if !ix.sentenceVectors() {
		return 0, nil
	}
	if err := ix.resplitIfSplitterChanged(ctx); err != nil {
		return 0, err
	}
	if err := ix.splitUnsplitChunks(ctx); err != nil {
		return 0, err
	}
	if ix.deferSentences() {
		return 0, nil // FillSentences and Sentences embed them
	}
	return ix.fillSentences(ctx, ix.opts.Progress)
}

// splitUnsplitChunks adds the sentence rows of chunks indexed before they
// were kept.
func (ix *Index) splitUnsplitChunks(ctx context.Context) error {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT c.id, c.text FROM index_chunks c
		WHERE NOT EXISTS (SELECT 1 FROM index_sentences s WHERE s.chunk_id = c.id)`)
	if err != nil {
		return fmt.Errorf("find chunks without sentences: %w", err)
	}
	type chunk struct{ id, text string }
	var todo []chunk
	for rows.Next() {
		var c chunk
		if err := rows.Scan(&c.id, &c.text); err != nil {
			rows.Close()
			return fmt.Errorf("find chunks without sentences: %w", err)
		}
		todo = append(todo, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find chunks without sentences: %w", err)
	}
	if len(todo) == 0 {
		return nil
	}
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		ins, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO index_sentences(chunk_id, ordinal, start_byte, end_byte, hash) VALUES(?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		if err := sentencesAdded(ctx, tx); err != nil {
			return err
		}
		defer ins.Close()
		for _, c := range todo {
			for k, r := range sentenceRows(c.text) {
				if _, err := ins.ExecContext(ctx, c.id, k, r.start, r.end, r.hash); err != nil {
					return fmt.Errorf("insert sentence %d of chunk %s: %w", k, c.id, err)
				}
			}
		}
		return nil
	})
}

// sentencesWithoutVectors maps the hash of every sentence lacking a vector
// of the current model to its text.
func (ix *Index) sentencesWithoutVectors(ctx context.Context) (map[string]string, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT s.hash, substr(CAST(c.text AS BLOB), s.start_byte + 1, s.end_byte - s.start_byte)
		FROM index_sentences s JOIN index_chunks c ON c.id = s.chunk_id
		LEFT JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash
		WHERE e.hash IS NULL`, ix.sentenceEmbedder().Name(), ix.sentenceEmbedder().Model())
	if err != nil {
		return nil, fmt.Errorf("find sentences without vectors: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var h string
		var b []byte // the offsets are bytes: substr counts them in a BLOB, not in TEXT
		if err := rows.Scan(&h, &b); err != nil {
			return nil, fmt.Errorf("find sentences without vectors: %w", err)
		}
		out[h] = string(b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find sentences without vectors: %w", err)
	}
	return out, nil
}

// Sentences returns the sentences of each chunk, in order, with their
// vectors. A sentence whose vector a deferred sync left out
// (Options.DeferSentences) is embedded now and stored, so a check reads
// complete vectors for what it retrieved without waiting for
// FillSentences. A chunk indexed while sentence vectors were off has none.
func (ix *Index) Sentences(ctx context.Context, chunkIDs []string) (map[string][]Sentence, error) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	out := map[string][]Sentence{}
	var missing []pendingSentence
	for i := 0; i < len(chunkIDs); i += 500 {
		part := chunkIDs[i:min(i+500, len(chunkIDs))]
		got, err := ix.readSentences(ctx, part)
		if err != nil {
			return nil, err
		}
		for _, r := range got {
			if r.vec == nil {
				if !ix.sentenceVectors() {
					continue
				}
				missing = append(missing, pendingSentence{id: r.chunkID, n: len(out[r.chunkID]), hash: r.hash})
			}
			out[r.chunkID] = append(out[r.chunkID], r.Sentence)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	hashes, inputs := make([]string, len(missing)), make([]string, len(missing))
	for i, m := range missing {
		hashes[i], inputs[i] = m.hash, out[m.id][m.n].Text
	}
	vecs, fresh, err := ix.embedMissing(ctx, ix.sentenceEmbedder(), hashes, inputs)
	if err != nil {
		return nil, fmt.Errorf("embed published sentences: %w", err)
	}
	if err := ix.storeVectors(ctx, ix.sentenceEmbedder(), fresh, true); err != nil {
		return nil, err
	}
	for i, m := range missing {
		out[m.id][m.n].Vec = vecs[i]
	}
	return out, nil
}

// pendingSentence is a sentence Sentences read without a vector: the
// n-th of chunk id.
type pendingSentence struct {
	id   string
	n    int
	hash string
}

type sentenceRead struct {
	Sentence
	chunkID, hash string
	vec           []float32 // nil: no vector of the current model yet
}

// readSentences reads the sentence rows of chunkIDs (at most 500) with
// the vector of the current model where there is one.
func (ix *Index) readSentences(ctx context.Context, chunkIDs []string) ([]sentenceRead, error) {
	emb := ix.sentenceEmbedder()
	args := append([]any{emb.Name(), emb.Model()}, anys(chunkIDs)...)
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT s.chunk_id, s.hash, s.start_byte, s.end_byte,
			substr(CAST(c.text AS BLOB), s.start_byte + 1, s.end_byte - s.start_byte), e.dim, e.vec
		FROM index_sentences s JOIN index_chunks c ON c.id = s.chunk_id
		LEFT JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash
		WHERE s.chunk_id IN (`+placeholders(len(chunkIDs))+`) ORDER BY s.chunk_id, s.ordinal`, args...)
	if err != nil {
		return nil, fmt.Errorf("read sentences: %w", err)
	}
	defer rows.Close()
	var out []sentenceRead
	for rows.Next() {
		var r sentenceRead
		var txt, vec []byte
		var dim sql.NullInt64
		if err := rows.Scan(&r.chunkID, &r.hash, &r.Start, &r.End, &txt, &dim, &vec); err != nil {
			return nil, fmt.Errorf("read sentences: %w", err)
		}
		// An empty vec is a reference to the shared cache: read as missing,
		// it is fetched from there by Sentences.
		if dim.Valid && len(vec) > 0 {
			if r.Vec, err = decodeVec(vec, int(dim.Int64)); err != nil {
				return nil, fmt.Errorf("sentence vector of %s: %w", r.chunkID, err)
			}
			r.vec = r.Vec
		}
		r.Text = string(txt)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read sentences: %w", err)
	}
	return out, nil
}

// EmbedSentences embeds texts (a draft's sentences) with the sentence
// embedder, so they compare with the vectors Sentences returns.
func (ix *Index) EmbedSentences(ctx context.Context, texts []string) ([][]float32, error) {
	ix.mu.RLock()
	emb := ix.sentenceEmbedder()
	ix.mu.RUnlock()
	return emb.Embed(ctx, texts)
}

// resplitIfSplitterChanged drops the sentence rows cut by another version
// of the splitter, so splitUnsplitChunks cuts them again: a claim and the
// sentences it is compared with must be split the same way. Vectors stay
// cached by sentence hash, so unchanged sentences are not re-embedded.
func (ix *Index) resplitIfSplitterChanged(ctx context.Context) error {
	v, err := ix.state(ctx, keySplitter)
	if err != nil || v == text.SentenceSplitVersion {
		return err
	}
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM index_sentences`); err != nil {
			return fmt.Errorf("drop sentences of splitter %q: %w", v, err)
		}
		return setState(ctx, tx, keySplitter, text.SentenceSplitVersion)
	})
}
