package httpapi

import (
	"errors"
	"net/http"

	"continuity/backend/team"
)

func (s *Server) users(w http.ResponseWriter, r *http.Request, _ *call) error {
	list, err := s.team.Users(r.Context())
	if err != nil {
		return err
	}
	if list == nil {
		list = []team.User{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"users": list})
	return nil
}

type newUser struct {
	Name       string   `json:"name"`
	Role       string   `json:"role"`
	Workspaces []string `json:"workspaces"`
}

// addUser creates a user and answers with their token, the only time it is shown.
func (s *Server) addUser(w http.ResponseWriter, r *http.Request, c *call) error {
	var in newUser
	if err := decode(r, &in); err != nil {
		return err
	}
	role, err := team.ParseRole(in.Role)
	if err != nil {
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	u, token, err := s.team.AddUser(r.Context(), in.Name, role, in.Workspaces)
	switch {
	case errors.Is(err, team.ErrExists):
		return errorf(http.StatusConflict, "exists", "%v", err)
	case errors.Is(err, team.ErrInvalid):
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	case err != nil:
		return err
	}
	if err := s.record(r.Context(), c, "user.create", u.Name, "", u.ID); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"user": u, "token": token})
	return nil
}

func (s *Server) auditLog(w http.ResponseWriter, r *http.Request, _ *call) error {
	limit, err := intParam(r, "limit", 200, 1, 10000)
	if err != nil {
		return err
	}
	list, err := s.team.Entries(r.Context(), limit)
	if err != nil {
		return err
	}
	if list == nil {
		list = []team.Entry{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": list})
	return nil
}
