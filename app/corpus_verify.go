package app

import (
	"context"

	"continuity/backend/progress"
	"continuity/backend/retrieval"
)

// IndexDriftDTO is one way the index disagrees with the workspace.
type IndexDriftDTO struct {
	Kind    string `json:"kind"` // retrieval.DriftKind: not_indexed, gone, changed, chunks, orphan_chunks, lexical, vectors, sentences
	DocID   string `json:"doc_id"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// IndexVerificationDTO is the result of diffing the workspace against the
// index; Hint says what fixes the drift ("" when clean).
type IndexVerificationDTO struct {
	Clean              bool            `json:"clean"`
	WorkspaceDocuments int             `json:"workspace_documents"`
	IndexedDocuments   int             `json:"indexed_documents"`
	ExpectedChunks     int             `json:"expected_chunks"`
	Chunks             int             `json:"chunks"`
	LexicalChunks      int             `json:"lexical_chunks"`
	Drift              []IndexDriftDTO `json:"drift"`
	Hint               string          `json:"hint"`
}

func verificationDTO(v retrieval.Verification) IndexVerificationDTO {
	out := IndexVerificationDTO{Clean: v.Clean, WorkspaceDocuments: v.WorkspaceDocuments, IndexedDocuments: v.IndexedDocuments,
		ExpectedChunks: v.ExpectedChunks, Chunks: v.Chunks, LexicalChunks: v.LexicalChunks, Drift: []IndexDriftDTO{}, Hint: v.Hint()}
	for _, d := range v.Drift {
		out.Drift = append(out.Drift, IndexDriftDTO{Kind: string(d.Kind), DocID: d.DocID, Path: d.Path, Message: d.Message})
	}
	return out
}

// Verify diffs the workspace against the index without syncing (a sync
// would hide the drift) and reports what drifted.
func (s *CorpusService) Verify() (IndexVerificationDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return IndexVerificationDTO{}, err
	}
	ix, err := s.c.sess.Index(s.c.ctx)
	if err != nil {
		return IndexVerificationDTO{}, err
	}
	v, err := ix.Verify(s.c.ctx, ws.ContentDir())
	if err != nil {
		return IndexVerificationDTO{}, err
	}
	return verificationDTO(v), nil
}

// Reindex starts a job that re-indexes the documents a verification finds
// damaged and then syncs: the banner's "Re-index" button. Its result is a
// SyncReportDTO with a fresh verification.
func (s *CorpusService) Reindex() (string, error) {
	s.c.ready()
	cur, err := s.c.sess.Current(s.c.ctx)
	if err != nil {
		return "", err
	}
	content := cur.ContentDir()
	return s.c.jobs.start("index-reindex", func(ctx context.Context, report progress.Func) (any, error) {
		ix, err := s.c.sess.OpenIndex(ctx, report)
		if err != nil {
			return nil, err
		}
		v, err := ix.Verify(ctx, content)
		if err != nil {
			return nil, err
		}
		rep, err := ix.Resync(ctx, content, v, report)
		if err != nil {
			return nil, err
		}
		return s.syncReport(ctx, ix, cur.ID, content, rep), nil
	}), nil
}

// syncReport is a sync's result with the verification run after it, so
// every sync tells the user when the index still disagrees with the files.
func (s *CorpusService) syncReport(ctx context.Context, ix *retrieval.Index, ws, content string, rep retrieval.Report) SyncReportDTO {
	out := SyncReportDTO{Added: rep.Added, Updated: rep.Updated, Removed: rep.Removed, Unchanged: rep.Unchanged,
		Documents: rep.Documents, Chunks: rep.Chunks, Warnings: []IndexWarningDTO{}, Skipped: skippedDTOs(rep.Skipped), WorkspaceID: ws}
	for _, w := range rep.Warnings {
		out.Warnings = append(out.Warnings, IndexWarningDTO{Path: w.Path, Message: w.Message})
	}
	if v, err := ix.Verify(ctx, content); err != nil {
		out.VerifyError = "index verification failed: " + err.Error()
	} else {
		dto := verificationDTO(v)
		out.Verify = &dto
	}
	return out
}
