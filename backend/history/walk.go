package history

import (
	"context"
	"errors"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
)

// version is one file version parsed as the sync would parse it.
type version struct {
	doc       corpus.Document
	sents     []retrieval.VersionSentence
	published bool
}

// walker turns commits into superseded sentences.
type walker struct {
	ix         Index
	repo       repo
	blobs      *blobs
	contentDir string
	rules      *corpus.IgnoreRules
	rep        *Report
	// cache keeps parsed versions by blob and path: the new version of a
	// file in one commit is its old version in the next that touches it.
	cache map[string]version
}

const maxCached = 1024

// side is a path of a change as a document candidate: relative to the
// content folder, a regular file, a document the sync would read.
func (w *walker) side(path, mode string) (rel, kind string, ok bool) {
	if mode != "100644" && mode != "100755" {
		return "", "", false // a link, submodule or nothing
	}
	if rel, ok = w.repo.relTo(path); !ok {
		return "", "", false
	}
	kind, ok = corpus.CandidatePath(w.contentDir, w.rules, rel)
	return rel, kind, ok
}

// version reads and parses one blob; false (with a warning) when it
// cannot be read.
func (w *walker) version(c commit, blob, rel, kind string) (version, bool) {
	key := blob + "\x00" + rel
	if v, ok := w.cache[key]; ok {
		return v, true
	}
	raw, err := w.blobs.read(blob, corpus.MaxFileBytes)
	if err != nil {
		w.rep.warn(Warning{Commit: short(c.sha), Path: rel, Message: err.Error()})
		return version{}, false
	}
	var v version
	if !corpus.IsWorkspaceGuide(w.contentDir, rel, raw) {
		doc, err := corpus.Parse(rel, kind, raw)
		switch {
		case errors.Is(err, corpus.ErrNoText):
			// An empty page publishes no sentence.
		case err != nil:
			w.rep.warn(Warning{Commit: short(c.sha), Path: rel, Message: err.Error()})
			return version{}, false
		default:
			v = version{doc: doc, published: doc.Indexable()}
			if v.published {
				v.sents = w.ix.DocumentSentences(doc)
			}
		}
	}
	if len(w.cache) >= maxCached {
		clear(w.cache)
	}
	w.cache[key] = v
	return v, true
}

// commit lists the published sentences c changed or removed. A sentence
// of a deleted page that another page of the same commit publishes was
// moved, not retracted.
func (w *walker) commit(ctx context.Context, c commit) ([]retrieval.HistoryRecord, error) {
	type pair struct{ old, new *version }
	var pairs []pair
	movedIn := map[string]bool{}
	for _, ch := range c.changes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var p pair
		switch ch.status {
		case 'M', 'T', 'D', 'R':
			if rel, kind, ok := w.side(ch.oldPath, ch.oldMode); ok {
				if v, ok := w.version(c, ch.oldBlob, rel, kind); ok && v.published {
					p.old = &v
				}
			}
		}
		switch ch.status {
		case 'M', 'T', 'A', 'R', 'C':
			if rel, kind, ok := w.side(ch.newPath, ch.newMode); ok {
				if v, ok := w.version(c, ch.newBlob, rel, kind); ok && v.published {
					p.new = &v
					for _, s := range v.sents {
						movedIn[s.Hash] = true
					}
				}
			}
		}
		if p.old != nil {
			pairs = append(pairs, p)
		}
	}
	var out []retrieval.HistoryRecord
	for _, p := range pairs {
		var cur []retrieval.VersionSentence
		id, path := p.old.doc.ID, p.old.doc.Path
		if p.new != nil {
			// A renamed page's history stays with the page it became.
			cur, id, path = p.new.sents, p.new.doc.ID, p.new.doc.Path
		}
		for _, r := range retrieval.DiffSentences(p.old.sents, cur) {
			if p.new == nil && movedIn[r.Old.Hash] {
				continue
			}
			out = append(out, retrieval.HistoryRecord{DocID: id, Path: path, Title: p.old.doc.Title, Old: r.Old, New: r.New,
				Until: c.date, Commit: c.sha, Author: c.author, Message: c.subject})
		}
	}
	return out, nil
}
