package retrieval

import (
	"context"
	"fmt"
	"strings"
)

// publishedRespaced finds, for each chain that ended at a text no longer
// published byte for byte, the sentence of its document published now with
// the same words: a later commit that only re-spaced or re-wrapped a
// sentence leaves no superseded row (versions are compared by their words),
// so without this the chain "3100 wing" → "G100 wing" → "corner  6140
// wing" stopped one step short of the page's "corner 6140 wing".
func (ix *Index) publishedRespaced(ctx context.Context, rows []pendingRow, ended map[int]string) error {
	byDoc := map[string][]int{}
	for i := range ended {
		byDoc[rows[i].s.DocID] = append(byDoc[rows[i].s.DocID], i)
	}
	for doc, is := range byDoc {
		now, err := ix.sentencesByWords(ctx, doc)
		if err != nil {
			return err
		}
		for _, i := range is {
			if cur, ok := now[wordsOf(ended[i])]; ok {
				rows[i].s.Current = cur
			}
		}
	}
	return nil
}

// sentencesByWords maps the words of each sentence doc publishes now to the
// sentence as published.
func (ix *Index) sentencesByWords(ctx context.Context, doc string) (map[string]string, error) {
	chunks, err := ix.DocumentChunks(ctx, doc)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, ch := range chunks {
		err := ix.queryRows(ctx, func(scan func(...any) error) error {
			var start, end int
			if err := scan(&start, &end); err != nil {
				return err
			}
			if start >= 0 && start <= end && end <= len(ch.Text) {
				out[wordsOf(ch.Text[start:end])] = ch.Text[start:end]
			}
			return nil
		}, `SELECT start_byte, end_byte FROM index_sentences WHERE chunk_id = ? ORDER BY ordinal`, ch.ID)
		if err != nil {
			return nil, fmt.Errorf("sentences of %s: %w", doc, err)
		}
	}
	return out, nil
}

// wordsOf is a sentence as the version diff compares it: its words, not its spacing.
func wordsOf(s string) string { return strings.Join(strings.Fields(s), " ") }
