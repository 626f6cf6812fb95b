package check

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Sentinel errors callers branch on.
var (
	ErrNotFound = errors.New("check not found")
	ErrInvalid  = errors.New("invalid check request")
	ErrTooLarge = errors.New("check too large for the history")
)

// A history row is bounded: the draft as the CLI reads it (8 MiB), and
// the report, which the engines' claim cap keeps far below its limit (a
// 2,000-claim check with three cited chunks per claim is a few MiB).
const (
	MaxDraftBytes  = 8 << 20
	MaxReportBytes = 32 << 20
)

// Votes a writer can give a verdict.
const (
	VoteUp   = "up"
	VoteDown = "down"
)

// MaxNote bounds a feedback note.
const MaxNote = 2000

// Source names the face a check was asked from; the history shows it.
type Source string

// The faces that check drafts.
const (
	SourceCLI     Source = "cli"
	SourceDesktop Source = "desktop"
	SourceMCP     Source = "mcp"    // an AI assistant through `continuity mcp`
	SourceServer  Source = "server" // a client of `continuity serve`
)

// Record is one stored check.
type Record struct {
	ID        int64
	CreatedAt time.Time
	Source    Source
	Title     string
	Draft     string
	Report    Report
	Feedback  map[int]Feedback // by claim index
	// Dismissed holds the findings the writer dismissed, with why.
	Dismissed map[Finding]Dismissal
	// DraftVersion is the working-draft version checked; 0 when unknown.
	DraftVersion int64
}

// Entry is one line of the history list.
type Entry struct {
	ID        int64
	CreatedAt time.Time
	Source    Source
	Title     string
	Engine    string
	Model     string
	Summary   Summary
}

// Summary mirrors the verdict counts of a stored report.
type Summary struct{ Supported, Contradicted, NotCovered int }

// Feedback is a writer's vote on one claim's verdict.
type Feedback struct {
	CheckID    int64
	ClaimIndex int
	Vote       string
	Note       string
	ClaimText  string
	Verdict    string
	ChunkIDs   []string
	Engine     string
	Model      string
	DraftTitle string
	UpdatedAt  time.Time
	// GoldenSet and GoldenRowID name the golden row made from this item;
	// empty until it is added (see AddToGolden).
	GoldenSet   string
	GoldenRowID string
	// Cause files a 👎 (see triage_cause.go); CauseSuggested and CauseWhy
	// are what the check's data suggested. Empty for a 👍.
	Cause          Cause
	CauseSuggested Cause
	CauseWhy       string
}

// Repo stores one workspace's checks and feedback in SQLite.
type Repo struct {
	db        *store.DB
	workspace string
}

// NewRepo migrates the "checks" component and returns the repo of the
// workspace with id ws: its history and triage list hold only the checks
// made there.
func NewRepo(ctx context.Context, db *store.DB, ws string) (*Repo, error) {
	if err := workspace.MigrateScoped(ctx, db, ws, "check history", Component, migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db, workspace: ws}, nil
}

// Workspace is the id of the workspace the repo serves.
func (r *Repo) Workspace() string { return r.workspace }

const stamp = time.RFC3339Nano

// Save stores a finished check and returns its ID.
func (r *Repo) Save(ctx context.Context, source Source, draft string, rep Report) (int64, error) {
	return r.SaveVersion(ctx, source, draft, 0, rep)
}

// SaveVersion is Save for a check of working-draft version version.
func (r *Repo) SaveVersion(ctx context.Context, source Source, draft string, version int64, rep Report) (int64, error) {
	if len(draft) > MaxDraftBytes {
		return 0, fmt.Errorf("save check: %w: the draft is %d bytes, the history keeps drafts of at most %d", ErrTooLarge, len(draft), MaxDraftBytes)
	}
	body, err := json.Marshal(rep)
	if err != nil {
		return 0, fmt.Errorf("save check: %w", err)
	}
	if len(body) > MaxReportBytes {
		return 0, fmt.Errorf("save check: %w: the report of %d claims is %d bytes, the history keeps reports of at most %d; check the draft in parts",
			ErrTooLarge, len(rep.Claims), len(body), MaxReportBytes)
	}
	pv, err := json.Marshal(rep.PromptVersions)
	if err != nil {
		return 0, fmt.Errorf("save check: %w", err)
	}
	res, err := r.db.Writer().ExecContext(ctx, `INSERT INTO checks(workspace_id, created_at, source, title, draft, engine, model, prompt_versions, report_json, draft_version)
		VALUES(?,?,?,?,?,?,?,?,?,?)`, r.workspace, time.Now().UTC().Format(stamp), source, Title(draft), draft, rep.Engine, rep.Model, string(pv), string(body), version)
	if err != nil {
		return 0, fmt.Errorf("save check: %w", err)
	}
	return res.LastInsertId()
}

// List returns the history, newest first.
func (r *Repo) List(ctx context.Context) ([]Entry, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT id, created_at, source, title, engine, model, report_json FROM checks
		WHERE workspace_id = ? ORDER BY id DESC`, r.workspace)
	if err != nil {
		return nil, fmt.Errorf("list checks: %w", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var at, body string
		if err := rows.Scan(&e.ID, &at, &e.Source, &e.Title, &e.Engine, &e.Model, &body); err != nil {
			return nil, fmt.Errorf("list checks: %w", err)
		}
		var rep struct {
			Summary struct {
				Supported    int `json:"supported"`
				Contradicted int `json:"contradicted"`
				NotCovered   int `json:"not_covered"`
			} `json:"summary"`
		}
		if err := json.Unmarshal([]byte(body), &rep); err != nil {
			return nil, fmt.Errorf("check %d: stored report is unreadable: %w", e.ID, err)
		}
		e.Summary = Summary{rep.Summary.Supported, rep.Summary.Contradicted, rep.Summary.NotCovered}
		e.CreatedAt, _ = time.Parse(stamp, at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// Get returns one check with its feedback.
func (r *Repo) Get(ctx context.Context, id int64) (Record, error) {
	var rec Record
	var at, body string
	err := r.db.Reader().QueryRowContext(ctx, `SELECT id, created_at, source, title, draft, report_json, draft_version FROM checks
		WHERE id = ? AND workspace_id = ?`, id, r.workspace).
		Scan(&rec.ID, &at, &rec.Source, &rec.Title, &rec.Draft, &body, &rec.DraftVersion)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, fmt.Errorf("%w: %d", ErrNotFound, id)
	}
	if err != nil {
		return Record{}, fmt.Errorf("get check %d: %w", id, err)
	}
	if err := json.Unmarshal([]byte(body), &rec.Report); err != nil {
		return Record{}, fmt.Errorf("check %d: stored report is unreadable: %w", id, err)
	}
	rec.CreatedAt, _ = time.Parse(stamp, at)
	fb, err := r.feedback(ctx, `AND check_id = ?`, id)
	if err != nil {
		return Record{}, err
	}
	rec.Feedback = map[int]Feedback{}
	for _, f := range fb {
		rec.Feedback[f.ClaimIndex] = f
	}
	if rec.Dismissed, err = r.dismissals(ctx, id); err != nil {
		return Record{}, err
	}
	return rec, nil
}

// Delete removes a check and its dismissals; its 👎 triage rows stay.
func (r *Repo) Delete(ctx context.Context, id int64) error {
	res, err := r.db.Writer().ExecContext(ctx, `DELETE FROM checks WHERE id = ? AND workspace_id = ?`, id, r.workspace)
	if err != nil {
		return fmt.Errorf("delete check %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %d", ErrNotFound, id)
	}
	if _, err := r.db.Writer().ExecContext(ctx, `DELETE FROM check_dismissals WHERE check_id = ? AND workspace_id = ?`, id, r.workspace); err != nil {
		return fmt.Errorf("delete check %d: %w", id, err)
	}
	return nil
}

// SetFeedback records a vote on claim claimIndex of check id; vote "" clears it.
func (r *Repo) SetFeedback(ctx context.Context, id int64, claimIndex int, vote, note string) error {
	if vote != VoteUp && vote != VoteDown && vote != "" {
		return fmt.Errorf("%w: vote must be up, down or empty, got %q", ErrInvalid, vote)
	}
	if utf8.RuneCountInString(note) > MaxNote || !utf8.ValidString(note) {
		return fmt.Errorf("%w: a note must be valid text of at most %d characters", ErrInvalid, MaxNote)
	}
	rec, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	if claimIndex < 0 || claimIndex >= len(rec.Report.Claims) {
		return fmt.Errorf("%w: check %d has %d claims, no claim %d", ErrInvalid, id, len(rec.Report.Claims), claimIndex)
	}
	if vote == "" {
		_, err := r.db.Writer().ExecContext(ctx, `DELETE FROM check_feedback WHERE check_id = ? AND claim_index = ? AND workspace_id = ?`, id, claimIndex, r.workspace)
		return err
	}
	c := rec.Report.Claims[claimIndex]
	ids := make([]string, 0, len(c.Evidence))
	for _, e := range c.Evidence {
		ids = append(ids, e.ChunkID)
	}
	idsJSON, _ := json.Marshal(ids)
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO check_feedback(workspace_id, check_id, claim_index, vote, note, claim_text, verdict, chunk_ids, engine, model, draft_title, updated_at)
		VALUES(?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT(check_id, claim_index) DO UPDATE SET vote = excluded.vote, note = excluded.note, updated_at = excluded.updated_at,
			cause = CASE WHEN excluded.vote = 'down' THEN cause ELSE '' END`,
		r.workspace, id, claimIndex, vote, note, c.Text, c.Verdict, string(idsJSON), rec.Report.Engine, rec.Report.Model, rec.Title, time.Now().UTC().Format(stamp))
	if err != nil {
		return fmt.Errorf("save feedback: %w", err)
	}
	return nil
}

// Triage lists every 👎 claim of the workspace, newest first: verdicts a
// writer disputed, ready to become golden-set questions.
func (r *Repo) Triage(ctx context.Context) ([]Feedback, error) {
	return r.feedback(ctx, `AND vote = 'down' ORDER BY updated_at DESC, check_id DESC, claim_index`)
}

// feedback reads the workspace's feedback rows; and continues the WHERE.
func (r *Repo) feedback(ctx context.Context, and string, args ...any) ([]Feedback, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT check_id, claim_index, vote, note, claim_text, verdict, chunk_ids, engine, model, draft_title, updated_at, golden_set, golden_row_id, cause, cause_suggested, cause_why
		FROM check_feedback WHERE workspace_id = ? `+and, append([]any{r.workspace}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("read feedback: %w", err)
	}
	defer rows.Close()
	out := []Feedback{}
	for rows.Next() {
		var f Feedback
		var ids, at string
		if err := rows.Scan(&f.CheckID, &f.ClaimIndex, &f.Vote, &f.Note, &f.ClaimText, &f.Verdict, &ids, &f.Engine, &f.Model, &f.DraftTitle, &at, &f.GoldenSet, &f.GoldenRowID, &f.Cause, &f.CauseSuggested, &f.CauseWhy); err != nil {
			return nil, fmt.Errorf("read feedback: %w", err)
		}
		if err := json.Unmarshal([]byte(ids), &f.ChunkIDs); err != nil {
			return nil, fmt.Errorf("feedback for check %d claim %d: %w", f.CheckID, f.ClaimIndex, err)
		}
		f.UpdatedAt, _ = time.Parse(stamp, at)
		out = append(out, f)
	}
	return out, rows.Err()
}
