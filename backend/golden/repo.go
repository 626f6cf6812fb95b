package golden

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
	"unicode"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Sentinel errors callers branch on.
var (
	ErrNotFound    = errors.New("golden set not found")
	ErrExists      = errors.New("golden set already exists")
	ErrRowNotFound = errors.New("golden row not found")
	ErrInvalid     = errors.New("invalid golden set request")
)

// NotFoundError names the set (and version) that does not exist, so every
// face can say which without rewording; it matches ErrNotFound.
type NotFoundError struct {
	Name    string
	Version int // 0: the set itself is missing
}

func (e *NotFoundError) Error() string {
	if e.Version > 0 {
		return fmt.Sprintf("golden set %q version %d not found", e.Name, e.Version)
	}
	return fmt.Sprintf("golden set %q not found", e.Name)
}

// Is makes errors.Is(err, ErrNotFound) hold.
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

// Repo stores the golden sets of one workspace in SQLite.
type Repo struct {
	db        *store.DB
	workspace string
}

// NewRepo migrates the "golden" component and returns the repo of the
// workspace with id ws; a set name is unique within its workspace only.
func NewRepo(ctx context.Context, db *store.DB, ws string) (*Repo, error) {
	if err := workspace.MigrateScoped(ctx, db, ws, "golden sets", Component, migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db, workspace: ws}, nil
}

// Workspace is the id of the workspace the repo serves.
func (r *Repo) Workspace() string { return r.workspace }

// CurrentUser names who edits: $USER, else "desktop user".
func CurrentUser() string {
	if u := strings.TrimSpace(os.Getenv("USER")); u != "" {
		return u
	}
	return "desktop user"
}

// ValidateName rejects names that are empty, long or hold control characters.
func ValidateName(name string) error {
	if strings.TrimSpace(name) == "" || name != strings.TrimSpace(name) {
		return fmt.Errorf("%w: a set name must be non-empty with no leading or trailing spaces", ErrInvalid)
	}
	if len([]rune(name)) > 100 {
		return fmt.Errorf("%w: a set name must be at most 100 characters", ErrInvalid)
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return fmt.Errorf("%w: a set name must not contain control characters", ErrInvalid)
		}
	}
	return nil
}

const setQuery = `SELECT s.name, s.description, s.current_version, v.saved_at, v.saved_by, v.row_count
	FROM golden_sets s JOIN golden_versions v ON v.workspace_id = s.workspace_id AND v.set_name = s.name AND v.version = s.current_version
	WHERE s.workspace_id = ?`

// List returns every set, by name.
func (r *Repo) List(ctx context.Context) ([]Set, error) {
	rs, err := r.db.Reader().QueryContext(ctx, setQuery+` ORDER BY s.name`, r.workspace)
	if err != nil {
		return nil, fmt.Errorf("list golden sets: %w", err)
	}
	defer rs.Close()
	out := []Set{}
	for rs.Next() {
		var s Set
		if err := rs.Scan(&s.Name, &s.Description, &s.Version, &s.UpdatedAt, &s.UpdatedBy, &s.RowCount); err != nil {
			return nil, fmt.Errorf("list golden sets: %w", err)
		}
		out = append(out, s)
	}
	return out, rs.Err()
}

// Set returns one set's metadata at its current version.
func (r *Repo) Set(ctx context.Context, name string) (Set, error) {
	var s Set
	err := r.db.Reader().QueryRowContext(ctx, setQuery+` AND s.name = ?`, r.workspace, name).
		Scan(&s.Name, &s.Description, &s.Version, &s.UpdatedAt, &s.UpdatedBy, &s.RowCount)
	if errors.Is(err, sql.ErrNoRows) {
		return Set{}, &NotFoundError{Name: name}
	}
	if err != nil {
		return Set{}, fmt.Errorf("golden set %q: %w", name, err)
	}
	return s, nil
}

// Rows returns a set's rows at its current version, in order.
func (r *Repo) Rows(ctx context.Context, name string) ([]Row, error) {
	s, err := r.Set(ctx, name)
	if err != nil {
		return nil, err
	}
	return r.VersionRows(ctx, name, s.Version)
}

// VersionRows returns the rows a set had at one version.
func (r *Repo) VersionRows(ctx context.Context, name string, version int) ([]Row, error) {
	var raw string
	err := r.db.Reader().QueryRowContext(ctx,
		`SELECT rows_json FROM golden_versions WHERE workspace_id = ? AND set_name = ? AND version = ?`, r.workspace, name, version).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, &NotFoundError{Name: name, Version: version}
	}
	if err != nil {
		return nil, fmt.Errorf("golden set %q version %d: %w", name, version, err)
	}
	return decodeRows(raw)
}

// Versions lists a set's saved versions, newest first.
func (r *Repo) Versions(ctx context.Context, name string) ([]Version, error) {
	if _, err := r.Set(ctx, name); err != nil {
		return nil, err
	}
	rs, err := r.db.Reader().QueryContext(ctx, `SELECT version, saved_at, saved_by, summary, row_count
		FROM golden_versions WHERE workspace_id = ? AND set_name = ? ORDER BY version DESC`, r.workspace, name)
	if err != nil {
		return nil, fmt.Errorf("versions of %q: %w", name, err)
	}
	defer rs.Close()
	out := []Version{}
	for rs.Next() {
		var v Version
		if err := rs.Scan(&v.Version, &v.SavedAt, &v.SavedBy, &v.Summary, &v.RowCount); err != nil {
			return nil, fmt.Errorf("versions of %q: %w", name, err)
		}
		out = append(out, v)
	}
	return out, rs.Err()
}

// Create makes an empty set (version 1).
func (r *Repo) Create(ctx context.Context, name, description, by string) (Set, error) {
	if err := ValidateName(name); err != nil {
		return Set{}, err
	}
	err := r.db.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", ErrExists, name)
		}
		return r.insertSet(ctx, tx, name, description, by, "created", []Row{})
	})
	if err != nil {
		return Set{}, fmt.Errorf("create golden set: %w", err)
	}
	return r.Set(ctx, name)
}

// Delete removes a set and its history in one transaction, so a crash
// leaves the set whole or gone.
func (r *Repo) Delete(ctx context.Context, name string) error {
	err := r.db.Tx(ctx, func(tx *sql.Tx) error { return r.deleteSet(ctx, tx, name) })
	var missing *NotFoundError
	if err == nil || errors.As(err, &missing) {
		return err // the error names the set already
	}
	return fmt.Errorf("delete golden set %q: %w", name, err)
}

// deleteSet removes a set's versions, then the set; NotFoundError when
// there is none.
func (r *Repo) deleteSet(ctx context.Context, tx *sql.Tx, name string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM golden_versions WHERE workspace_id = ? AND set_name = ?`, r.workspace, name); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return &NotFoundError{Name: name}
	}
	return nil
}

func (r *Repo) insertSet(ctx context.Context, tx *sql.Tx, name, description, by, summary string, rows []Row) error {
	now := time.Now().UTC().Format(time.RFC3339)
	if _, err := tx.ExecContext(ctx, `INSERT INTO golden_sets(workspace_id, name, description, created_at, current_version) VALUES(?, ?, ?, ?, 1)`,
		r.workspace, name, description, now); err != nil {
		return err
	}
	return r.insertVersion(ctx, tx, name, 1, by, summary, rows)
}

func (r *Repo) insertVersion(ctx context.Context, tx *sql.Tx, name string, version int, by, summary string, rows []Row) error {
	raw, err := encodeRows(rows)
	if err != nil {
		return err
	}
	now := time.Now().UTC().Format(time.RFC3339)
	if _, err := tx.ExecContext(ctx, `INSERT INTO golden_versions(workspace_id, set_name, version, saved_at, saved_by, summary, row_count, rows_json)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?)`, r.workspace, name, version, now, by, summary, len(rows), raw); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE golden_sets SET current_version = ? WHERE workspace_id = ? AND name = ?`, version, r.workspace, name)
	return err
}

func encodeRows(rows []Row) (string, error) {
	norm := make([]Row, len(rows))
	for i, r := range rows {
		norm[i] = r.normalize()
	}
	b, err := json.Marshal(norm)
	if err != nil {
		return "", fmt.Errorf("encode rows: %w", err)
	}
	return string(b), nil
}

func decodeRows(raw string) ([]Row, error) {
	var rows []Row
	if err := json.Unmarshal([]byte(raw), &rows); err != nil {
		return nil, fmt.Errorf("decode stored rows: %w", err)
	}
	for i := range rows {
		rows[i] = rows[i].normalize()
	}
	return rows, nil
}
