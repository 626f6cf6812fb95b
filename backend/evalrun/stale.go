package evalrun

import (
	"context"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/goldenstale"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// staleWarnings checks the set's rows at the run's version for staleness
// (goldenstale) and words each finding as a run warning. A stale row never
// stops a run: its scores may simply reflect an outdated expectation, so
// the run says so. A check that cannot run is itself a warning. Prepare
// records them in Run.TargetWarnings, the run's one free list of warnings,
// which every face of the run (scorecards, --json, HTML) shows.
// answers false skips the approved-answer check (it may embed through the
// index's model, and --judge none calls no model); the warnings say so.
// The rows whose approved answer the corpus contradicts come back as data
// too: the run fails those questions (scorecard.Build).
func staleWarnings(ctx context.Context, s *session.Session, ix *retrieval.Index, set golden.Set, answers bool) ([]string, []eval.ApprovedContradiction) {
	lines, contradicted, err := staleLines(ctx, s, ix, set, answers)
	if err != nil {
		return []string{fmt.Sprintf("stale golden rows not checked: %v", err)}, nil
	}
	return lines, contradicted
}

func staleLines(ctx context.Context, s *session.Session, ix *retrieval.Index, set golden.Set, answers bool) ([]string, []eval.ApprovedContradiction, error) {
	cur, err := s.Current(ctx)
	if err != nil {
		return nil, nil, err
	}
	repo, err := golden.NewRepo(ctx, s.DB, cur.ID)
	if err != nil {
		return nil, nil, err
	}
	rows, err := repo.VersionRows(ctx, set.Name, set.Version)
	if err != nil {
		return nil, nil, err
	}
	f, err := goldenstale.New(ctx, cur.ContentDir(), ix)
	if err != nil {
		return nil, nil, err
	}
	if !answers {
		f.Index = nil
	}
	res, err := f.Find(ctx, rows, goldenstale.ExportRowNums(len(rows)))
	if err != nil {
		return nil, nil, err
	}
	out := goldenstale.Lines(fmt.Sprintf("stale: golden set %q", set.Name), res.Issues)
	if res.Skipped != "" {
		out = append(out, res.Skipped)
	}
	return out, res.Contradicted, nil
}
