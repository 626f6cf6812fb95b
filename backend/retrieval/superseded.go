package retrieval

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"continuity/backend/corpus"
)

// Superseded sentences. When a sync replaces or removes a published
// sentence, the old sentence is kept in index_superseded, in the same
// transaction as the delete-then-insert, so a crash keeps both or neither.
// A git history import (RecordHistory) adds the sentences older commits
// superseded and names the commit of the ones a sync saw first. Rows are
// scoped by content folder (source), like the sync itself: switching
// workspaces is not an edit, and switching back brings a folder's history
// back. Rows are never deleted; a sentence published again is still
// history but is no longer returned as superseded.

const supersededSchema = `
CREATE TABLE index_superseded (
	id            INTEGER PRIMARY KEY,
	source        TEXT NOT NULL,
	doc_id        TEXT NOT NULL,
	path          TEXT NOT NULL,
	title         TEXT NOT NULL,
	text          TEXT NOT NULL,
	hash          TEXT NOT NULL,
	replaced_by   TEXT NOT NULL,
	replaced_hash TEXT NOT NULL,
	until         TEXT NOT NULL,
	until_unix    INTEGER NOT NULL,
	commit_sha    TEXT NOT NULL,
	author        TEXT NOT NULL,
	message       TEXT NOT NULL,
	recorded_at   TEXT NOT NULL
);
CREATE INDEX index_superseded_doc ON index_superseded(source, doc_id, hash);
CREATE INDEX index_superseded_until ON index_superseded(source, until_unix);
CREATE UNIQUE INDEX index_superseded_commit ON index_superseded(source, doc_id, hash, commit_sha) WHERE commit_sha <> '';`

// supersededRow is one row to write; id is set once inserted.
type supersededRow struct {
	id                  int64
	docID, path, title  string
	old                 VersionSentence
	replacement         *VersionSentence
	until               time.Time
	commit, author, msg string
	upgradeOf           int64 // a sync-seen row this commit now names; 0 = a new row
}

// recording says whether and where a batch records what it supersedes:
// nil for a repair or a workspace switch, which publish and unpublish
// nothing.
type recording struct {
	source string
	at     time.Time
	// kept are documents leaving the index without leaving the workspace
	// (their file could not be read this time): not an unpublication.
	kept map[string]bool
	// rechunked are documents indexed again only because the parser
	// changed (corpus.ChunkVersion): their sentences changed form, not fact.
	rechunked map[string]bool
	// recorded is set by the batch that records a sentence, read once the
	// sync's batches are done.
	recorded bool
}

// newRecording records what a sync of contentDir supersedes. Files the
// scan found but could not read keep their documents' sentences current.
func newRecording(contentDir string, scan corpus.ScanResult, byPath map[string]registered) (*recording, error) {
	dir, err := filepath.Abs(contentDir)
	if err != nil {
		return nil, fmt.Errorf("content folder %s: %w", contentDir, err)
	}
	rec := &recording{source: dir, at: time.Now().UTC(), kept: map[string]bool{}, rechunked: map[string]bool{}}
	prefix := scan.Path("")
	for _, sk := range scan.Skipped {
		switch sk.Reason {
		case corpus.SkipUnreadable, corpus.SkipTooLarge, corpus.SkipNotRegular:
			rec.keep(byPath[strings.TrimPrefix(sk.Path, prefix)].id)
		}
	}
	return rec, nil
}

// keep marks a document whose file was found but not read.
func (rec *recording) keep(id string) {
	if rec != nil && id != "" {
		rec.kept[id] = true
	}
}

// rechunk marks a document read again with an unchanged file.
func (rec *recording) rechunk(id string) {
	if rec != nil {
		rec.rechunked[id] = true
	}
}

// oldVersion is what the registry holds of a document about to be replaced.
type oldVersion struct {
	title, path string
	sents       []VersionSentence
}

// supersede finds, inside the batch's transaction and before its delete,
// the sentences the batch takes out of publication: those of replaced
// documents their new version lacks, and those of removed documents no
// other published document holds (a page split or renamed moves its
// sentences; it does not retract them).
func (rec *recording) supersede(ctx context.Context, tx *sql.Tx, preps []prepared, removeIDs []string) ([]supersededRow, error) {
	ids := append([]string{}, removeIDs...)
	for _, p := range preps {
		ids = append(ids, p.doc.ID)
	}
	olds, err := oldVersions(ctx, tx, ids)
	if err != nil || len(olds) == 0 {
		return nil, err
	}
	var out []supersededRow
	add := func(id string, o oldVersion, rs []Replaced) {
		for _, r := range rs {
			out = append(out, supersededRow{docID: id, path: o.path, title: o.title, old: r.Old, replacement: r.New, until: rec.at})
		}
	}
	for _, p := range preps {
		o, ok := olds[p.doc.ID]
		if !ok || rec.rechunked[p.doc.ID] {
			continue
		}
		var cur []VersionSentence
		for i, c := range p.chunks {
			for _, r := range p.sentencesOf(i) {
				cur = append(cur, VersionSentence{Text: c.Text[r.start:r.end], Hash: r.hash})
			}
		}
		add(p.doc.ID, o, DiffSentences(o.sents, cur))
	}
	gone := map[string]bool{}
	for _, id := range removeIDs {
		gone[id] = true
	}
	for _, id := range removeIDs {
		o, ok := olds[id]
		if !ok || rec.kept[id] {
			continue
		}
		elsewhere, err := publishedElsewhere(ctx, tx, o.sents, gone)
		if err != nil {
			return nil, err
		}
		var rs []Replaced
		for _, r := range DiffSentences(o.sents, nil) {
			if !elsewhere[r.Old.Hash] {
				rs = append(rs, r)
			}
		}
		add(id, o, rs)
	}
	return out, nil
}

// oldVersions reads the indexed sentences of ids, split from their chunks
// as the index splits them (the sentence rows may predate the splitter).
func oldVersions(ctx context.Context, tx *sql.Tx, ids []string) (map[string]oldVersion, error) {
	out := map[string]oldVersion{}
	for i := 0; i < len(ids); i += 500 {
		part := ids[i:min(i+500, len(ids))]
		rows, err := tx.QueryContext(ctx, `SELECT d.id, d.title, d.path, c.text FROM index_docs d
			JOIN index_chunks c ON c.doc_id = d.id WHERE d.id IN (`+placeholders(len(part))+`) ORDER BY d.id, c.ordinal`, anys(part)...)
		if err != nil {
			return nil, fmt.Errorf("read replaced versions: %w", err)
		}
		for rows.Next() {
			var id, title, path, chunk string
			if err := rows.Scan(&id, &title, &path, &chunk); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read replaced versions: %w", err)
			}
			o := out[id]
			o.title, o.path = title, path
			for _, r := range sentenceRows(chunk) {
				o.sents = append(o.sents, VersionSentence{Text: chunk[r.start:r.end], Hash: r.hash})
			}
			out[id] = o
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("read replaced versions: %w", err)
		}
	}
	return out, nil
}

// publishedElsewhere is the set of hashes among sents that a document
// outside gone publishes.
func publishedElsewhere(ctx context.Context, tx *sql.Tx, sents []VersionSentence, gone map[string]bool) (map[string]bool, error) {
	out := map[string]bool{}
	for i := 0; i < len(sents); i += 500 {
		part := sents[i:min(i+500, len(sents))]
		args := make([]any, len(part))
		for j, s := range part {
			args[j] = s.Hash
		}
		rows, err := tx.QueryContext(ctx, `SELECT s.hash, c.doc_id FROM index_sentences s JOIN index_chunks c ON c.id = s.chunk_id
			WHERE s.hash IN (`+placeholders(len(args))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("find moved sentences: %w", err)
		}
		for rows.Next() {
			var h, doc string
			if err := rows.Scan(&h, &doc); err != nil {
				rows.Close()
				return nil, fmt.Errorf("find moved sentences: %w", err)
			}
			if !gone[doc] {
				out[h] = true
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("find moved sentences: %w", err)
		}
	}
	return out, nil
}
