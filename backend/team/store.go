package team

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Store is the team's users, tokens and audit log in one database.
type Store struct {
	db *sql.DB
	d  Dialect
}

// Open migrates the team tables of db (an engine of dialect d) and returns
// the store. The caller keeps db and closes it.
func Open(ctx context.Context, db *sql.DB, d Dialect) (*Store, error) {
	if d != SQLite && d != Postgres {
		return nil, fmt.Errorf("%w: dialect %q", ErrInvalid, d)
	}
	if err := migrate(ctx, db, d); err != nil {
		return nil, err
	}
	return &Store{db: db, d: d}, nil
}

// Dialect is the engine the store runs on.
func (s *Store) Dialect() Dialect { return s.d }

// Ping says whether the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

var userName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$`)

// tokenPrefix marks a Continuity token, so secret scanners can find a leaked one.
const tokenPrefix = "ctn_"

// AddUser creates a user with a role and the workspaces they may use and
// returns their first token. The token is shown only now: the store keeps
// its SHA-256 (a 256-bit random token needs no slow hash to resist guessing).
func (s *Store) AddUser(ctx context.Context, name string, role Role, workspaces []string) (User, string, error) {
	if !userName.MatchString(name) {
		return User{}, "", fmt.Errorf("%w: user name %q (letters, digits, . _ @ -; at most 64)", ErrInvalid, name)
	}
	if _, err := ParseRole(string(role)); err != nil {
		return User{}, "", err
	}
	ws, err := cleanWorkspaces(workspaces)
	if err != nil {
		return User{}, "", err
	}
	u := User{ID: newID("u"), Name: name, Role: role, Workspaces: ws, CreatedAt: now()}
	token, hash := newToken()
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.d.bind(`SELECT COUNT(*) FROM team_users WHERE name = ?`), name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: user %q", ErrExists, name)
		}
		if _, err := tx.ExecContext(ctx, s.d.bind(`INSERT INTO team_users (id, name, role, created_at) VALUES (?, ?, ?, ?)`),
			u.ID, u.Name, string(u.Role), u.CreatedAt); err != nil {
			return err
		}
		for _, w := range ws {
			if _, err := tx.ExecContext(ctx, s.d.bind(`INSERT INTO team_grants (user_id, workspace_id) VALUES (?, ?)`), u.ID, w); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.d.bind(`INSERT INTO team_tokens (hash, user_id, label, created_at) VALUES (?, ?, ?, ?)`),
			hash, u.ID, "first", u.CreatedAt)
		return err
	})
	if err != nil {
		return User{}, "", fmt.Errorf("add user %q: %w", name, err)
	}
	return u, token, nil
}

func cleanWorkspaces(in []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, w := range in {
		w = strings.TrimSpace(w)
		if w == "" || seen[w] {
			continue
		}
		if len(w) > 200 || strings.ContainsAny(w, "\x00\r\n") {
			return nil, fmt.Errorf("%w: workspace %q", ErrInvalid, w)
		}
		seen[w] = true
		out = append(out, w)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: a user needs at least one workspace (or %q for all)", ErrInvalid, AllWorkspaces)
	}
	return out, nil
}

// Authenticate returns the user a token names. Unknown, revoked and
// disabled are one error, so a caller learns nothing about which.
func (s *Store) Authenticate(ctx context.Context, token string) (User, error) {
	if !strings.HasPrefix(token, tokenPrefix) || len(token) > 100 {
		return User{}, ErrUnauthorized
	}
	var u User
	var role string
	err := s.db.QueryRowContext(ctx, s.d.bind(`SELECT u.id, u.name, u.role, u.created_at FROM team_tokens t
		JOIN team_users u ON u.id = t.user_id
		WHERE t.hash = ? AND t.revoked_at IS NULL AND u.disabled_at IS NULL`), hashToken(token)).Scan(&u.ID, &u.Name, &role, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrUnauthorized
	}
	if err != nil {
		return User{}, fmt.Errorf("authenticate: %w", err)
	}
	u.Role = Role(role)
	if u.Workspaces, err = s.grants(ctx, u.ID); err != nil {
		return User{}, err
	}
	return u, nil
}

func (s *Store) grants(ctx context.Context, userID string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.d.bind(`SELECT workspace_id FROM team_grants WHERE user_id = ? ORDER BY workspace_id`), userID)
	if err != nil {
		return nil, fmt.Errorf("grants: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// NewToken issues another token for a user (a second machine, a CI job).
func (s *Store) NewToken(ctx context.Context, name, label string) (string, error) {
	u, err := s.user(ctx, name)
	if err != nil {
		return "", err
	}
	token, hash := newToken()
	if _, err := s.db.ExecContext(ctx, s.d.bind(`INSERT INTO team_tokens (hash, user_id, label, created_at) VALUES (?, ?, ?, ?)`),
		hash, u.ID, label, now()); err != nil {
		return "", fmt.Errorf("new token for %q: %w", name, err)
	}
	return token, nil
}

// Disable locks a user out: every token of theirs stops working at once.
func (s *Store) Disable(ctx context.Context, name string) error {
	res, err := s.db.ExecContext(ctx, s.d.bind(`UPDATE team_users SET disabled_at = ? WHERE name = ? AND disabled_at IS NULL`), now(), name)
	if err != nil {
		return fmt.Errorf("disable %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: user %q", ErrNotFound, name)
	}
	return nil
}

func (s *Store) user(ctx context.Context, name string) (User, error) {
	var u User
	var role string
	err := s.db.QueryRowContext(ctx, s.d.bind(`SELECT id, name, role, created_at FROM team_users WHERE name = ? AND disabled_at IS NULL`), name).
		Scan(&u.ID, &u.Name, &role, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("%w: user %q", ErrNotFound, name)
	}
	if err != nil {
		return User{}, fmt.Errorf("user %q: %w", name, err)
	}
	u.Role = Role(role)
	u.Workspaces, err = s.grants(ctx, u.ID)
	return u, err
}

func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func newToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	token = tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func newID(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + "_" + hex.EncodeToString(b)
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }
