package app

import (
	"fmt"

	"continuity/backend/check"
)

// TriageCauseDTO is what a 👎 is filed as: Cause (the writer's choice or
// the suggestion), CauseSuggested and why it was suggested.
type TriageCauseDTO struct {
	Cause          string   `json:"cause"`
	CauseSuggested string   `json:"cause_suggested"`
	CauseWhy       string   `json:"cause_why"`
	Causes         []string `json:"causes"` // every cause, in the order to offer them
}

func causeNames() []string {
	out := make([]string, len(check.Causes))
	for i, c := range check.Causes {
		out[i] = string(c)
	}
	return out
}

// TriageCause returns the cause of the 👎 on a claim, suggesting one from
// the check's data first when none was (is the cited passage still indexed
// and in its file, was the document the note names retrieved).
func (s *CheckService) TriageCause(checkID int64, claimIndex int) (TriageCauseDTO, error) {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return TriageCauseDTO{}, err
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	rec, err := repo.Get(s.c.ctx, checkID)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	f, ok := rec.Feedback[claimIndex]
	if !ok || f.Vote != check.VoteDown {
		return TriageCauseDTO{}, fmt.Errorf("%w: no 👎 on check %d claim %d", check.ErrInvalid, checkID, claimIndex)
	}
	if f.CauseSuggested == "" {
		return s.suggestCause(repo, checkID, claimIndex)
	}
	return TriageCauseDTO{Cause: string(f.Cause), CauseSuggested: string(f.CauseSuggested), CauseWhy: f.CauseWhy, Causes: causeNames()}, nil
}

// SetCause files the 👎 on a claim under cause, over the suggestion.
func (s *CheckService) SetCause(checkID int64, claimIndex int, cause string) error {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return err
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return err
	}
	return repo.SetCause(s.c.ctx, checkID, claimIndex, check.Cause(cause))
}

func (s *CheckService) suggestCause(repo *check.Repo, checkID int64, claimIndex int) (TriageCauseDTO, error) {
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	ix, err := s.c.sess.Index(s.c.ctx)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	if _, err := repo.SuggestAndSaveCause(s.c.ctx, checkID, claimIndex, ix, ws.ContentDir()); err != nil {
		return TriageCauseDTO{}, err
	}
	rec, err := repo.Get(s.c.ctx, checkID)
	if err != nil {
		return TriageCauseDTO{}, err
	}
	f := rec.Feedback[claimIndex]
	return TriageCauseDTO{Cause: string(f.Cause), CauseSuggested: string(f.CauseSuggested), CauseWhy: f.CauseWhy, Causes: causeNames()}, nil
}
