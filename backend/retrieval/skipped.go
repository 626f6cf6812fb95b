package retrieval

import (
	"context"
	"encoding/json"
	"fmt"

	"continuity/backend/corpus"
)

// keySkipped holds the last sync's skipped files, so a view opened later
// can say what was left out without syncing again.
const keySkipped = "skipped"

// notIndexed is the skip of a parsed document the sync leaves out (nil when
// it is indexed); it records the document's ID in seen and its warning.
func notIndexed(doc corpus.Document, seen map[string]string, rep *Report, scan corpus.ScanResult) *corpus.Skipped {
	if w := corpus.CheckDocument(doc, seen); w != nil {
		rep.Warnings = append(rep.Warnings, *w)
	}
	if !doc.Indexable() {
		s := corpus.Unpublished(doc)
		return &s
	}
	if prev := seen[doc.ID]; prev != doc.Path {
		s := corpus.DuplicateID(doc, scan.Path(prev))
		return &s
	}
	return nil
}

// LastSkipped returns what the last sync did not index (empty before one).
func (ix *Index) LastSkipped(ctx context.Context) ([]corpus.Skipped, error) {
	out := []corpus.Skipped{}
	raw, err := ix.state(ctx, keySkipped)
	if err != nil || raw == "" {
		return out, err
	}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return nil, fmt.Errorf("stored skipped files: %w", err)
	}
	return out, nil
}
