package retrieval

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"continuity/backend/corpus"
)

// DriftKind names one way the index can disagree with the workspace.
type DriftKind string

// Kinds of drift, the values of Drift.Kind.
const (
	DriftNotIndexed   DriftKind = "not_indexed"   // published in the workspace, absent from the index
	DriftGone         DriftKind = "gone"          // indexed, but removed or unpublished in the workspace
	DriftChanged      DriftKind = "changed"       // content changed since it was indexed
	DriftChunks       DriftKind = "chunks"        // chunk rows missing, extra or altered
	DriftOrphanChunks DriftKind = "orphan_chunks" // chunk rows whose document row is missing
	DriftLexical      DriftKind = "lexical"       // BM25 index out of step with the chunk rows
	DriftVectors      DriftKind = "vectors"       // chunks without a vector
	DriftSentences    DriftKind = "sentences"     // sentence rows or their vectors missing
	// DriftCache is a cache a writable open rebuilds (an interrupted sync,
	// an unreadable model): found by the read-only open of index --verify.
	DriftCache DriftKind = "cache"
	// DriftDamaged is an index that cannot be opened (ErrIndexDamaged);
	// it is the only drift then, and only index --repair fixes it.
	DriftDamaged DriftKind = "damaged"
)

// Drift is one disagreement, located by document where it has one.
type Drift struct {
	Kind    DriftKind `json:"kind"`
	DocID   string    `json:"doc_id,omitempty"`
	Path    string    `json:"path,omitempty"`
	Message string    `json:"message"`
}

// Verification compares the index with the workspace. It is read-only:
// the fix for every drift is a sync (`continuity index`).
type Verification struct {
	Clean              bool    `json:"clean"`
	WorkspaceDocuments int     `json:"workspace_documents"` // published documents in the workspace
	IndexedDocuments   int     `json:"indexed_documents"`
	ExpectedChunks     int     `json:"expected_chunks"` // chunks the published documents cut into
	Chunks             int     `json:"chunks"`          // chunk rows in the store
	LexicalChunks      int     `json:"lexical_chunks"`  // chunks in the BM25 index
	Drift              []Drift `json:"drift"`
	// SentenceVectorsPending counts published sentences still waiting for
	// the vector a deferred sync leaves to FillSentences.
	SentenceVectorsPending int `json:"sentence_vectors_pending,omitempty"`
}

// ResyncHint is what a user does about any drift.
const ResyncHint = "run continuity index to re-sync"

type indexedChunk struct{ id, docID, hash, text, embedHash string }

// Verify diffs the published documents under contentDir against the index
// by document, content hash and chunk, and checks that every chunk row
// has its BM25 entry, vector and sentences. It never syncs or repairs:
// syncing first would hide exactly the drift it exists to report.
func (ix *Index) Verify(ctx context.Context, contentDir string) (Verification, error) {
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	ws, err := publishedDocs(ctx, contentDir)
	if err != nil {
		return Verification{}, err
	}
	docs, err := ix.Documents(ctx)
	if err != nil {
		return Verification{}, err
	}
	chunks, err := ix.allChunks(ctx)
	if err != nil {
		return Verification{}, err
	}
	v := Verification{WorkspaceDocuments: len(ws), IndexedDocuments: len(docs), Chunks: len(chunks), Drift: []Drift{}}
	byDoc := map[string][]indexedChunk{}
	for _, c := range chunks {
		byDoc[c.docID] = append(byDoc[c.docID], c)
	}
	indexed := map[string]IndexedDoc{}
	for _, d := range docs {
		indexed[d.ID] = d
	}
	for _, d := range ws {
		want := corpus.Chunks(d, ix.opts.Chunking)
		v.ExpectedChunks += len(want)
		got, ok := indexed[d.ID]
		switch {
		case !ok:
			v.add(DriftNotIndexed, d.ID, d.Path, "published in the workspace but not indexed")
		case got.Hash != d.Hash:
			v.add(DriftChanged, d.ID, d.Path, "changed in the workspace since it was indexed")
		default:
			if msg := chunkDrift(want, byDoc[d.ID]); msg != "" {
				v.add(DriftChunks, d.ID, d.Path, msg)
			}
		}
	}
	inWorkspace := map[string]bool{}
	for _, d := range ws {
		inWorkspace[d.ID] = true
	}
	for _, d := range docs {
		if !inWorkspace[d.ID] {
			v.add(DriftGone, d.ID, d.Path, "indexed but removed or unpublished in the workspace")
		}
	}
	for docID, cs := range byDoc {
		if _, ok := indexed[docID]; !ok {
			v.add(DriftOrphanChunks, docID, "", fmt.Sprintf("%d chunk rows without a document row", len(cs)))
		}
	}
	if err := ix.verifyCaches(ctx, &v, chunks, indexed); err != nil {
		return v, err
	}
	for _, s := range ix.stale {
		v.add(DriftCache, "", "", s)
	}
	slices.SortStableFunc(v.Drift, func(a, b Drift) int {
		return strings.Compare(string(a.Kind)+a.DocID, string(b.Kind)+b.DocID)
	})
	v.Clean = len(v.Drift) == 0
	return v, nil
}

func (v *Verification) add(kind DriftKind, docID, path, msg string) {
	v.Drift = append(v.Drift, Drift{Kind: kind, DocID: docID, Path: path, Message: msg})
}

// publishedDocs reads the workspace the way Sync does: the first file to
// claim an ID wins, unreadable and unpublished files are not indexable.
func publishedDocs(ctx context.Context, contentDir string) ([]corpus.Document, error) {
	files, _, err := corpus.Scan(ctx, contentDir)
	if err != nil {
		return nil, err
	}
	seen := map[string]string{}
	var out []corpus.Document
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		doc, w := corpus.ReadFile(f)
		if w != nil {
			continue
		}
		_ = corpus.CheckDocument(doc, seen) // Sync reports these warnings; here only the winner matters
		if !doc.Indexable() || seen[doc.ID] != f.Rel {
			continue
		}
		out = append(out, doc)
	}
	return out, nil
}

// chunkDrift says how a document's chunk rows differ from the chunks its
// unchanged file cuts into; "" when they match.
func chunkDrift(want []corpus.Chunk, got []indexedChunk) string {
	have := map[string]string{}
	for _, c := range got {
		have[c.id] = c.hash
	}
	var missing, altered []string
	for _, c := range want {
		h, ok := have[c.ID]
		switch {
		case !ok:
			missing = append(missing, c.ID)
		case h != c.Hash:
			altered = append(altered, c.ID)
		}
		delete(have, c.ID)
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d chunks missing from the index (%s)", len(missing), len(want), strings.Join(missing, ", ")))
	}
	if len(altered) > 0 {
		parts = append(parts, fmt.Sprintf("%d chunks hold other text than the file (%s)", len(altered), strings.Join(altered, ", ")))
	}
	if len(have) > 0 {
		parts = append(parts, fmt.Sprintf("%d extra chunk rows (%s)", len(have), strings.Join(slices.Sorted(maps.Keys(have)), ", ")))
	}
	return strings.Join(parts, "; ")
}

func (ix *Index) allChunks(ctx context.Context) ([]indexedChunk, error) {
	rows, err := ix.db.Reader().QueryContext(ctx, `SELECT id, doc_id, hash, text, embed_hash FROM index_chunks ORDER BY doc_id, ordinal`)
	if err != nil {
		return nil, fmt.Errorf("verify chunks: %w", err)
	}
	defer rows.Close()
	var out []indexedChunk
	for rows.Next() {
		var c indexedChunk
		if err := rows.Scan(&c.id, &c.docID, &c.hash, &c.text, &c.embedHash); err != nil {
			return nil, fmt.Errorf("verify chunks: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("verify chunks: %w", err)
	}
	return out, nil
}
