package main

import (
	"context"
	"continuity/cmd/internal/benchdata"
	"fmt"
	"io"
	"path/filepath"

	"continuity/backend/claims"
)

// debugGiven prints, for each handbook-dev claim of a kind, the cue that
// fires against its gold evidence alone: it separates what the cues miss
// from what retrieval and ranking miss.
func debugGiven(ctx context.Context, w io.Writer, cfg config, kind string) error {
	e := claims.NewOffline()
	return benchdata.ReadJSONL(filepath.Join(cfg.bench, "handbook-dev", "claims.jsonl"), func(c handbookClaim) error {
		if c.Kind != kind {
			return nil
		}
		f, err := e.GivenFeatures(ctx, c.Claim, []claims.Passage{{DocID: c.Doc, ChunkID: c.ID, Text: c.Evidence}})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %s conflict=%v cue=%q\n   claim %q\n   gold  %q\n", c.ID, c.Label, f.Conflict, f.Cue, c.Claim, clip(c.Evidence))
		return nil
	})
}
