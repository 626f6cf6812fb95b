package app

import (
	"continuity/backend/goldenstale"
)

// GoldenStaleDTO lists a set's stale rows for the Golden view and the run
// panel: reference documents gone, archived or renamed, supporting lines
// no longer in their document, approved answers the corpus contradicts.
type GoldenStaleDTO struct {
	Set    string           `json:"set"`
	Rows   int              `json:"rows"` // distinct stale rows
	Issues []GoldenIssueDTO `json:"issues"`
	Engine string           `json:"engine"`         // the claims engine that judged approved answers
	Note   string           `json:"note,omitempty"` // a check that did not run, and why
}

// StaleRows checks a stored set's current rows against the workspace and
// the freshly synced index. Rows are numbered as the set's export shows
// them (the header on row 1).
func (s *GoldenService) StaleRows(set string) (GoldenStaleDTO, error) {
	if r, err := s.c.team(); err != nil {
		return GoldenStaleDTO{}, err
	} else if r != nil {
		return r.staleRows(s.c, set)
	}
	r, err := s.repo()
	if err != nil {
		return GoldenStaleDTO{}, err
	}
	ctx := s.c.ctx
	rows, err := r.Rows(ctx, set)
	if err != nil {
		return GoldenStaleDTO{}, err
	}
	f, err := goldenstale.ForSession(ctx, s.c.sess)
	if err != nil {
		return GoldenStaleDTO{}, err
	}
	res, err := f.Find(ctx, rows, goldenstale.ExportRowNums(len(rows)))
	if err != nil {
		return GoldenStaleDTO{}, err
	}
	pos := make(map[string]int, len(rows))
	for i, row := range rows {
		if _, dup := pos[row.ID]; !dup {
			pos[row.ID] = i + 1
		}
	}
	out := GoldenStaleDTO{Set: set, Rows: res.Rows(), Issues: make([]GoldenIssueDTO, 0, len(res.Issues)), Engine: res.Engine, Note: res.Skipped}
	for _, is := range res.Issues {
		out.Issues = append(out.Issues, issueDTO(is, pos[is.RowID]))
	}
	return out, nil
}
