package evalrun

import (
	"context"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/session"
)

// ImportWorkbook imports a golden workbook for a run through the one
// import policy, all or nothing, into the set named after the file, so the
// run records a golden-set version (unchanged rows keep the current one).
// It syncs the index first, as the run will, so the references are checked
// against the corpus the run sees and notice hears of what the sync
// changed. A workbook with errors stores nothing and returns a
// *goldenset.WorkbookError; the outcome's warnings are for the caller to
// show.
func ImportWorkbook(ctx context.Context, s *session.Session, path string, notice SyncNotice) (golden.Set, goldenset.Outcome, error) {
	ix, err := SyncedIndex(ctx, s, notice, nil)
	if err != nil {
		return golden.Set{}, goldenset.Outcome{}, err
	}
	wb, err := goldenset.ReadFile(ctx, path)
	if err != nil {
		return golden.Set{}, goldenset.Outcome{}, err
	}
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return golden.Set{}, goldenset.Outcome{}, err
	}
	repo, err := golden.NewRepo(ctx, s.DB, ws)
	if err != nil {
		return golden.Set{}, goldenset.Outcome{}, err
	}
	o, err := goldenset.Import(ctx, repo, session.IndexDocs{Index: ix}, wb, goldenset.Request{Mode: goldenset.AllOrNothing})
	if err != nil {
		return golden.Set{}, o, err
	}
	if !o.Stored {
		return golden.Set{}, o, o.Err()
	}
	gs, err := repo.Set(ctx, o.Set)
	return gs, o, err
}
