package app

import (
	"fmt"
	"os"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

// GoldenService manages golden question sets.
type GoldenService struct{ c *core }

// repo is the golden sets of the workspace in force. It is opened per call
// (a cheap migration check), so a workspace switch is seen at once.
func (s *GoldenService) repo() (*golden.Repo, error) {
	s.c.ready()
	ws, err := s.c.sess.WorkspaceID(s.c.ctx)
	if err != nil {
		return nil, err
	}
	return golden.NewRepo(s.c.ctx, s.c.sess.DB, ws)
}

// WorkspaceFile reports the workspace's golden set file.
func (s *GoldenService) WorkspaceFile() (GoldenStatusDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return GoldenStatusDTO{}, err
	}
	_, statErr := os.Stat(ws.GoldenPath())
	return GoldenStatusDTO{Path: ws.GoldenPath(), Exists: statErr == nil}, nil
}

// ListSets returns every golden set of the workspace in force.
func (s *GoldenService) ListSets() ([]GoldenSetDTO, error) {
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.listSets(s.c)
	}
	r, err := s.repo()
	if err != nil {
		return nil, err
	}
	sets, err := r.List(s.c.ctx)
	if err != nil {
		return nil, err
	}
	return setDTOs(sets), nil
}

// GetSet returns a set's rows with every validation issue.
func (s *GoldenService) GetSet(name string) (GoldenSetViewDTO, error) {
	if err := golden.ValidateName(name); err != nil {
		return GoldenSetViewDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.getSet(s.c, name)
	}
	r, err := s.repo()
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	return s.view(r, name)
}

func (s *GoldenService) view(r *golden.Repo, name string) (GoldenSetViewDTO, error) {
	ctx := s.c.ctx
	st, err := r.Set(ctx, name)
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	rows, err := r.Rows(ctx, name)
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	v := GoldenSetViewDTO{Set: setDTO(st), Rows: make([]GoldenRowDTO, len(rows))}
	for i, row := range rows {
		v.Rows[i] = rowDTO(row)
	}
	var docs golden.DocLookup
	d, docsErr := s.c.sess.Docs(ctx)
	if docsErr == nil {
		docs = d
	}
	issues, note, err := goldenset.IssuesOrNote(ctx, rows, docs, docsErr)
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	v.ValidationNote, v.Issues = note, validationDTOs(issues)
	return v, nil
}

// CreateSet makes an empty set.
func (s *GoldenService) CreateSet(name, description string) (GoldenSetViewDTO, error) {
	if len(description) > 2000 {
		return GoldenSetViewDTO{}, fmt.Errorf("%w: description longer than 2000 characters", golden.ErrInvalid)
	}
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.createSet(s.c, name, description)
	}
	r, err := s.repo()
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	if _, err := r.Create(s.c.ctx, name, description, golden.CurrentUser()); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return s.view(r, name)
}

// DeleteSet removes a set and its history.
func (s *GoldenService) DeleteSet(name string) error {
	if err := golden.ValidateName(name); err != nil {
		return err
	}
	if r, err := s.c.team(); err != nil {
		return err
	} else if r != nil {
		return r.deleteSet(s.c, name)
	}
	r, err := s.repo()
	if err != nil {
		return err
	}
	return r.Delete(s.c.ctx, name)
}

// UpdateCell saves one edited cell at once and returns the refreshed set.
func (s *GoldenService) UpdateCell(set, rowID, field, value string) (GoldenSetViewDTO, error) {
	f, ok := golden.ParseField(field)
	if !ok {
		return GoldenSetViewDTO{}, fmt.Errorf("%w: unknown field %q", golden.ErrInvalid, field)
	}
	if len([]rune(value)) > xlsx.MaxCellChars {
		return GoldenSetViewDTO{}, fmt.Errorf("%w: %s is longer than %d characters", golden.ErrInvalid, f.Label(), xlsx.MaxCellChars)
	}
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.updateCell(s.c, set, rowID, f, value)
	}
	return s.edit(set, rowID, func(r *golden.Repo) error {
		_, err := r.UpdateCell(s.c.ctx, set, rowID, f, value, golden.CurrentUser())
		return err
	})
}

// AddRow appends an empty routine row with the next ID.
func (s *GoldenService) AddRow(set string) (GoldenSetViewDTO, error) {
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.addRow(s.c, set)
	}
	return s.edit(set, "", func(r *golden.Repo) error {
		_, _, err := r.AddRow(s.c.ctx, set, golden.Row{Category: golden.Routine}, golden.CurrentUser())
		return err
	})
}

// DeleteRow removes one row.
func (s *GoldenService) DeleteRow(set, rowID string) (GoldenSetViewDTO, error) {
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.deleteRow(s.c, set, rowID)
	}
	return s.edit(set, rowID, func(r *golden.Repo) error {
		_, err := r.DeleteRow(s.c.ctx, set, rowID, golden.CurrentUser())
		return err
	})
}

func (s *GoldenService) edit(set, rowID string, fn func(*golden.Repo) error) (GoldenSetViewDTO, error) {
	if err := golden.ValidateName(set); err != nil {
		return GoldenSetViewDTO{}, err
	}
	if len(rowID) > 200 {
		return GoldenSetViewDTO{}, fmt.Errorf("%w: row ID too long", golden.ErrInvalid)
	}
	r, err := s.repo()
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	if err := fn(r); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return s.view(r, set)
}

// Versions lists a set's saved versions, newest first.
func (s *GoldenService) Versions(set string) ([]GoldenVersionDTO, error) {
	if err := golden.ValidateName(set); err != nil {
		return nil, err
	}
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.versions(s.c, set)
	}
	r, err := s.repo()
	if err != nil {
		return nil, err
	}
	vs, err := r.Versions(s.c.ctx, set)
	if err != nil {
		return nil, err
	}
	return versionDTOs(vs), nil
}

// Restore makes an earlier version current (as a new version).
func (s *GoldenService) Restore(set string, version int) (GoldenSetViewDTO, error) {
	if version < 1 {
		return GoldenSetViewDTO{}, fmt.Errorf("%w: version must be 1 or more", golden.ErrInvalid)
	}
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.restore(s.c, set, version)
	}
	return s.edit(set, "", func(r *golden.Repo) error {
		_, err := r.Restore(s.c.ctx, set, version, golden.CurrentUser())
		return err
	})
}
