package cli

import (
	"context"

	"continuity/backend/golden"
	"continuity/backend/session"
)

// goldenDocs looks reference documents up in the freshly synced index, so
// validation sees exactly what retrieval will find.
func goldenDocs(ctx context.Context, s *session.Session) (golden.DocLookup, error) {
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		return nil, err
	}
	return session.IndexDocs{Index: ix}, nil
}
