package app

import (
	"continuity/backend/check"
	"continuity/backend/checkview"
	"continuity/backend/retrieval"
)

// TriageCause returns the cause of the 👎 on a claim, suggesting one from
// the check's data first when none was.
func (s *CheckService) TriageCause(checkID int64, claimIndex int) (TriageCauseDTO, error) {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return TriageCauseDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return TriageCauseDTO{}, err
	} else if r != nil {
		return r.client.TriageCause(s.c.ctx, r.ws.ID, checkID, claimIndex)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	return checkview.CauseOf(s.c.ctx, repo, checkID, claimIndex, s.causeIndex)
}

// SetCause files the 👎 on a claim under cause, over the suggestion.
func (s *CheckService) SetCause(checkID int64, claimIndex int, cause string) error {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return err
	}
	if r, err := s.c.team(); err != nil {
		return err
	} else if r != nil {
		return r.client.SetCause(s.c.ctx, r.ws.ID, checkID, claimIndex, cause)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return err
	}
	return repo.SetCause(s.c.ctx, checkID, claimIndex, check.Cause(cause))
}

func (s *CheckService) suggestCause(repo *check.Repo, checkID int64, claimIndex int) (TriageCauseDTO, error) {
	ix, contentDir, err := s.causeIndex()
	if err != nil {
		return TriageCauseDTO{}, err
	}
	return checkview.SuggestCause(s.c.ctx, repo, checkID, claimIndex, ix, contentDir)
}

// causeIndex is what a cause suggestion reads: the index and the content folder.
func (s *CheckService) causeIndex() (*retrieval.Index, string, error) {
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return nil, "", err
	}
	ix, err := s.c.sess.Index(s.c.ctx)
	if err != nil {
		return nil, "", err
	}
	return ix, ws.ContentDir(), nil
}
