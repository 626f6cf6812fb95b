package audit

import (
	"context"
	"fmt"

	"continuity/backend/retrieval"
)

// targets are the documents audited as the A side: all, or those Docs
// names, narrowed to those changed since Since.
func (a *auditor) targets(ctx context.Context, all []retrieval.IndexedDoc, o Options) ([]retrieval.IndexedDoc, error) {
	out := all
	if len(o.Docs) > 0 {
		out = make([]retrieval.IndexedDoc, 0, len(o.Docs))
		seen := map[string]bool{}
		for _, id := range o.Docs {
			d, ok := a.docs[id]
			if !ok {
				return nil, fmt.Errorf("--doc %s: %w", id, ErrUnknownDoc)
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, d)
			}
		}
	}
	if o.Since == "" {
		return out, nil
	}
	s, err := parseSince(o.Since)
	if err != nil {
		return nil, err
	}
	return changedSince(ctx, a.ContentDir, out, s)
}
