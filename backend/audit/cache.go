package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"continuity/backend/claims"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Component is this package's name in schema_migrations.
const Component = "audit"

// audit_results holds one row per audited document (see doc.go);
// audit_status the reviewer's word on a conflict, by its stable key, so it
// survives re-audits.
var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE audit_results (
	workspace_id TEXT NOT NULL,
	doc_id       TEXT NOT NULL,
	doc_hash     TEXT NOT NULL,
	model        TEXT NOT NULL,
	checked_json TEXT NOT NULL,
	findings_json TEXT NOT NULL,
	claims       INTEGER NOT NULL,
	updated_at   TEXT NOT NULL,
	PRIMARY KEY (workspace_id, doc_id)
);
CREATE TABLE audit_status (
	workspace_id TEXT NOT NULL,
	conflict_key TEXT NOT NULL,
	status       TEXT NOT NULL CHECK (status IN ('resolved','intended')),
	note         TEXT NOT NULL,
	updated_at   TEXT NOT NULL,
	PRIMARY KEY (workspace_id, conflict_key)
);`}}

// ErrInvalid means a Mark request was malformed.
var ErrInvalid = errors.New("invalid audit request")

// MaxNote bounds a resolution note.
const MaxNote = 2000

// finding is one contradicted claim of the audited document and the
// passage of another document that contradicts it, as the engine gave it.
type finding struct {
	Claim      claims.Claim    `json:"claim"`
	Evidence   claims.Evidence `json:"evidence"`
	Confidence float64         `json:"confidence"`
	Flags      []string        `json:"flags,omitempty"` // claims.FlagCutSentence
}

// cached is one audit_results row.
type cached struct {
	DocHash  string
	Model    string
	Checked  map[string]string // other doc id -> content hash checked against
	Findings []finding
	Claims   int
}

// Repo is one workspace's audit cache and conflict statuses.
type Repo struct {
	db *store.DB
	ws string
}

// NewRepo migrates the component and returns workspace ws's repo.
func NewRepo(ctx context.Context, db *store.DB, ws string) (*Repo, error) {
	if err := workspace.MigrateScoped(ctx, db, ws, "corpus audit", Component, migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db, ws: ws}, nil
}

func (r *Repo) load(ctx context.Context) (map[string]cached, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT doc_id, doc_hash, model, checked_json, findings_json, claims
		FROM audit_results WHERE workspace_id = ?`, r.ws)
	if err != nil {
		return nil, fmt.Errorf("audit cache: %w", err)
	}
	defer rows.Close()
	out := map[string]cached{}
	for rows.Next() {
		var id, checked, findings string
		var c cached
		if err := rows.Scan(&id, &c.DocHash, &c.Model, &checked, &findings, &c.Claims); err != nil {
			return nil, fmt.Errorf("audit cache: %w", err)
		}
		if err := json.Unmarshal([]byte(checked), &c.Checked); err != nil {
			return nil, fmt.Errorf("audit cache of %s: %w", id, err)
		}
		if err := json.Unmarshal([]byte(findings), &c.Findings); err != nil {
			return nil, fmt.Errorf("audit cache of %s: %w", id, err)
		}
		out[id] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("audit cache: %w", err)
	}
	return out, nil
}

func (r *Repo) save(ctx context.Context, docID string, c cached) error {
	checked, err := json.Marshal(c.Checked)
	if err != nil {
		return fmt.Errorf("audit cache of %s: %w", docID, err)
	}
	if c.Findings == nil {
		c.Findings = []finding{}
	}
	findings, err := json.Marshal(c.Findings)
	if err != nil {
		return fmt.Errorf("audit cache of %s: %w", docID, err)
	}
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO audit_results
		(workspace_id, doc_id, doc_hash, model, checked_json, findings_json, claims, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (workspace_id, doc_id) DO UPDATE SET doc_hash = excluded.doc_hash, model = excluded.model,
			checked_json = excluded.checked_json, findings_json = excluded.findings_json,
			claims = excluded.claims, updated_at = excluded.updated_at`,
		r.ws, docID, c.DocHash, c.Model, string(checked), string(findings), c.Claims, time.Now().UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("audit cache of %s: %w", docID, err)
	}
	return nil
}

// forget drops the rows of documents no longer in the index.
func (r *Repo) forget(ctx context.Context, docIDs []string) error {
	for _, id := range docIDs {
		if _, err := r.db.Writer().ExecContext(ctx, `DELETE FROM audit_results WHERE workspace_id = ? AND doc_id = ?`, r.ws, id); err != nil {
			return fmt.Errorf("audit cache of %s: %w", id, err)
		}
	}
	return nil
}

// Mark sets a conflict's status: StatusResolved or StatusIntended with a
// note, or StatusOpen to clear it.
func (r *Repo) Mark(ctx context.Context, key, status, note string) error {
	if key == "" {
		return fmt.Errorf("mark conflict: %w: no conflict key", ErrInvalid)
	}
	if len(note) > MaxNote {
		return fmt.Errorf("mark conflict: %w: the note is %d bytes, at most %d", ErrInvalid, len(note), MaxNote)
	}
	var err error
	switch status {
	case StatusOpen:
		_, err = r.db.Writer().ExecContext(ctx, `DELETE FROM audit_status WHERE workspace_id = ? AND conflict_key = ?`, r.ws, key)
	case StatusResolved, StatusIntended:
		_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO audit_status (workspace_id, conflict_key, status, note, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (workspace_id, conflict_key) DO UPDATE SET
			status = excluded.status, note = excluded.note, updated_at = excluded.updated_at`,
			r.ws, key, status, note, time.Now().UTC().Format(time.RFC3339Nano))
	default:
		return fmt.Errorf("mark conflict: %w: status must be open, resolved or intended, got %q", ErrInvalid, status)
	}
	if err != nil {
		return fmt.Errorf("mark conflict %s: %w", key, err)
	}
	return nil
}

type status struct{ status, note string }

func (r *Repo) statuses(ctx context.Context) (map[string]status, error) {
	rows, err := r.db.Reader().QueryContext(ctx, `SELECT conflict_key, status, note FROM audit_status WHERE workspace_id = ?`, r.ws)
	if err != nil {
		return nil, fmt.Errorf("conflict statuses: %w", err)
	}
	defer rows.Close()
	out := map[string]status{}
	for rows.Next() {
		var k string
		var s status
		if err := rows.Scan(&k, &s.status, &s.note); err != nil {
			return nil, fmt.Errorf("conflict statuses: %w", err)
		}
		out[k] = s
	}
	if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("conflict statuses: %w", err)
	}
	return out, nil
}
