package team

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"
)

// SessionTTL is how long a browser stays signed in without signing in again.
const SessionTTL = 12 * time.Hour

// Session is a browser's sign-in: the cookie's secret (only its hash is
// stored) and the CSRF token every write from that browser must repeat.
type Session struct {
	ID      string    `json:"-"`
	CSRF    string    `json:"csrf"`
	User    User      `json:"user"`
	Expires time.Time `json:"expires"`
}

// StartSession signs a browser in with an API token: the token is checked
// as Authenticate checks it and never stored in the browser.
func (s *Store) StartSession(ctx context.Context, token string) (Session, error) {
	u, err := s.Authenticate(ctx, token)
	if err != nil {
		return Session{}, err
	}
	id, csrf := randomSecret(), randomSecret()
	created := time.Now().UTC()
	expires := created.Add(SessionTTL)
	if _, err := s.db.ExecContext(ctx, s.d.bind(`INSERT INTO team_sessions (hash, user_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`),
		hashToken(id), u.ID, csrf, created.Format(time.RFC3339Nano), expires.Format(time.RFC3339Nano)); err != nil {
		return Session{}, fmt.Errorf("start session: %w", err)
	}
	return Session{ID: id, CSRF: csrf, User: u, Expires: expires}, nil
}

// SessionUser returns the session a cookie names. Unknown, expired and a
// disabled user are one error, as for tokens.
func (s *Store) SessionUser(ctx context.Context, id string) (Session, error) {
	if id == "" || len(id) > 100 {
		return Session{}, ErrUnauthorized
	}
	var se Session
	var role, expires string
	err := s.db.QueryRowContext(ctx, s.d.bind(`SELECT u.id, u.name, u.role, u.created_at, x.csrf, x.expires_at FROM team_sessions x
		JOIN team_users u ON u.id = x.user_id
		WHERE x.hash = ? AND u.disabled_at IS NULL`), hashToken(id)).
		Scan(&se.User.ID, &se.User.Name, &role, &se.User.CreatedAt, &se.CSRF, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, ErrUnauthorized
	}
	if err != nil {
		return Session{}, fmt.Errorf("session: %w", err)
	}
	if se.Expires, err = time.Parse(time.RFC3339Nano, expires); err != nil || time.Now().After(se.Expires) {
		return Session{}, ErrUnauthorized
	}
	se.ID, se.User.Role = id, Role(role)
	if se.User.Workspaces, err = s.grants(ctx, se.User.ID); err != nil {
		return Session{}, err
	}
	return se, nil
}

// EndSession signs a browser out; ending an unknown session is no error.
func (s *Store) EndSession(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, s.d.bind(`DELETE FROM team_sessions WHERE hash = ?`), hashToken(id)); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}

func randomSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}
