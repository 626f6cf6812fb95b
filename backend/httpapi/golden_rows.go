package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"continuity/backend/golden"
)

// newRow is a question added to a set; every field may be left out and
// filled in by edits. The ID is assigned.
type newRow struct {
	Question        string   `json:"question"`
	Category        string   `json:"category"`
	ApprovedAnswer  string   `json:"approved_answer"`
	ReferenceDocIDs []string `json:"reference_doc_ids"`
	SupportingLine  string   `json:"supporting_line"`
	Owner           string   `json:"owner"`
	Notes           string   `json:"notes"`
	Tags            []string `json:"tags"`
}

// addGoldenRow appends a question with the next free ID. An addition
// overwrites nothing, so it is based on no version.
func (s *Server) addGoldenRow(w http.ResponseWriter, r *http.Request, c *call) error {
	var in newRow
	if err := decode(r, &in); err != nil {
		return err
	}
	cat := golden.Routine
	if in.Category != "" {
		k, ok := golden.ParseCategory(in.Category)
		if !ok {
			return errorf(http.StatusBadRequest, "bad_request", "category must be one of %v, got %q", golden.Categories, in.Category)
		}
		cat = k
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name := r.PathValue("set")
	row, set, err := repo.AddRow(r.Context(), name, golden.Row{Question: in.Question, Category: cat, ApprovedAnswer: in.ApprovedAnswer,
		ReferenceDocIDs: in.ReferenceDocIDs, SupportingLine: in.SupportingLine, Owner: in.Owner, Notes: in.Notes, Tags: in.Tags}, c.user.Name)
	if err != nil {
		return goldenWriteError(err)
	}
	if err := s.goldenWritten(r, c, "golden.add_row", name+"/"+row.ID, set.Version-1, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"row": row, "set": set})
	return nil
}

// deleteGoldenRow removes a question from the version the client read
// (?base_version=N): a row someone edited since is not deleted unseen.
func (s *Server) deleteGoldenRow(w http.ResponseWriter, r *http.Request, c *call) error {
	base, err := baseVersion(r)
	if err != nil {
		return err
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name, rowID := r.PathValue("set"), r.PathValue("row")
	set, err := repo.DeleteRowAt(r.Context(), name, base, rowID, c.user.Name)
	var conflict *golden.ConflictError
	if errors.As(err, &conflict) {
		return s.conflict(r, repo, conflict, rowID, map[string]any{"base_version": base, "delete": rowID})
	}
	if err != nil {
		return goldenWriteError(err)
	}
	if err := s.goldenWritten(r, c, "golden.delete_row", name+"/"+rowID, base, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": set})
	return nil
}

type restoreRequest struct {
	BaseVersion int `json:"base_version"`
	Version     int `json:"version"`
}

// restoreGolden makes an earlier version's rows current again, as a new
// version, when the set is still at the version the client read.
func (s *Server) restoreGolden(w http.ResponseWriter, r *http.Request, c *call) error {
	var in restoreRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	if in.BaseVersion < 1 || in.Version < 1 {
		return errorf(http.StatusBadRequest, "bad_request", "want base_version and version, each 1 or more, got %d and %d", in.BaseVersion, in.Version)
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name := r.PathValue("set")
	set, err := repo.RestoreAt(r.Context(), name, in.BaseVersion, in.Version, c.user.Name)
	var conflict *golden.ConflictError
	if errors.As(err, &conflict) {
		return s.conflict(r, repo, conflict, "", in)
	}
	if err != nil {
		return goldenWriteError(err)
	}
	if err := s.goldenWritten(r, c, "golden.restore", name+"@"+version(in.Version), in.BaseVersion, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": set})
	return nil
}

// baseVersion is a delete's ?base_version=N: the version the client read.
func baseVersion(r *http.Request) (int, error) {
	q := r.URL.Query().Get("base_version")
	base, err := strconv.Atoi(q)
	if err != nil || base < 1 {
		return 0, errorf(http.StatusBadRequest, "bad_request", "want ?base_version=N (the version you read, 1 or more), got %q", q)
	}
	return base, nil
}

func goldenWriteError(err error) error {
	switch {
	case errors.Is(err, golden.ErrNotFound), errors.Is(err, golden.ErrRowNotFound):
		return errorf(http.StatusNotFound, "not_found", "%v", err)
	case errors.Is(err, golden.ErrInvalid):
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	return err
}

// goldenWritten audit-logs a committed golden write and tells open pages.
func (s *Server) goldenWritten(r *http.Request, c *call, action, target string, before int, set golden.Set) error {
	if err := s.record(r.Context(), c, action, target, version(before), version(set.Version)); err != nil {
		return err
	}
	s.hub.publish(event{Kind: "golden", Workspace: c.workspace, Set: set.Name, Version: set.Version})
	return nil
}
