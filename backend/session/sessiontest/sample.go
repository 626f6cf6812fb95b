// Package sessiontest prepares real sessions for other packages' tests.
package sessiontest

import (
	"context"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/session"
)

// ImportGolden builds s's index and imports its workspace's golden.xlsx
// (its valid rows) as set, as a person does before a first run. It
// returns the workspace's ID.
func ImportGolden(ctx context.Context, s *session.Session, set string) (string, error) {
	if _, _, err := s.FreshIndex(ctx, nil); err != nil {
		return "", err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return "", err
	}
	id, err := s.WorkspaceID(ctx)
	if err != nil {
		return "", err
	}
	repo, err := golden.NewRepo(ctx, s.DB, id)
	if err != nil {
		return "", err
	}
	wb, err := goldenset.ReadFile(ctx, ws.GoldenPath())
	if err != nil {
		return "", err
	}
	docs, err := s.Docs(ctx)
	if err != nil {
		return "", err
	}
	_, err = goldenset.Import(ctx, repo, docs, wb, goldenset.Request{Set: set, Mode: goldenset.ValidOnly})
	return id, err
}
