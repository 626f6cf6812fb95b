package retrieval

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"continuity/backend/corpus"
)

// insertSuperseded writes rows (new ones, or commit details for a row a
// sync saw first) and sets the ids of the new ones.
func insertSuperseded(ctx context.Context, tx *sql.Tx, source string, rows []supersededRow) error {
	if len(rows) == 0 {
		return nil
	}
	w, err := newSupWriter(ctx, tx, source)
	if err != nil {
		return err
	}
	defer w.close()
	for i := range rows {
		if err := w.write(ctx, &rows[i]); err != nil {
			return err
		}
	}
	return nil
}

// supWriter holds the prepared statements of one transaction's writes.
type supWriter struct {
	source   string
	now      string
	ins, upd *sql.Stmt
}

func newSupWriter(ctx context.Context, tx *sql.Tx, source string) (*supWriter, error) {
	ins, err := tx.PrepareContext(ctx, `INSERT INTO index_superseded(source, doc_id, path, title, text, hash, replaced_by, replaced_hash,
		until, until_unix, commit_sha, author, message, recorded_at) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	upd, err := tx.PrepareContext(ctx, `UPDATE index_superseded SET until = ?, until_unix = ?, commit_sha = ?, author = ?, message = ?,
		replaced_by = CASE WHEN ? <> '' THEN ? ELSE replaced_by END, replaced_hash = CASE WHEN ? <> '' THEN ? ELSE replaced_hash END WHERE id = ?`)
	if err != nil {
		ins.Close()
		return nil, fmt.Errorf("prepare: %w", err)
	}
	return &supWriter{source: source, now: time.Now().UTC().Format(time.RFC3339Nano), ins: ins, upd: upd}, nil
}

func (w *supWriter) close() {
	w.ins.Close()
	w.upd.Close()
}

func (w *supWriter) write(ctx context.Context, r *supersededRow) error {
	var repl, replHash string
	if r.replacement != nil {
		repl, replHash = r.replacement.Text, r.replacement.Hash
	}
	until := r.until.Format(time.RFC3339)
	if r.upgradeOf != 0 {
		if _, err := w.upd.ExecContext(ctx, until, r.until.Unix(), r.commit, r.author, r.msg, repl, repl, replHash, replHash, r.upgradeOf); err != nil {
			return fmt.Errorf("name the commit of superseded sentence %d: %w", r.upgradeOf, err)
		}
		return nil
	}
	res, err := w.ins.ExecContext(ctx, w.source, r.docID, r.path, r.title, r.old.Text, r.old.Hash, repl, replHash,
		until, r.until.Unix(), r.commit, r.author, r.msg, w.now)
	if err != nil {
		return fmt.Errorf("record superseded sentence of %s: %w", r.docID, err)
	}
	if r.id, err = res.LastInsertId(); err != nil {
		return fmt.Errorf("record superseded sentence of %s: %w", r.docID, err)
	}
	return nil
}

// DocumentSentences splits a document the way the index does (chunks,
// then sentences), so a version read from elsewhere (a git commit)
// compares with what a sync recorded.
func (ix *Index) DocumentSentences(d corpus.Document) []VersionSentence {
	var out []VersionSentence
	for _, c := range corpus.Chunks(d, ix.opts.Chunking) {
		for _, r := range sentenceRows(c.Text) {
			out = append(out, VersionSentence{Text: c.Text[r.start:r.end], Hash: r.hash})
		}
	}
	return out
}
