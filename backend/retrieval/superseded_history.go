package retrieval

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"
)

// HistoryRecord is one sentence a commit took out of publication, as a
// history importer (backend/history) found it.
type HistoryRecord struct {
	DocID, Path, Title string
	Old                VersionSentence
	New                *VersionSentence // what took its place; nil when removed
	Until              time.Time        // the commit's author date
	Commit             string
	Author             string
	Message            string
}

// HistoryMark is how far the git history import of a content folder has
// read. Head is the last commit imported completely; an import under way
// towards Target has recorded its first Done commits, so a crashed or
// cancelled import resumes there.
type HistoryMark struct {
	Head   string `json:"head"`
	Target string `json:"target,omitempty"`
	Done   int    `json:"done,omitempty"`
	// Chunker is the corpus.ChunkVersion the versions were split with;
	// empty in marks written before it was kept.
	Chunker string `json:"chunker,omitempty"`
}

func historyKey(contentDir string) (string, string, error) {
	source, err := filepath.Abs(contentDir)
	if err != nil {
		return "", "", fmt.Errorf("content folder %s: %w", contentDir, err)
	}
	return source, keyHistoryPrefix + source, nil
}

// HistoryMark reads the import mark of contentDir (zero before any).
func (ix *Index) HistoryMark(ctx context.Context, contentDir string) (HistoryMark, error) {
	_, key, err := historyKey(contentDir)
	if err != nil {
		return HistoryMark{}, err
	}
	raw, err := ix.state(ctx, key)
	if err != nil || raw == "" {
		return HistoryMark{}, err
	}
	var m HistoryMark
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return HistoryMark{}, fmt.Errorf("history mark %q: %w", raw, err)
	}
	return m, nil
}

// RecordHistory writes what a step of a history import found, with the
// import's new mark, in one transaction: a crash keeps both or neither,
// and a step replayed after one records nothing twice (a commit names a
// sentence once). A sentence a sync saw go first gets the commit's
// details instead of a second row. It returns how many rows are new.
func (ix *Index) RecordHistory(ctx context.Context, contentDir string, recs []HistoryRecord, mark HistoryMark) (int, error) {
	if err := ix.writable("record history"); err != nil {
		return 0, err
	}
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	source, key, err := historyKey(contentDir)
	if err != nil {
		return 0, err
	}
	markJSON, err := json.Marshal(mark)
	if err != nil {
		return 0, fmt.Errorf("history mark: %w", err)
	}
	fresh, err := ix.embedHistory(ctx, recs)
	if err != nil {
		return 0, err
	}
	var rows []supersededRow
	err = ix.db.Tx(ctx, func(tx *sql.Tx) error {
		rows = rows[:0]
		w, err := newSupWriter(ctx, tx, source)
		if err != nil {
			return err
		}
		defer w.close()
		seen := map[[3]string]bool{}
		for _, r := range recs {
			k := [3]string{r.DocID, r.Old.Hash, r.Commit}
			if seen[k] {
				continue
			}
			seen[k] = true
			row := supersededRow{docID: r.DocID, path: r.Path, title: r.Title, old: r.Old, replacement: r.New,
				until: r.Until, commit: r.Commit, author: r.Author, msg: r.Message}
			skip, err := resolveHistoryRow(ctx, tx, source, &row)
			if err != nil {
				return err
			}
			if skip {
				continue
			}
			if err := w.write(ctx, &row); err != nil {
				return err
			}
			rows = append(rows, row)
		}
		if err := insertVectors(ctx, tx, ix.sentenceEmbedder().Name(), ix.sentenceEmbedder().Model(), fresh, false); err != nil {
			return err
		}
		return setState(ctx, tx, key, string(markJSON))
	})
	if err != nil {
		return 0, err
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	added := 0
	for _, r := range rows {
		if r.id != 0 {
			added++
		}
	}
	return added, ix.cacheSuperseded(ctx, rows)
}

// resolveHistoryRow decides what a commit's superseded sentence adds: skip
// when the commit is recorded already, else the details of the oldest row
// a sync recorded for it without a commit, else a new row.
func resolveHistoryRow(ctx context.Context, tx *sql.Tx, source string, r *supersededRow) (skip bool, err error) {
	var id int64
	err = tx.QueryRowContext(ctx, `SELECT id FROM index_superseded WHERE source = ? AND doc_id = ? AND hash = ? AND commit_sha = ?`,
		source, r.docID, r.old.Hash, r.commit).Scan(&id)
	switch {
	case err == nil:
		return true, nil
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("look up superseded sentence: %w", err)
	}
	err = tx.QueryRowContext(ctx, `SELECT id FROM index_superseded WHERE source = ? AND doc_id = ? AND hash = ? AND commit_sha = ''
		ORDER BY id LIMIT 1`, source, r.docID, r.old.Hash).Scan(&id)
	switch {
	case err == nil:
		r.upgradeOf = id
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("look up superseded sentence: %w", err)
	}
	return false, nil
}

// embedHistory computes the sentence vectors of recs not cached yet, so a
// search of old sentences embeds only its query.
func (ix *Index) embedHistory(ctx context.Context, recs []HistoryRecord) (map[string][]float32, error) {
	if !ix.sentenceVectors() || len(recs) == 0 {
		return nil, nil
	}
	hashes, texts := make([]string, len(recs)), make([]string, len(recs))
	for i, r := range recs {
		hashes[i], texts[i] = r.Old.Hash, r.Old.Text
	}
	_, fresh, err := ix.embedMissing(ctx, ix.sentenceEmbedder(), hashes, texts)
	if err != nil {
		return nil, fmt.Errorf("embed superseded sentences: %w", err)
	}
	return fresh, nil
}
