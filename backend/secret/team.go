package secret

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zalando/go-keyring"
)

const (
	// teamAccount holds {"url","token"}: a team server and this person's
	// token for it; the token is only ever sent to that URL.
	teamAccount = "team-server"
	// EnvTeamURL and EnvTeamToken name a team server when the keyring holds none.
	EnvTeamURL   = "CONTINUITY_SERVER"
	EnvTeamToken = "CONTINUITY_TOKEN"
)

// Team is the team server this desktop follows and the token for it.
// The zero Team (Source "") means none.
type Team struct {
	URL    string `json:"url"`
	Token  string `json:"token"`
	Source Source `json:"-"`
}

// Team returns the configured team server: the keyring's, else the one
// kept for this session when the keyring failed, else the environment's.
func (s *Store) Team(ctx context.Context) (Team, error) {
	s.mu.Lock()
	session := s.team
	s.mu.Unlock()
	v, kerr := s.call(ctx, func() (string, error) { return s.kr.Get(service, teamAccount) })
	if kerr == nil && v != "" {
		var t Team
		if jerr := json.Unmarshal([]byte(v), &t); jerr != nil || t.URL == "" || t.Token == "" {
			return Team{}, fmt.Errorf("%w: keyring %s/%s; connect to the team server again in Settings", ErrBadEntry, service, teamAccount)
		}
		t.Source = SourceKeyring
		return t, nil
	}
	if session.Token != "" {
		return session, nil
	}
	if u, tok := s.getenv(EnvTeamURL), s.getenv(EnvTeamToken); u != "" && tok != "" {
		return Team{URL: u, Token: tok, Source: SourceEnv}, nil
	}
	if kerr != nil && !errors.Is(kerr, keyring.ErrNotFound) {
		return Team{}, kerr
	}
	return Team{}, nil
}

// SetTeam keeps a team server and its token in the keyring. When the
// keyring is unavailable they are kept for this session only and
// ErrKeyringUnavailable is returned; the token is never written to disk.
func (s *Store) SetTeam(ctx context.Context, url, token string) error {
	b, err := json.Marshal(Team{URL: url, Token: token})
	if err != nil {
		return fmt.Errorf("secret: encode team server: %w", err)
	}
	_, err = s.call(ctx, func() (string, error) { return "", s.kr.Set(service, teamAccount, string(b)) })
	s.mu.Lock()
	if err != nil {
		s.team = Team{URL: url, Token: token, Source: SourceSession}
	} else {
		s.team = Team{}
	}
	s.mu.Unlock()
	return err
}

// DeleteTeam forgets the team server in the keyring and in memory.
func (s *Store) DeleteTeam(ctx context.Context) error {
	s.mu.Lock()
	s.team = Team{}
	s.mu.Unlock()
	return s.deleteAccount(ctx, teamAccount)
}
