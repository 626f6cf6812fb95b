package audit

import (
	"context"

	"continuity/backend/session"
)

// Run is "audit the corpus" for every face: it syncs the session's index
// (so the audit sees the corpus as it is on disk), opens the cache of the
// session's workspace and audits.
func Run(ctx context.Context, s *session.Session, o Options) (Report, error) {
	ix, _, err := s.FreshIndex(ctx, o.Progress)
	if err != nil {
		return Report{}, err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return Report{}, err
	}
	repo, err := OpenRepo(ctx, s)
	if err != nil {
		return Report{}, err
	}
	stats, err := ix.Stats(ctx)
	if err != nil {
		return Report{}, err
	}
	emb := stats.SentenceModel
	if emb == "" {
		emb = stats.EmbedModel
	}
	return Audit(ctx, Deps{Index: ix, Repo: repo, ContentDir: ws.ContentDir(), EmbedModel: emb}, o)
}

// OpenRepo is the audit cache and statuses of the session's workspace,
// for a face that lists or marks conflicts.
func OpenRepo(ctx context.Context, s *session.Session) (*Repo, error) {
	id, err := s.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	return NewRepo(ctx, s.DB, id)
}
