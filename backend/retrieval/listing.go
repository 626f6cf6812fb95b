package retrieval

import (
	"context"
	"fmt"
)

// IndexedDoc is what the index holds of one document: enough to list it
// and to tell whether its file changed since it was indexed.
type IndexedDoc struct {
	ID, Path, Title, URL, Published, Status string
	Hash                                    string // sha256 of the file when indexed (corpus.Document.Hash)
	Chunks                                  int
}

// ChunkSpan is one indexed chunk and its byte range in the source file.
type ChunkSpan struct {
	ID         string
	Ordinal    int
	Start, End int
	Text       string
}

// Documents lists the indexed documents by path with their chunk counts.
func (ix *Index) Documents(ctx context.Context) ([]IndexedDoc, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT d.id, d.path, d.title, d.url, d.published, d.status, d.hash,
			(SELECT COUNT(*) FROM index_chunks c WHERE c.doc_id = d.id)
		FROM index_docs d ORDER BY d.path, d.id`)
	if err != nil {
		return nil, fmt.Errorf("list documents: %w", err)
	}
	defer rows.Close()
	out := []IndexedDoc{}
	for rows.Next() {
		var d IndexedDoc
		if err := rows.Scan(&d.ID, &d.Path, &d.Title, &d.URL, &d.Published, &d.Status, &d.Hash, &d.Chunks); err != nil {
			return nil, fmt.Errorf("list documents: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list documents: %w", err)
	}
	return out, nil
}

// DocumentChunks returns a document's indexed chunks in order; none when
// the document is not indexed.
func (ix *Index) DocumentChunks(ctx context.Context, docID string) ([]ChunkSpan, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, ordinal, start_byte, end_byte, text
		FROM index_chunks WHERE doc_id = ? ORDER BY ordinal`, docID)
	if err != nil {
		return nil, fmt.Errorf("chunks of %s: %w", docID, err)
	}
	defer rows.Close()
	out := []ChunkSpan{}
	for rows.Next() {
		var c ChunkSpan
		if err := rows.Scan(&c.ID, &c.Ordinal, &c.Start, &c.End, &c.Text); err != nil {
			return nil, fmt.Errorf("chunks of %s: %w", docID, err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("chunks of %s: %w", docID, err)
	}
	return out, nil
}
