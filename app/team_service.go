package app

import (
	"errors"
	"fmt"
	"strings"

	"continuity/backend/secret"
)

// TeamService is Settings → Team server: with one, golden sets, runs,
// scorecards, gates and baselines come from it and its edits go to it;
// checks, the corpus and the index stay on this machine.
type TeamService struct{ c *core }

// TeamStatusDTO says which store the desktop uses.
type TeamStatusDTO struct {
	Connected     bool   `json:"connected"`
	URL           string `json:"url"`
	User          string `json:"user"`
	Role          string `json:"role"`
	Workspace     string `json:"workspace"`
	WorkspaceName string `json:"workspace_name"`
	// Error says why a configured server is not used ("" when it is, or
	// when none is configured: then everything is local).
	Error string `json:"error"`
	// Note says the token is kept for this session only (no keyring).
	Note string `json:"note"`
}

// Status is the team server in force, or why the configured one is not.
func (s *TeamService) Status() TeamStatusDTO {
	s.c.ready()
	r, err := s.c.team()
	if err != nil {
		return TeamStatusDTO{Error: err.Error()}
	}
	st := statusOf(r)
	st.Note = s.c.teamNote()
	return st
}

func statusOf(r *remote) TeamStatusDTO {
	if r == nil {
		return TeamStatusDTO{}
	}
	return TeamStatusDTO{Connected: true, URL: r.url, User: r.me.Name, Role: r.me.Role, Workspace: r.ws.ID, WorkspaceName: r.ws.Name}
}

// Connect checks the server and token, keeps both in the keyring and
// follows the server from now on. Nothing is saved when the check fails.
func (s *TeamService) Connect(url, token string) (TeamStatusDTO, error) {
	s.c.ready()
	url, token = strings.TrimRight(strings.TrimSpace(url), "/"), strings.TrimSpace(token)
	if url == "" || token == "" {
		return TeamStatusDTO{}, errors.New("give the team server's address and your token (an admin prints one with `continuity team add`)")
	}
	r, err := dial(s.c.ctx, url, token)
	if err != nil {
		return TeamStatusDTO{}, err
	}
	st := statusOf(r)
	if err := s.c.sess.Secrets.SetTeam(s.c.ctx, url, token); errors.Is(err, secret.ErrKeyringUnavailable) {
		st.Note = "the OS keyring is unavailable: the token is kept for this session only; connect again after a restart"
	} else if err != nil {
		return TeamStatusDTO{}, fmt.Errorf("keep the token in the keyring: %w", err)
	}
	s.c.use(r)
	return st, nil
}

// Disconnect forgets the server: golden sets and runs are this machine's again.
func (s *TeamService) Disconnect() (TeamStatusDTO, error) {
	s.c.ready()
	// this desktop stops following at once, whatever the keyring says
	s.c.use(nil)
	err := s.c.sess.Secrets.DeleteTeam(s.c.ctx)
	switch {
	case errors.Is(err, secret.ErrKeyringUnavailable):
		// no keyring: the server was kept for this session only, and is gone
		return TeamStatusDTO{}, nil
	case err != nil:
		return TeamStatusDTO{}, fmt.Errorf("this desktop no longer follows the team server, but the keyring still holds it (it is followed again after a restart): %w", err)
	}
	return TeamStatusDTO{}, nil
}
