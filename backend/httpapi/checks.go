package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"continuity/backend/check"
	"continuity/backend/checkview"
)

// The workspace's check history: the same records and JSON as the
// desktop's Check view (checkview), so the browser's Check view reads them.

func (s *Server) checkRepo(r *http.Request, c *call) (*check.Repo, error) {
	return check.NewRepo(r.Context(), s.sess.DB, c.workspace)
}

// checkWriteError maps the check store's sentinels to statuses.
func checkWriteError(err error) error {
	switch {
	case errors.Is(err, check.ErrNotFound):
		return errorf(http.StatusNotFound, "not_found", "%v", err)
	case errors.Is(err, check.ErrInvalid):
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	return err
}

// pathID reads a positive integer path value ({check}, {claim} from 0).
func pathID(r *http.Request, name string, min int64) (int64, error) {
	v, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || v < min {
		return 0, errorf(http.StatusBadRequest, "bad_request", "%s must be a whole number from %d, got %q", name, min, r.PathValue(name))
	}
	return v, nil
}

// checkAndClaim reads {check} and, when claim is set, {claim}.
func checkAndClaim(r *http.Request, claim bool) (int64, int, error) {
	id, err := pathID(r, "check", 1)
	if err != nil || !claim {
		return id, 0, err
	}
	idx, err := pathID(r, "claim", 0)
	return id, int(idx), err
}

func (s *Server) checks(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	list, err := repo.List(r.Context())
	if err != nil {
		return err
	}
	out := make([]checkview.HistoryEntry, 0, len(list))
	for _, e := range list {
		out = append(out, checkview.FromEntry(e))
	}
	writeJSON(w, http.StatusOK, map[string]any{"checks": out})
	return nil
}

func (s *Server) getCheck(w http.ResponseWriter, r *http.Request, c *call) error {
	id, _, err := checkAndClaim(r, false)
	if err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	rec, err := repo.Get(r.Context(), id)
	if err != nil {
		return checkWriteError(err)
	}
	if f := r.URL.Query().Get("format"); f != "" {
		exp, err := checkview.ExportOf(rec, f)
		if err != nil {
			return errorf(http.StatusBadRequest, "bad_request", "%v", err)
		}
		writeJSON(w, http.StatusOK, exp)
		return nil
	}
	writeJSON(w, http.StatusOK, checkview.FromRecord(rec))
	return nil
}

func (s *Server) deleteCheck(w http.ResponseWriter, r *http.Request, c *call) error {
	id, _, err := checkAndClaim(r, false)
	if err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	if err := repo.Delete(r.Context(), id); err != nil {
		return checkWriteError(err)
	}
	target := strconv.FormatInt(id, 10)
	if err := s.record(r.Context(), c, "check.delete", "check", target, ""); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) triage(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	items, err := repo.Triage(r.Context())
	if err != nil {
		return err
	}
	out := make([]checkview.TriageItem, 0, len(items))
	for _, f := range items {
		out = append(out, checkview.FromFeedback(f))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": out})
	return nil
}
