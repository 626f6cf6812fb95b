package app

import (
	"fmt"

	"continuity/backend/check"
	"continuity/backend/golden"
)

// GoldenFromTriageDTO is the golden row a 👎 triage item became.
type GoldenFromTriageDTO struct {
	Set string       `json:"set"`
	Row GoldenRowDTO `json:"row"`
}

// AddFromTriage turns the 👎 verdict on claim claimIndex of check checkID
// into a tricky question of set ("": the "triage" set, created when
// missing). The expert fills in the approved answer in the grid.
func (s *GoldenService) AddFromTriage(set string, checkID int64, claimIndex int, question string) (GoldenFromTriageDTO, error) {
	if set != "" {
		if err := golden.ValidateName(set); err != nil {
			return GoldenFromTriageDTO{}, err
		}
	}
	if checkID <= 0 || claimIndex < 0 {
		return GoldenFromTriageDTO{}, fmt.Errorf("%w: no triage item for check %d claim %d", check.ErrInvalid, checkID, claimIndex)
	}
	if len(question) > 4*check.MaxQuestion {
		return GoldenFromTriageDTO{}, fmt.Errorf("%w: the question is longer than %d characters", check.ErrInvalid, check.MaxQuestion)
	}
	if r, err := s.c.team(); err != nil {
		return GoldenFromTriageDTO{}, err
	} else if r != nil {
		// the 👎 is the server's: a connected desktop's checks are made there
		name, row, err := r.client.AddFromTriage(s.c.ctx, r.ws.ID, set, checkID, claimIndex, question)
		if err != nil {
			return GoldenFromTriageDTO{}, err
		}
		return GoldenFromTriageDTO{Set: name, Row: rowDTO(row)}, nil
	}
	g, err := s.repo()
	if err != nil {
		return GoldenFromTriageDTO{}, err
	}
	c, err := check.NewRepo(s.c.ctx, s.c.sess.DB, g.Workspace())
	if err != nil {
		return GoldenFromTriageDTO{}, err
	}
	name, row, err := c.AddToGolden(s.c.ctx, g, set, checkID, claimIndex, question, golden.CurrentUser())
	if err != nil {
		return GoldenFromTriageDTO{}, err
	}
	return GoldenFromTriageDTO{Set: name, Row: rowDTO(row)}, nil
}
