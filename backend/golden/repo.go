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

// Every edit stores a full snapshot of the rows as a new version: sets are
// hundreds of rows, so snapshots stay small, and restoring any version is a
// copy that itself becomes the newest version (history is never rewritten).
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE golden_sets (
	name            TEXT PRIMARY KEY,
	description     TEXT NOT NULL DEFAULT '',
	created_at      TEXT NOT NULL,
	current_version INTEGER NOT NULL
);
CREATE TABLE golden_versions (
	set_name  TEXT NOT NULL REFERENCES golden_sets(name) ON DELETE CASCADE,
	version   INTEGER NOT NULL,
	saved_at  TEXT NOT NULL,
	saved_by  TEXT NOT NULL,
	summary   TEXT NOT NULL,
	row_count INTEGER NOT NULL,
	rows_json TEXT NOT NULL,
	PRIMARY KEY (set_name, version)
);`}}

// Repo stores golden sets in SQLite.
type Repo struct{ db *store.DB }

// NewRepo migrates the "golden" component and returns the repo.
func NewRepo(ctx context.Context, db *store.DB) (*Repo, error) {
	if err := db.Migrate(ctx, "golden", migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db}, nil
}

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
	FROM golden_sets s JOIN golden_versions v ON v.set_name = s.name AND v.version = s.current_version`

// List returns every set, by name.
func (r *Repo) List(ctx context.Context) ([]Set, error) {
	rs, err := r.db.Reader().QueryContext(ctx, setQuery+` ORDER BY s.name`)
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
	err := r.db.Reader().QueryRowContext(ctx, setQuery+` WHERE s.name = ?`, name).
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
		`SELECT rows_json FROM golden_versions WHERE set_name = ? AND version = ?`, name, version).Scan(&raw)
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
		FROM golden_versions WHERE set_name = ? ORDER BY version DESC`, name)
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
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM golden_sets WHERE name = ?`, name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", ErrExists, name)
		}
		return insertSet(ctx, tx, name, description, by, "created", []Row{})
	})
	if err != nil {
		return Set{}, fmt.Errorf("create golden set: %w", err)
	}
	return r.Set(ctx, name)
}

// Delete removes a set and its history.
func (r *Repo) Delete(ctx context.Context, name string) error {
	res, err := r.db.Writer().ExecContext(ctx, `DELETE FROM golden_sets WHERE name = ?`, name)
	if err != nil {
		return fmt.Errorf("delete golden set %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return &NotFoundError{Name: name}
	}
	_, err = r.db.Writer().ExecContext(ctx, `DELETE FROM golden_versions WHERE set_name = ?`, name)
	return err
}

func insertSet(ctx context.Context, tx *sql.Tx, name, description, by, summary string, rows []Row) error {
	now := time.Now().UTC().Format(time.RFC3339)
	if _, err := tx.ExecContext(ctx, `INSERT INTO golden_sets(name, description, created_at, current_version) VALUES(?, ?, ?, 1)`,
		name, description, now); err != nil {
		return err
	}
	return insertVersion(ctx, tx, name, 1, by, summary, rows)
}

func insertVersion(ctx context.Context, tx *sql.Tx, name string, version int, by, summary string, rows []Row) error {
	raw, err := encodeRows(rows)
	if err != nil {
		return err
	}
	now := time.Now().UTC().Format(time.RFC3339)
	if _, err := tx.ExecContext(ctx, `INSERT INTO golden_versions(set_name, version, saved_at, saved_by, summary, row_count, rows_json)
		VALUES(?, ?, ?, ?, ?, ?, ?)`, name, version, now, by, summary, len(rows), raw); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE golden_sets SET current_version = ? WHERE name = ?`, version, name)
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
