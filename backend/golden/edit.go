package golden

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strconv"
)

// mutate applies fn to a set's current rows and saves the result as the
// next version in one transaction, so concurrent edits never lose each other.
func (r *Repo) mutate(ctx context.Context, name, by string, fn func(rows []Row) ([]Row, string, error)) (Set, error) {
	return r.mutateTx(ctx, name, by, func(_ *sql.Tx, rows []Row) ([]Row, string, error) { return fn(rows) })
}

// mutateTx is mutate with the transaction handed to fn, for edits that must
// commit together with a write elsewhere in the database.
func (r *Repo) mutateTx(ctx context.Context, name, by string, fn func(tx *sql.Tx, rows []Row) ([]Row, string, error)) (Set, error) {
	return r.mutateTxAt(ctx, name, by, 0, fn)
}

// mutateTxAt is mutateTx that refuses, inside the transaction, an edit made
// on a version other than base (0: any version).
func (r *Repo) mutateTxAt(ctx context.Context, name, by string, base int, fn func(tx *sql.Tx, rows []Row) ([]Row, string, error)) (Set, error) {
	err := r.db.Tx(ctx, func(tx *sql.Tx) error {
		var cur int
		var raw string
		err := tx.QueryRowContext(ctx, `SELECT s.current_version, v.rows_json FROM golden_sets s
			JOIN golden_versions v ON v.workspace_id = s.workspace_id AND v.set_name = s.name AND v.version = s.current_version
			WHERE s.workspace_id = ? AND s.name = ?`, r.workspace, name).Scan(&cur, &raw)
		if errors.Is(err, sql.ErrNoRows) {
			return &NotFoundError{Name: name}
		}
		if err != nil {
			return err
		}
		if base != 0 && base != cur {
			return &ConflictError{Name: name, Base: base, Current: cur}
		}
		rows, err := decodeRows(raw)
		if err != nil {
			return err
		}
		next, summary, err := fn(tx, rows)
		if err != nil {
			return err
		}
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM golden_versions WHERE workspace_id = ? AND set_name = ?`, r.workspace, name).Scan(&last); err != nil {
			return err
		}
		return r.insertVersion(ctx, tx, name, last+1, by, summary, next)
	})
	if err != nil {
		return Set{}, fmt.Errorf("save golden set %q: %w", name, err)
	}
	return r.Set(ctx, name)
}

// Save replaces a set's rows (an import), creating the set when it is new.
func (r *Repo) Save(ctx context.Context, name, description, by, summary string, rows []Row) (Set, error) {
	if err := ValidateName(name); err != nil {
		return Set{}, err
	}
	err := r.db.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, name).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return r.insertSet(ctx, tx, name, description, by, summary, rows)
		}
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM golden_versions WHERE workspace_id = ? AND set_name = ?`, r.workspace, name).Scan(&last); err != nil {
			return err
		}
		return r.insertVersion(ctx, tx, name, last+1, by, summary, rows)
	})
	if err != nil {
		return Set{}, fmt.Errorf("save golden set %q: %w", name, err)
	}
	return r.Set(ctx, name)
}

// UpdateCell sets one field of one row. The ID is assigned, never edited.
func (r *Repo) UpdateCell(ctx context.Context, name, rowID string, f Field, value, by string) (Set, error) {
	if f == FieldID {
		return Set{}, fmt.Errorf("%w: the ID is assigned automatically and cannot be edited", ErrInvalid)
	}
	if _, ok := ParseField(string(f)); !ok {
		return Set{}, fmt.Errorf("%w: unknown field %q", ErrInvalid, f)
	}
	return r.mutateTx(ctx, name, by, editCell(rowID, f, value))
}

func editCell(rowID string, f Field, value string) func(*sql.Tx, []Row) ([]Row, string, error) {
	return func(_ *sql.Tx, rows []Row) ([]Row, string, error) {
		for i := range rows {
			if rows[i].ID == rowID {
				rows[i].Set(f, value)
				return rows, fmt.Sprintf("edited %s %s", rowID, f.Label()), nil
			}
		}
		return nil, "", fmt.Errorf("%w: %q", ErrRowNotFound, rowID)
	}
}

// AddRow appends a row with the next free ID (Q001, Q002, …) and returns it.
func (r *Repo) AddRow(ctx context.Context, name string, row Row, by string) (Row, Set, error) {
	var added Row
	s, err := r.mutate(ctx, name, by, func(rows []Row) ([]Row, string, error) {
		row.ID = NextID(rows)
		added = row.normalize()
		return append(rows, added), "added " + row.ID, nil
	})
	return added, s, err
}

// DeleteRow removes one row.
func (r *Repo) DeleteRow(ctx context.Context, name, rowID, by string) (Set, error) {
	return r.mutate(ctx, name, by, func(rows []Row) ([]Row, string, error) { return deleteRow(rows, rowID) })
}

func deleteRow(rows []Row, rowID string) ([]Row, string, error) {
	for i := range rows {
		if rows[i].ID == rowID {
			return append(rows[:i:i], rows[i+1:]...), "deleted " + rowID, nil
		}
	}
	return nil, "", fmt.Errorf("%w: %q", ErrRowNotFound, rowID)
}

// Restore makes an earlier version's rows current again, as a new version.
func (r *Repo) Restore(ctx context.Context, name string, version int, by string) (Set, error) {
	old, err := r.VersionRows(ctx, name, version)
	if err != nil {
		return Set{}, err
	}
	return r.mutate(ctx, name, by, func([]Row) ([]Row, string, error) {
		return old, fmt.Sprintf("restored version %d", version), nil
	})
}

var idNum = regexp.MustCompile(`^Q(\d+)$`)

// NextID is one more than the highest Q-number in rows, zero-padded to 3.
func NextID(rows []Row) string {
	max := 0
	for _, r := range rows {
		if m := idNum.FindStringSubmatch(r.ID); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > max {
				max = n
			}
		}
	}
	return fmt.Sprintf("Q%03d", max+1)
}
