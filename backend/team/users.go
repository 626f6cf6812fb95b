package team

import (
	"context"
	"fmt"
)

// Users lists every user with their grants, disabled ones included.
func (s *Store) Users(ctx context.Context) ([]User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, role, created_at, COALESCE(disabled_at, '') FROM team_users ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("users: %w", err)
	}
	var out []User
	for rows.Next() {
		var u User
		var role string
		if err := rows.Scan(&u.ID, &u.Name, &role, &u.CreatedAt, &u.DisabledAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("users: %w", err)
		}
		u.Role = Role(role)
		out = append(out, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("users: %w", err)
	}
	for i := range out {
		if out[i].Workspaces, err = s.grants(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Record appends one write to the audit log. The server records after the
// write commits, so the log never names a write that did not happen.
func (s *Store) Record(ctx context.Context, e Entry) error {
	if e.At == "" {
		e.At = now()
	}
	_, err := s.db.ExecContext(ctx, s.d.bind(`INSERT INTO team_audit (at, user_id, user_name, action, workspace_id, target, before_id, after_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), e.At, e.UserID, e.UserName, e.Action, e.Workspace, e.Target, e.BeforeID, e.AfterID)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// Entries is the audit log, newest first, at most limit entries.
func (s *Store) Entries(ctx context.Context, limit int) ([]Entry, error) {
	if limit <= 0 || limit > 10000 {
		limit = 10000
	}
	rows, err := s.db.QueryContext(ctx, s.d.bind(`SELECT id, at, user_id, user_name, action, workspace_id, target, before_id, after_id
		FROM team_audit ORDER BY id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID, &e.At, &e.UserID, &e.UserName, &e.Action, &e.Workspace, &e.Target, &e.BeforeID, &e.AfterID); err != nil {
			return nil, fmt.Errorf("audit log: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
