package retrieval

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/corpus"
)

// PassageState says where a passage cited by a check stands now: whether
// its chunk is still indexed with that text, and whether the workspace's
// published file still says it.
type PassageState struct {
	ChunkIndexed bool // the chunk row exists
	QuoteIndexed bool // and its text still holds the quote
	DocPublished bool // the document is a published file in the workspace
	QuoteInFile  bool // and the file's text still holds the quote
}

// Passage looks a cited quote up in the index and in the workspace file
// the index says it came from. Only the one file is read.
func (ix *Index) Passage(ctx context.Context, contentDir, chunkID, quote string) (PassageState, error) {
	var st PassageState
	var chunkText, docID string
	err := ix.db.Reader().QueryRowContext(ctx, `SELECT text, doc_id FROM index_chunks WHERE id = ?`, chunkID).Scan(&chunkText, &docID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		docID, _, _ = strings.Cut(chunkID, "#")
	case err != nil:
		return st, fmt.Errorf("cited chunk %s: %w", chunkID, err)
	default:
		st.ChunkIndexed = true
		st.QuoteIndexed = containsQuote(chunkText, quote)
	}
	doc, ok, err := ix.Document(ctx, docID)
	if err != nil || !ok {
		return st, err
	}
	files, _, err := corpus.Scan(ctx, contentDir)
	if err != nil {
		return st, err
	}
	for _, f := range files {
		if f.Rel != doc.Path {
			continue
		}
		d, w := corpus.ReadFile(f)
		if w == nil && d.ID == docID && d.Indexable() {
			st.DocPublished = true
			st.QuoteInFile = containsQuote(d.Text, quote)
		}
		break
	}
	return st, nil
}

// containsQuote compares with whitespace collapsed; a clipped quote ("…")
// matches on what is left of it.
func containsQuote(text, quote string) bool {
	q := strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimSpace(quote), "…")), " ")
	return q != "" && strings.Contains(strings.Join(strings.Fields(text), " "), q)
}
