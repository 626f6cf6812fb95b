package workdraft

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Replaced is a working draft that a whole new draft (a file opened or
// dropped, a sample, a reopened check) took the place of. It is kept in
// the database beside the working draft, so Undo survives a reload or a
// restart, until the next replacement or until the writer dismisses it.
type Replaced struct {
	Text     string
	FileName string
	Cursor   int
	// By names what replaced it, as the face put it (a file name, "a
	// checked draft"): shown to the writer, opaque here.
	By string
	At time.Time
}

// Words is the replaced draft's length in words, as the editor counts them.
func (r Replaced) Words() int { return len(strings.Fields(r.Text)) }

// Replace makes text (from fileName, "" for none) the working draft as a
// whole new draft, with the caret at its start, and returns it. The draft
// it replaces is kept for Undo when it has words and was edited since it
// was itself opened (a file opened and left alone can be opened again);
// otherwise nothing is kept and an older kept draft is dropped, so Undo
// always goes back one replacement. by names the new draft for the writer.
func (s *Store) Replace(ctx context.Context, text, fileName, by string) (Draft, *Replaced, error) {
	if len(text) > MaxTextBytes {
		return Draft{}, nil, fmt.Errorf("replace working draft: %w: the text is %d bytes; the limit is %d", ErrTooLarge, len(text), MaxTextBytes)
	}
	if !utf8.ValidString(text) {
		return Draft{}, nil, fmt.Errorf("replace working draft: %w: the text is not valid UTF-8", ErrInvalid)
	}
	name, err := cleanFileName(fileName)
	if err != nil {
		return Draft{}, nil, err
	}
	if by, err = cleanLabel(by); err != nil {
		return Draft{}, nil, err
	}
	return s.put(ctx, func(*sql.Tx) (Replaced, error) {
		return Replaced{Text: text, FileName: name, By: by}, nil
	}, true)
}

// ErrNothingReplaced means Undo found no replaced draft to bring back.
var ErrNothingReplaced = errors.New("no replaced draft to bring back")

// Restore brings the kept draft back as the working draft, with its file
// name and caret, and forgets it. It counts as edited, so a later
// replacement keeps it again; the draft it takes the place of is kept in
// turn when it was edited (by names it: the kept draft's "undo"), so Undo
// loses nothing either.
func (s *Store) Restore(ctx context.Context, by string) (Draft, *Replaced, error) {
	by, err := cleanLabel(by)
	if err != nil {
		return Draft{}, nil, err
	}
	return s.put(ctx, func(tx *sql.Tx) (Replaced, error) {
		var r Replaced
		err := tx.QueryRowContext(ctx, `SELECT text, file_name, cursor FROM replaced_drafts WHERE workspace_id = ?`, s.workspace).
			Scan(&r.Text, &r.FileName, &r.Cursor)
		if errors.Is(err, sql.ErrNoRows) {
			return Replaced{}, fmt.Errorf("undo the replacement: %w", ErrNothingReplaced)
		}
		if err != nil {
			return Replaced{}, fmt.Errorf("read the replaced draft: %w", err)
		}
		r.By = by
		return r, nil
	}, false)
}

// put makes the draft next returns (read inside the transaction) the
// working draft, keeping the current one as replaced when it has words
// and was edited since it was opened, and dropping the kept one
// otherwise. opened marks the new draft as opened (unedited) rather than
// as edited.
func (s *Store) put(ctx context.Context, next func(*sql.Tx) (Replaced, error), opened bool) (Draft, *Replaced, error) {
	now := time.Now().UTC()
	at := now.Format(stamp)
	var kept *Replaced
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		n, err := next(tx)
		if err != nil {
			return err
		}
		var cur Draft
		var openedAt int64
		err = tx.QueryRowContext(ctx, `SELECT text, file_name, cursor, version, opened_version FROM working_drafts
			WHERE workspace_id = ?`, s.workspace).Scan(&cur.Text, &cur.FileName, &cur.Cursor, &cur.Version, &openedAt)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read working draft: %w", err)
		}
		if strings.TrimSpace(cur.Text) != "" && cur.Version != openedAt && cur.Text != n.Text {
			kept = &Replaced{Text: cur.Text, FileName: cur.FileName, Cursor: cur.Cursor, By: n.By, At: now}
			_, err = tx.ExecContext(ctx, `INSERT INTO replaced_drafts(workspace_id, text, file_name, cursor, replaced_by, replaced_at)
				VALUES(?, ?, ?, ?, ?, ?)
				ON CONFLICT(workspace_id) DO UPDATE SET text = excluded.text, file_name = excluded.file_name,
					cursor = excluded.cursor, replaced_by = excluded.replaced_by, replaced_at = excluded.replaced_at`,
				s.workspace, kept.Text, kept.FileName, kept.Cursor, kept.By, at)
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM replaced_drafts WHERE workspace_id = ?`, s.workspace)
		}
		if err != nil {
			return fmt.Errorf("keep the replaced draft: %w", err)
		}
		// opened_version is the version the new text gets when it is
		// opened, else 0 (never equal to a saved version: edited)
		_, err = tx.ExecContext(ctx, `INSERT INTO working_drafts(workspace_id, text, file_name, cursor, version, saved_at, opened_version)
			VALUES(?, ?, ?, ?, 1, ?, ?)
			ON CONFLICT(workspace_id) DO UPDATE SET
				version        = version + (text IS NOT excluded.text),
				opened_version = CASE WHEN excluded.opened_version = 0 THEN 0 ELSE version + (text IS NOT excluded.text) END,
				text           = excluded.text,
				file_name      = excluded.file_name,
				cursor         = excluded.cursor,
				saved_at       = excluded.saved_at`, s.workspace, n.Text, n.FileName, min(max(n.Cursor, 0), len(n.Text)), at, boolInt(opened))
		if err != nil {
			return fmt.Errorf("replace working draft: %w", err)
		}
		return nil
	})
	if err != nil {
		return Draft{}, nil, err
	}
	d, err := s.Get(ctx)
	return d, kept, err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Replaced returns the draft kept by the last replacement, nil when none is.
func (s *Store) Replaced(ctx context.Context) (*Replaced, error) {
	var r Replaced
	var at string
	err := s.db.Reader().QueryRowContext(ctx, `SELECT text, file_name, cursor, replaced_by, replaced_at FROM replaced_drafts
		WHERE workspace_id = ?`, s.workspace).Scan(&r.Text, &r.FileName, &r.Cursor, &r.By, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the replaced draft: %w", err)
	}
	if r.At, err = time.Parse(stamp, at); err != nil {
		return nil, fmt.Errorf("replaced draft: stored time %q: %w", at, err)
	}
	return &r, nil
}

// DropReplaced forgets the kept draft: the writer dismissed the offer to
// take it back. Dropping none is no error.
func (s *Store) DropReplaced(ctx context.Context) error {
	if _, err := s.db.Writer().ExecContext(ctx, `DELETE FROM replaced_drafts WHERE workspace_id = ?`, s.workspace); err != nil {
		return fmt.Errorf("forget the replaced draft: %w", err)
	}
	return nil
}

// cleanLabel bounds the name of what replaced a draft like a file name.
func cleanLabel(by string) (string, error) {
	switch {
	case !utf8.ValidString(by) || strings.ContainsFunc(by, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", fmt.Errorf("replace working draft: %w: the name of the new draft is not plain text", ErrInvalid)
	case len(by) > MaxFileName:
		return "", fmt.Errorf("replace working draft: %w: the name of the new draft is longer than %d bytes", ErrInvalid, MaxFileName)
	}
	return by, nil
}
