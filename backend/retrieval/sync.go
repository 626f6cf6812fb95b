package retrieval

import (
	"context"
	"encoding/json"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/progress"
	"continuity/backend/text"
)

// Report reconciles the source with the index after a sync.
type Report struct {
	Added     int              `json:"added"`
	Updated   int              `json:"updated"`
	Removed   int              `json:"removed"`
	Unchanged int              `json:"unchanged"`
	Source    int              `json:"source"`    // published documents found in the source
	Documents int              `json:"documents"` // documents in the index afterwards
	Chunks    int              `json:"chunks"`
	Warnings  []corpus.Warning `json:"warnings"`
	Skipped   []corpus.Skipped `json:"skipped"` // every file found and not indexed, once
}

type prepared struct {
	doc    corpus.Document
	size   int64
	mtime  int64
	chunks []corpus.Chunk
	ehash  []string
	vecs   [][]float32
	sents  [][]sentenceRow // per chunk; nil when split on demand (see sentencesOf)
	fresh  map[string][]float32
	// sentFresh are new sentence vectors, of the sentence embedder.
	sentFresh map[string][]float32
}

// sentencesOf returns the sentence rows of chunk i: kept by prepare when
// it embedded them, else split again from the chunk's text.
func (p *prepared) sentencesOf(i int) []sentenceRow {
	if p.sents != nil {
		return p.sents[i]
	}
	return sentenceRows(p.chunks[i].Text)
}

// registered is what the registry remembers of an indexed file.
type registered struct {
	id, hash    string
	size, mtime int64
}

// statTouch records new stat data of a file whose content hash is unchanged.
type statTouch struct {
	id          string
	size, mtime int64
}

// Sync makes the index match the published documents under contentDir:
// changed documents are deleted then inserted, vanished or unpublished ones
// pruned, unchanged ones skipped. A file whose size and modification time
// match the registry is not read; any other file is read and its content
// hash decides (the hash is the authority). Changed documents are parsed
// and applied in batches, so a full index never holds the whole corpus.
func (ix *Index) Sync(ctx context.Context, contentDir string, report progress.Func) (Report, error) {
	if err := ix.writable("sync"); err != nil {
		return Report{}, err
	}
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	report.Report(progress.Event{Stage: "loading", Message: contentDir})
	scan, err := corpus.ScanAll(ctx, contentDir)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Warnings: append([]corpus.Warning{}, scan.Warnings...), Skipped: append([]corpus.Skipped{}, scan.Skipped...)}
	_, unfitted := ix.emb.(untrained)
	if unfitted {
		// The first sync fits the offline embedder to a sample of the
		// corpus before any chunk is embedded.
		report.Report(progress.Event{Stage: "fitting", Message: "fitting the offline embedder to the corpus"})
		texts, docs, err := ix.trainingTexts(ctx, scan.Files)
		if err == nil {
			err = ix.fit(ctx, texts, docs)
		}
		if err != nil {
			return rep, err
		}
	}
	byPath, ids, err := ix.registry(ctx)
	if err != nil {
		return rep, err
	}
	// Stat data only vouches for files of the folder it was taken in: a
	// workspace switch brings another folder whose paths may coincide.
	sameSource, err := ix.sameSource(ctx, contentDir)
	if err != nil {
		return rep, err
	}
	// Chunks cut by another version of the parser are stale though their
	// files are not: every document is read and indexed again, and what
	// only the parser changed is no retraction.
	chunker, err := ix.state(ctx, keyChunker)
	if err != nil {
		return rep, err
	}
	reread := chunker != corpus.ChunkVersion
	s := &syncRun{ix: ix, report: report, total: len(scan.Files)}
	if sameSource {
		// Only an edit of the same folder retracts sentences; the first
		// sync of a folder, or a switch to another, publishes a corpus.
		if s.rec, err = newRecording(contentDir, scan, byPath); err != nil {
			return rep, err
		}
	}
	seen := map[string]string{} // published IDs met so far → path
	var touches []statTouch
	var runErr error
	for i, f := range scan.Files {
		if runErr = ctx.Err(); runErr != nil {
			break
		}
		if r, ok := byPath[f.Rel]; ok && sameSource && !reread && r.size == f.Size && r.mtime == f.ModTime {
			// When an earlier file now claims this ID, fall through and read
			// the file so the duplicate is reported like any other.
			if _, dup := seen[r.id]; !dup {
				seen[r.id] = f.Rel
				rep.Source++
				rep.Unchanged++
				continue
			}
		}
		doc, sk := corpus.ReadDocument(f)
		if sk != nil {
			rep.Warnings = append(rep.Warnings, sk.Warning(f.Rel))
			s.rec.keep(byPath[f.Rel].id)
		} else {
			sk = notIndexed(doc, seen, &rep, scan)
		}
		if sk != nil {
			rep.Skipped = append(rep.Skipped, scan.Located(*sk))
			continue
		}
		rep.Source++
		switch h, ok := ids[doc.ID]; {
		case !ok:
			rep.Added++
		case h != doc.Hash:
			rep.Updated++
		default:
			rep.Unchanged++
			if !reread {
				if r := byPath[f.Rel]; r.size != f.Size || r.mtime != f.ModTime {
					touches = append(touches, statTouch{doc.ID, f.Size, f.ModTime})
				}
				continue
			}
			s.rec.rechunk(doc.ID)
		}
		if runErr = s.add(ctx, doc, f, i); runErr != nil {
			break
		}
	}
	if runErr == nil {
		runErr = s.flush(ctx)
	}
	if s.pipe != nil {
		// Every queued batch is applied (or the failure known) before
		// removals and the final bookkeeping.
		if err := s.pipe.close(); runErr == nil {
			runErr = err
		}
	}
	var removed []string
	if runErr == nil {
		for id := range ids {
			if _, ok := seen[id]; !ok {
				removed = append(removed, id)
			}
		}
		rep.Removed = len(removed)
		runErr = s.remove(ctx, removed)
	}
	if runErr == nil && len(touches) > 0 {
		runErr = ix.touch(ctx, touches)
	}
	if runErr == nil {
		runErr = ix.setSource(ctx, contentDir)
	}
	if runErr == nil && reread {
		runErr = ix.setStates(ctx, [][2]string{{keyChunker, corpus.ChunkVersion}})
	}
	// Batches already applied are consistent in all stores, so even a
	// cancelled sync is finished off cleanly; a crash leaves in_progress set.
	if err := ix.finish(context.WithoutCancel(ctx), s.started && (runErr == nil || ctx.Err() != nil), rep); err != nil && runErr == nil {
		runErr = err
	}
	if rep.Documents, err = ix.count(ctx, "index_docs"); err != nil && runErr == nil {
		runErr = err
	}
	if rep.Chunks, err = ix.count(ctx, "index_chunks"); err != nil && runErr == nil {
		runErr = err
	}
	if changed := rep.Added + rep.Updated + rep.Removed; runErr == nil && !unfitted && changed > 0 {
		runErr = ix.refitIfDrifted(ctx, rep.Documents, changed, report)
	}
	if runErr == nil && ((s.rec != nil && s.rec.recorded) || ix.supersededVectorsStale()) {
		// Retracted sentences whose vectors were not cached, or a refit.
		runErr = ix.ensureSupersededVectors(ctx)
	}
	return rep, runErr
}

// prepare chunks the documents and embeds the chunks not cached yet.
func (ix *Index) prepare(ctx context.Context, preps []prepared) error {
	var hashes, inputs, sentHashes, sentInputs []string
	// Sentence rows are kept from here to apply only when their vectors are
	// embedded now; otherwise apply splits each chunk as it writes it, so a
	// huge page never holds the rows of all its sentences at once.
	embedSents := ix.sentenceVectors() && !ix.deferSentences()
	for i := range preps {
		p := &preps[i]
		p.chunks = corpus.Chunks(p.doc, ix.opts.Chunking)
		p.doc.Blocks = nil // no longer needed; keeps batches small
		p.ehash = make([]string, 0, len(p.chunks))
		p.sents = nil
		if embedSents {
			p.sents = make([][]sentenceRow, 0, len(p.chunks))
		}
		for _, c := range p.chunks {
			in := embedInput(p.doc.Title, c.HeadingPath, c.Text)
			h := corpus.HashString(in)
			p.ehash = append(p.ehash, h)
			hashes, inputs = append(hashes, h), append(inputs, in)
			if !embedSents {
				continue
			}
			rows := sentenceRows(c.Text)
			p.sents = append(p.sents, rows)
			for _, r := range rows {
				sentHashes, sentInputs = append(sentHashes, r.hash), append(sentInputs, c.Text[r.start:r.end])
			}
		}
	}
	vecs, fresh, err := ix.embedMissing(ctx, ix.emb, hashes, inputs)
	if err != nil {
		return err
	}
	var sentFresh map[string][]float32
	if embedSents {
		// In the same durable batch as the chunks: a check then never
		// embeds corpus text, only the draft.
		if _, sentFresh, err = ix.embedMissing(ctx, ix.sentenceEmbedder(), sentHashes, sentInputs); err != nil {
			return err
		}
	}
	k := 0
	for i := range preps {
		preps[i].vecs = vecs[k : k+len(preps[i].chunks)]
		preps[i].fresh = nil
		k += len(preps[i].chunks)
	}
	if len(preps) > 0 {
		preps[0].fresh, preps[0].sentFresh = fresh, sentFresh
	}
	return nil
}

// finish clears the in-progress marker when the sync changed anything and
// records the sync time, warnings and skips either way.
func (ix *Index) finish(ctx context.Context, changed bool, rep Report) error {
	w, _ := json.Marshal(rep.Warnings)
	sk, _ := json.Marshal(rep.Skipped)
	now := time.Now().UTC().Format(time.RFC3339Nano)
	kv := [][2]string{{keyWarnings, string(w)}, {keySkipped, string(sk)}, {keyLastSync, now}}
	if ix.opts.Sentences {
		// Every sentence row now comes from this splitter (Open re-split
		// older ones before the sync).
		kv = append(kv, [2]string{keySplitter, text.SentenceSplitVersion})
	}
	if changed {
		kv = append(kv, [2]string{keyInProgress, "0"})
	}
	return ix.setStates(ctx, kv)
}
