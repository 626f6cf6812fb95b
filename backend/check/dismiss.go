package check

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Kinds of finding a writer can dismiss.
const (
	KindClaim = "claim"
	KindVoice = "voice"
)

// Finding names one finding of a check: a claim or a voice issue, by its
// index in the stored report.
type Finding struct {
	Kind  string
	Index int
}

// MarshalText names a finding "claim:3", so a Record (whose Dismissed map
// it keys) encodes as JSON.
func (f Finding) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "%s:%d", f.Kind, f.Index), nil
}

// UnmarshalText reads what MarshalText wrote.
func (f *Finding) UnmarshalText(b []byte) error {
	kind, index, ok := strings.Cut(string(b), ":")
	n, err := strconv.Atoi(index)
	if !ok || err != nil || (kind != KindClaim && kind != KindVoice) {
		return fmt.Errorf("%w: finding %q is not kind:index", ErrInvalid, b)
	}
	f.Kind, f.Index = kind, n
	return nil
}

// Dismissal is a writer's decision that a finding needs no change, and why.
type Dismissal struct {
	Reason    string
	UpdatedAt time.Time
}

// Dismiss records that finding index of kind ("claim" or "voice") in
// check id needs no change, for reason; an empty reason restores it.
//
// A dismissed claim is also a 👎 with the reason as its note, so it
// reaches triage like any disputed verdict; restoring it clears that 👎
// unless the writer changed it since.
func (r *Repo) Dismiss(ctx context.Context, id int64, kind string, index int, reason string) error {
	reason = strings.TrimSpace(reason)
	if kind != KindClaim && kind != KindVoice {
		return fmt.Errorf("%w: kind must be claim or voice, got %q", ErrInvalid, kind)
	}
	if utf8.RuneCountInString(reason) > MaxNote || !utf8.ValidString(reason) {
		return fmt.Errorf("%w: a reason must be valid text of at most %d characters", ErrInvalid, MaxNote)
	}
	rec, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	n := len(rec.Report.Claims)
	if kind == KindVoice {
		n = len(rec.Report.Voice)
	}
	if index < 0 || index >= n {
		return fmt.Errorf("%w: check %d has %d %s findings, no %s %d", ErrInvalid, id, n, kind, kind, index)
	}
	if reason == "" {
		return r.restore(ctx, rec, Finding{kind, index})
	}
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO check_dismissals(workspace_id, check_id, kind, item_index, reason, updated_at)
		VALUES(?,?,?,?,?,?)
		ON CONFLICT(check_id, kind, item_index) DO UPDATE SET reason = excluded.reason, updated_at = excluded.updated_at`,
		r.workspace, id, kind, index, reason, time.Now().UTC().Format(stamp))
	if err != nil {
		return fmt.Errorf("dismiss %s %d of check %d: %w", kind, index, id, err)
	}
	if kind == KindClaim {
		return r.SetFeedback(ctx, id, index, VoteDown, reason)
	}
	return nil
}

// restore removes a dismissal, and the 👎 it made when it is unchanged.
func (r *Repo) restore(ctx context.Context, rec Record, f Finding) error {
	prev, ok := rec.Dismissed[f]
	if !ok {
		return nil
	}
	_, err := r.db.Writer().ExecContext(ctx, `DELETE FROM check_dismissals WHERE check_id = ? AND kind = ? AND item_index = ? AND workspace_id = ?`,
		rec.ID, f.Kind, f.Index, r.workspace)
	if err != nil {
		return fmt.Errorf("restore %s %d of check %d: %w", f.Kind, f.Index, rec.ID, err)
	}
	if fb, ok := rec.Feedback[f.Index]; f.Kind == KindClaim && ok && fb.Vote == VoteDown && fb.Note == prev.Reason {
		return r.SetFeedback(ctx, rec.ID, f.Index, "", "")
	}
	return nil
}

// dismissals reads check id's dismissed findings.
func (r *Repo) dismissals(ctx context.Context, id int64) (map[Finding]Dismissal, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT kind, item_index, reason, updated_at FROM check_dismissals
		WHERE check_id = ? AND workspace_id = ?`, id, r.workspace)
	if err != nil {
		return nil, fmt.Errorf("read dismissals of check %d: %w", id, err)
	}
	defer rows.Close()
	out := map[Finding]Dismissal{}
	for rows.Next() {
		var f Finding
		var d Dismissal
		var at string
		if err := rows.Scan(&f.Kind, &f.Index, &d.Reason, &at); err != nil {
			return nil, fmt.Errorf("read dismissals of check %d: %w", id, err)
		}
		d.UpdatedAt, _ = time.Parse(stamp, at)
		out[f] = d
	}
	return out, rows.Err()
}
