package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
)

func (s *Server) goldenRepo(r *http.Request, c *call) (*golden.Repo, error) {
	return golden.NewRepo(r.Context(), s.sess.DB, c.workspace)
}

func (s *Server) goldenSets(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	sets, err := repo.List(r.Context())
	if err != nil {
		return err
	}
	if sets == nil {
		sets = []golden.Set{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"sets": sets})
	return nil
}

func (s *Server) goldenSet(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name := r.PathValue("set")
	set, err := repo.Set(r.Context(), name)
	if err != nil {
		return notFound(err, golden.ErrNotFound)
	}
	key := rowKey{workspace: c.workspace, set: name, version: set.Version}
	rows, ok := s.rows.get(key)
	if !ok {
		if rows, err = repo.VersionRows(r.Context(), name, set.Version); err != nil {
			return err
		}
		s.rows.put(key, rows)
	}
	out := map[string]any{"set": set, "rows": rows}
	if r.URL.Query().Get("validate") == "1" { // the grid's issues; scripts reading rows skip the corpus checks
		var docs golden.DocLookup
		d, docsErr := s.sess.Docs(r.Context())
		if docsErr == nil {
			docs = d
		}
		issues, note, err := goldenset.IssuesOrNote(r.Context(), rows, docs, docsErr)
		if err != nil {
			return err
		}
		out["issues"], out["validation_note"] = issues, note
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// goldenVersions lists a set's saved versions, newest first: who saved
// each, when, and what changed.
func (s *Server) goldenVersions(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	vs, err := repo.Versions(r.Context(), r.PathValue("set"))
	if err != nil {
		return notFound(err, golden.ErrNotFound)
	}
	if vs == nil {
		vs = []golden.Version{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"versions": vs})
	return nil
}

type cellEdit struct {
	BaseVersion int    `json:"base_version"`
	Field       string `json:"field"`
	Value       string `json:"value"`
}

// editGoldenRow sets one field of one row. The client says which version
// it edited; when the set has moved on, nothing is written and the answer
// holds both the current row and the refused edit.
func (s *Server) editGoldenRow(w http.ResponseWriter, r *http.Request, c *call) error {
	var in cellEdit
	if err := decode(r, &in); err != nil {
		return err
	}
	f, ok := golden.ParseField(in.Field)
	if !ok || in.BaseVersion < 1 {
		return errorf(http.StatusBadRequest, "bad_request", "want base_version ≥ 1 and a field (question, category, approved_answer, …), got %d and %q", in.BaseVersion, in.Field)
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name, rowID := r.PathValue("set"), r.PathValue("row")
	set, err := repo.UpdateCellAt(r.Context(), name, in.BaseVersion, rowID, f, in.Value, c.user.Name)
	var conflict *golden.ConflictError
	switch {
	case errors.As(err, &conflict):
		return s.conflict(r, repo, conflict, rowID, in)
	case err != nil:
		return goldenWriteError(err)
	}
	if err := s.goldenWritten(r, c, "golden.edit", name+"/"+rowID, in.BaseVersion, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": set})
	return nil
}

// conflict is the refusal of a write based on a version the set has
// moved past: the current version, the row as it reads now (rowID ""
// names none), and the refused write.
func (s *Server) conflict(r *http.Request, repo *golden.Repo, ce *golden.ConflictError, rowID string, yours any) error {
	ae := errorf(http.StatusConflict, "conflict", "%v; nothing was saved", ce)
	ae.extra = map[string]any{"current_version": ce.Current, "yours": yours}
	if rows, err := repo.VersionRows(r.Context(), ce.Name, ce.Current); err == nil {
		for _, row := range rows {
			if rowID != "" && row.ID == rowID {
				ae.extra["current_row"] = row
			}
		}
	}
	return ae
}

func version(n int) string { return "v" + strconv.Itoa(n) }
