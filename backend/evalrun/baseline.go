package evalrun

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/eval"
)

// chooseBaseline resolves a baseline request for run. "last" (and
// "pinned" with nothing pinned) takes the newest earlier run that can
// stand as a baseline; a pinned or named run is the user's choice and is
// used as given, with warnings when it measured differently.
func chooseBaseline(ctx context.Context, st *eval.Store, run eval.Run, requested, pinned string) (*BaselineChoice, error) {
	ch := &BaselineChoice{Requested: requested, Skipped: []eval.SkippedRun{}, Warnings: []string{}}
	id := requested
	switch requested {
	case BaselineLast, BaselinePinned:
		if requested == BaselinePinned && pinned != "" && pinned != run.ID {
			id = pinned
			break
		}
		last, skipped, err := st.LastBaseline(ctx, run)
		ch.Skipped = skipped
		switch {
		case errors.Is(err, eval.ErrRunNotFound):
			ch.Note = fmt.Sprintf("baseline %s: no earlier run qualifies (a baseline must be finished, error-free and on the same engine and models)%s; no comparison",
				requested, skippedNote(skipped))
			return ch, nil
		case err != nil:
			return nil, err
		}
		ch.RunID, ch.StartedAt = last.ID, last.StartedAt
		ch.Note = fmt.Sprintf("baseline %s: run %s (started %s)%s", requested, last.ID, last.StartedAt, skippedNote(skipped))
		return ch, nil
	}
	base, err := st.Run(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	if base.GoldenSet != run.GoldenSet {
		return nil, fmt.Errorf("baseline %s is a run of golden set %q, not %q", id, base.GoldenSet, run.GoldenSet)
	}
	ch.RunID, ch.StartedAt = base.ID, base.StartedAt
	ch.Warnings = append(ch.Warnings, eval.Incomparable(base, run)...)
	if base.Status != eval.StatusDone {
		ch.Warnings = append(ch.Warnings, "the baseline run is "+base.Status+", not finished")
	}
	ch.Note = fmt.Sprintf("baseline %s: run %s (started %s)", requested, base.ID, base.StartedAt)
	if len(ch.Warnings) > 0 {
		ch.Note += "; caution: " + strings.Join(ch.Warnings, "; ")
	}
	return ch, nil
}

func skippedNote(skipped []eval.SkippedRun) string {
	if len(skipped) == 0 {
		return ""
	}
	var parts []string
	for i, s := range skipped {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(skipped)-3))
			break
		}
		parts = append(parts, s.RunID+" ("+s.Reason+")")
	}
	return fmt.Sprintf("; skipped %d newer run(s): %s", len(skipped), strings.Join(parts, ", "))
}
