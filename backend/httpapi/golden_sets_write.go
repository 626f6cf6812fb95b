package httpapi

import (
	"errors"
	"net/http"

	"continuity/backend/evalrun"
	"continuity/backend/golden"
)

// maxDescription bounds a set's description, as the desktop does.
const maxDescription = 2000

type newSet struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// createGoldenSet makes an empty set (version 1).
func (s *Server) createGoldenSet(w http.ResponseWriter, r *http.Request, c *call) error {
	var in newSet
	if err := decode(r, &in); err != nil {
		return err
	}
	if len(in.Description) > maxDescription {
		return errorf(http.StatusBadRequest, "bad_request", "description: %d characters, over the %d limit", len(in.Description), maxDescription)
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	set, err := repo.Create(r.Context(), in.Name, in.Description, c.user.Name)
	if err != nil {
		return setWriteError(err)
	}
	if err := s.goldenWritten(r, c, "golden.create", set.Name, 0, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"set": set})
	return nil
}

type renameRequest struct {
	To string `json:"to"`
}

// renameGoldenSet gives a set a new name; its versions and the server's
// runs, baseline and thresholds of it move with it in one transaction.
func (s *Server) renameGoldenSet(w http.ResponseWriter, r *http.Request, c *call) error {
	var in renameRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	from := r.PathValue("set")
	set, err := evalrun.RenameSet(r.Context(), s.sess.DB, c.workspace, from, in.To)
	if err != nil {
		return setWriteError(err)
	}
	s.rows.forget(c.workspace, from)
	if err := s.record(r.Context(), c, "golden.rename", from, from, set.Name); err != nil {
		return err
	}
	s.hub.publish(event{Kind: "golden", Workspace: c.workspace, Set: set.Name, Version: set.Version})
	writeJSON(w, http.StatusOK, map[string]any{"set": set})
	return nil
}

// deleteGoldenSet removes a set and its history when it is still at the
// version the client read (?base_version=N). Runs of it stay readable.
func (s *Server) deleteGoldenSet(w http.ResponseWriter, r *http.Request, c *call) error {
	base, err := baseVersion(r)
	if err != nil {
		return err
	}
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name := r.PathValue("set")
	err = repo.DeleteAt(r.Context(), name, base)
	var conflict *golden.ConflictError
	if errors.As(err, &conflict) {
		return s.conflict(r, repo, conflict, "", map[string]any{"base_version": base, "delete": name})
	}
	if err != nil {
		return setWriteError(err)
	}
	s.rows.forget(c.workspace, name)
	if err := s.record(r.Context(), c, "golden.delete", name, version(base), ""); err != nil {
		return err
	}
	s.hub.publish(event{Kind: "golden", Workspace: c.workspace, Set: name})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func setWriteError(err error) error {
	if errors.Is(err, golden.ErrExists) {
		return errorf(http.StatusConflict, "exists", "%v", err)
	}
	return goldenWriteError(err)
}
