package audit

import (
	"context"
	"slices"

	"continuity/backend/history"
	"continuity/backend/retrieval"
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
	rep, err := Audit(ctx, Deps{Index: ix, Repo: repo, ContentDir: ws.ContentDir(), EmbedModel: emb}, o)
	if err != nil {
		return rep, err
	}
	return withChangedFacts(ctx, s, ix, ws.ContentDir(), o, rep)
}

// withChangedFacts adds the facts that changed: what the corpus used to
// say is the other half of what it says now. A history that cannot be
// read is a warning; the audit itself stands.
func withChangedFacts(ctx context.Context, s *session.Session, ix *retrieval.Index, content string, o Options, rep Report) (Report, error) {
	rep.ChangedFacts = []history.Change{}
	run, err := s.ImportHistory(ctx, ix, content, session.HistoryIfOn, o.Progress)
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		rep.Warnings = append(rep.Warnings, err.Error())
	}
	for _, w := range run.Report.Warnings {
		rep.Warnings = append(rep.Warnings, "history: "+w.String())
	}
	facts, err := history.Changes(ctx, ix, content, o.Since)
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		rep.Warnings = append(rep.Warnings, "changed facts not listed: "+err.Error())
		return rep, nil
	}
	for _, f := range facts {
		if len(o.Docs) == 0 || slices.Contains(o.Docs, f.DocID) {
			rep.ChangedFacts = append(rep.ChangedFacts, f)
		}
	}
	return rep, nil
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
