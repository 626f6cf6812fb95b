package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"continuity/backend/changed"
	"continuity/backend/prchecks"
)

type prCheckUpload struct {
	Ref    string         `json:"ref"`
	Report changed.Report `json:"report"`
}

// recordPRCheck keeps what CI's `check --changed --server` found.
func (s *Server) recordPRCheck(w http.ResponseWriter, r *http.Request, c *call) error {
	var in prCheckUpload
	if err := decode(r, &in); err != nil {
		return err
	}
	in.Ref = strings.TrimSpace(in.Ref)
	if len(in.Ref) > 300 || strings.ContainsAny(in.Ref, "\x00\r\n") {
		return errorf(http.StatusBadRequest, "bad_request", "ref: at most 300 characters on one line")
	}
	repo, err := prchecks.NewRepo(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	id, err := repo.Record(r.Context(), c.user.Name, in.Ref, in.Report)
	if err != nil {
		return err
	}
	if err := s.record(r.Context(), c, "pr-check.create", in.Ref, "", strconv.FormatInt(id, 10)); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": id})
	return nil
}

func (s *Server) prChecks(w http.ResponseWriter, r *http.Request, c *call) error {
	limit, err := intParam(r, "limit", 50, 1, 1000)
	if err != nil {
		return err
	}
	repo, err := prchecks.NewRepo(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	list, err := repo.List(r.Context(), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"checks": list})
	return nil
}
