package app

import (
	"continuity/backend/golden"
	"continuity/backend/teamclient"
)

// The Golden view on a team server: the same DTOs, read from and written
// to the server. An edit names the version the grid showed, so an edit of
// a set someone changed meanwhile is refused with both versions.

func (r *remote) listSets(c *core) ([]GoldenSetDTO, error) {
	sets, err := r.client.GoldenSets(c.ctx, r.ws.ID)
	if err != nil {
		return nil, err
	}
	return setDTOs(sets), nil
}

func (r *remote) getSet(c *core, name string) (GoldenSetViewDTO, error) {
	v, err := r.client.SetView(c.ctx, r.ws.ID, name)
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	c.showVersion(name, v.Set.Version)
	out := GoldenSetViewDTO{Set: setDTO(v.Set), Rows: make([]GoldenRowDTO, len(v.Rows)), Issues: validationDTOs(v.Issues),
		ValidationNote: v.Note}
	for i, row := range v.Rows {
		out.Rows[i] = rowDTO(row)
	}
	return out, nil
}

// base is the version of set the grid showed, what an edit is based on.
func (r *remote) base(c *core, set string) (int, error) {
	if v, ok := c.shownVersion(set); ok {
		return v, nil
	}
	// an edit before the grid read the set: base it on what the server has now
	v, err := r.client.SetView(c.ctx, r.ws.ID, set)
	if err != nil {
		return 0, err
	}
	return v.Set.Version, nil
}

func (r *remote) updateCell(c *core, set, rowID string, f golden.Field, value string) (GoldenSetViewDTO, error) {
	return r.editAt(c, set, func(base int) error {
		_, err := r.client.EditCell(c.ctx, r.ws.ID, set, rowID, base, string(f), value)
		return err
	})
}

func (r *remote) createSet(c *core, name, description string) (GoldenSetViewDTO, error) {
	if _, err := r.client.CreateSet(c.ctx, r.ws.ID, name, description); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return r.getSet(c, name)
}

func (r *remote) renameSet(c *core, from, to string) (GoldenSetViewDTO, error) {
	if _, err := r.client.RenameSet(c.ctx, r.ws.ID, from, to); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return r.getSet(c, to)
}

func (r *remote) deleteSet(c *core, name string) error {
	base, err := r.base(c, name)
	if err != nil {
		return err
	}
	return r.client.DeleteSet(c.ctx, r.ws.ID, name, base)
}

func (r *remote) addRow(c *core, set string) (GoldenSetViewDTO, error) {
	if _, _, err := r.client.AddRow(c.ctx, r.ws.ID, set, golden.Row{Category: golden.Routine}); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return r.getSet(c, set)
}

func (r *remote) deleteRow(c *core, set, rowID string) (GoldenSetViewDTO, error) {
	return r.editAt(c, set, func(base int) error {
		_, err := r.client.DeleteRow(c.ctx, r.ws.ID, set, rowID, base)
		return err
	})
}

func (r *remote) restore(c *core, set string, version int) (GoldenSetViewDTO, error) {
	return r.editAt(c, set, func(base int) error {
		_, err := r.client.Restore(c.ctx, r.ws.ID, set, base, version)
		return err
	})
}

// editAt makes a write based on the version the grid showed and returns
// the set as the server has it after.
func (r *remote) editAt(c *core, set string, write func(base int) error) (GoldenSetViewDTO, error) {
	base, err := r.base(c, set)
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	if err := write(base); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return r.getSet(c, set)
}

func (r *remote) versions(c *core, set string) ([]GoldenVersionDTO, error) {
	vs, err := r.client.Versions(c.ctx, r.ws.ID, set)
	if err != nil {
		return nil, err
	}
	return versionDTOs(vs), nil
}

func (r *remote) staleRows(c *core, set string) (GoldenStaleDTO, error) {
	st, err := r.client.Stale(c.ctx, r.ws.ID, set)
	if err != nil {
		return GoldenStaleDTO{}, err
	}
	return staleDTO(st), nil
}

// staleDTO numbers the findings' rows as the grid does: the export's row
// (header on row 1) less one.
func staleDTO(st teamclient.Stale) GoldenStaleDTO {
	out := GoldenStaleDTO{Set: st.Set, Rows: st.Rows, Issues: make([]GoldenIssueDTO, 0, len(st.Issues)), Engine: st.Engine, Note: st.Note}
	for _, is := range st.Issues {
		out.Issues = append(out.Issues, issueDTO(is, is.Row-1))
	}
	return out
}
