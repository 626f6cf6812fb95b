package golden

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrConflict: an edit was made on a version the set has moved past.
var ErrConflict = errors.New("the golden set changed since this edit began")

// ConflictError names the version an edit was based on and the current one,
// so a face can show both instead of overwriting either.
type ConflictError struct {
	Name          string
	Base, Current int
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("golden set %q: edit based on version %d, but it is at version %d now", e.Name, e.Base, e.Current)
}

func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// UpdateCellAt is UpdateCell for an editor that read version base: it is
// refused with a ConflictError when someone saved another version since,
// so two experts editing one set never silently overwrite each other.
func (r *Repo) UpdateCellAt(ctx context.Context, name string, base int, rowID string, f Field, value, by string) (Set, error) {
	if base < 1 {
		return Set{}, fmt.Errorf("%w: base version %d", ErrInvalid, base)
	}
	if f == FieldID {
		return Set{}, fmt.Errorf("%w: the ID is assigned automatically and cannot be edited", ErrInvalid)
	}
	if _, ok := ParseField(string(f)); !ok {
		return Set{}, fmt.Errorf("%w: unknown field %q", ErrInvalid, f)
	}
	return r.mutateTxAt(ctx, name, by, base, editCell(rowID, f, value))
}

// DeleteRowAt is DeleteRow for an editor that read version base: a row
// someone edited since is not deleted unseen.
func (r *Repo) DeleteRowAt(ctx context.Context, name string, base int, rowID, by string) (Set, error) {
	if base < 1 {
		return Set{}, fmt.Errorf("%w: base version %d", ErrInvalid, base)
	}
	return r.mutateTxAt(ctx, name, by, base, func(_ *sql.Tx, rows []Row) ([]Row, string, error) { return deleteRow(rows, rowID) })
}

// RestoreAt is Restore for an editor that read version base: edits saved
// since are not rolled back unseen.
func (r *Repo) RestoreAt(ctx context.Context, name string, base, version int, by string) (Set, error) {
	if base < 1 || version < 1 {
		return Set{}, fmt.Errorf("%w: base version %d, version %d", ErrInvalid, base, version)
	}
	old, err := r.VersionRows(ctx, name, version)
	if err != nil {
		return Set{}, err
	}
	return r.mutateTxAt(ctx, name, by, base, func(*sql.Tx, []Row) ([]Row, string, error) {
		return old, fmt.Sprintf("restored version %d", version), nil
	})
}

// DeleteAt is Delete for an editor that read version base, in one
// transaction: a set someone saved since is not deleted unseen.
func (r *Repo) DeleteAt(ctx context.Context, name string, base int) error {
	if base < 1 {
		return fmt.Errorf("%w: base version %d", ErrInvalid, base)
	}
	err := r.db.Tx(ctx, func(tx *sql.Tx) error {
		var cur int
		err := tx.QueryRowContext(ctx, `SELECT current_version FROM golden_sets WHERE workspace_id = ? AND name = ?`, r.workspace, name).Scan(&cur)
		if errors.Is(err, sql.ErrNoRows) {
			return &NotFoundError{Name: name}
		}
		if err != nil {
			return err
		}
		if cur != base {
			return &ConflictError{Name: name, Base: base, Current: cur}
		}
		return r.deleteSet(ctx, tx, name)
	})
	if err != nil {
		return fmt.Errorf("delete golden set %q: %w", name, err)
	}
	return nil
}
