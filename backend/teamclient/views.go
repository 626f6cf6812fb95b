package teamclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"continuity/backend/golden"
	"continuity/backend/scoreview"
)

// What the desktop reads and edits on a team server, in the shapes its
// views show (backend/scoreview for runs), so the desktop shows a server's
// runs as it shows its own.

// Me is the token's user.
type Me struct {
	Name       string   `json:"name"`
	Role       string   `json:"role"`
	Workspaces []string `json:"workspaces"`
}

func (c *Client) Me(ctx context.Context) (Me, error) {
	var out Me
	return out, c.do(ctx, "GET", "/api/v1/me", nil, &out)
}

func wsPath(ws, rest string) string { return "/api/v1/workspaces/" + url.PathEscape(ws) + rest }

func setPath(ws, set, rest string) string {
	return wsPath(ws, "/golden-sets/"+url.PathEscape(set)+rest)
}

// GoldenSets lists the server's sets of ws.
func (c *Client) GoldenSets(ctx context.Context, ws string) ([]golden.Set, error) {
	var out struct {
		Sets []golden.Set `json:"sets"`
	}
	return out.Sets, c.do(ctx, "GET", wsPath(ws, "/golden-sets"), nil, &out)
}

// SetView is a set as the grid shows it: rows and their issues, checked
// against the server's corpus (Note says when that check did not run).
type SetView struct {
	Set    golden.Set     `json:"set"`
	Rows   []golden.Row   `json:"rows"`
	Issues []golden.Issue `json:"issues"`
	Note   string         `json:"validation_note"`
}

func (c *Client) SetView(ctx context.Context, ws, set string) (SetView, error) {
	var out SetView
	return out, c.do(ctx, "GET", setPath(ws, set, "?validate=1"), nil, &out)
}

// Conflict is an edit refused because the set moved on from its base.
type Conflict struct {
	Set        string
	Base       int
	Current    int
	CurrentRow golden.Row
	Field      string
	Yours      string
	// What names a refused write that is not a cell edit ("deleting Q004",
	// "restoring version 3"); Field and Yours are then empty.
	What string
}

func (e *Conflict) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("not saved: %q changed to version %d on the team server after the version %d you read, so %s was refused; open the set again, then redo it",
			e.Set, e.Current, e.Base, e.What)
	}
	return fmt.Sprintf("not saved: %q changed to version %d on the team server after the version %d you edited (now %q; yours %q); open the set again, then redo your edit",
		e.Set, e.Current, e.Base, e.CurrentRow.Cell(golden.Field(e.Field)), e.Yours)
}

// ErrConflict: see Conflict.
var ErrConflict = errors.New("edit of an old version")

func (e *Conflict) Unwrap() error { return ErrConflict }

// EditCell sets one field of one row as an edit of version base.
func (c *Client) EditCell(ctx context.Context, ws, set, row string, base int, field, value string) (golden.Set, error) {
	var out struct {
		Set golden.Set `json:"set"`
	}
	body := map[string]any{"base_version": base, "field": field, "value": value}
	err := c.do(ctx, "PATCH", setPath(ws, set, "/rows/"+url.PathEscape(row)), body, &out)
	var se *Error
	if errors.As(err, &se) && se.Status == http.StatusConflict {
		var b struct {
			Current    int        `json:"current_version"`
			CurrentRow golden.Row `json:"current_row"`
		}
		_ = json.Unmarshal(se.Body, &b)
		return golden.Set{}, &Conflict{Set: set, Base: base, Current: b.Current, CurrentRow: b.CurrentRow, Field: field, Yours: value}
	}
	return out.Set, err
}

func (c *Client) Versions(ctx context.Context, ws, set string) ([]golden.Version, error) {
	var out struct {
		Versions []golden.Version `json:"versions"`
	}
	return out.Versions, c.do(ctx, "GET", setPath(ws, set, "/versions"), nil, &out)
}

// Stale is a set's stale rows on the server; rows are numbered as the
// set's export shows them.
type Stale struct {
	Set    string         `json:"set"`
	Rows   int            `json:"rows"`
	Issues []golden.Issue `json:"issues"`
	Engine string         `json:"engine"`
	Note   string         `json:"note"`
}

func (c *Client) Stale(ctx context.Context, ws, set string) (Stale, error) {
	var out Stale
	return out, c.do(ctx, "GET", setPath(ws, set, "/stale"), nil, &out)
}

// RunRecords lists a set's runs as the desktop lists its own, newest first.
func (c *Client) RunRecords(ctx context.Context, ws, set string) ([]scoreview.EvalRunDTO, error) {
	var out struct {
		Runs []scoreview.EvalRunDTO `json:"runs"`
	}
	return out.Runs, c.do(ctx, "GET", wsPath(ws, "/run-records?set="+url.QueryEscape(set)), nil, &out)
}

func (c *Client) Scorecard(ctx context.Context, ws, run, baseline string) (scoreview.ScorecardDTO, error) {
	var out scoreview.ScorecardDTO
	return out, c.do(ctx, "GET", wsPath(ws, "/runs/"+url.PathEscape(run)+"/scorecard?baseline="+url.QueryEscape(baseline)), nil, &out)
}

func (c *Client) Pin(ctx context.Context, ws, run string) (scoreview.EvalRunDTO, error) {
	var out scoreview.EvalRunDTO
	return out, c.do(ctx, "POST", wsPath(ws, "/runs/"+url.PathEscape(run)+"/pin"), nil, &out)
}

// Gate is a set's gate; SetGate changes it with `eval thresholds` edits
// (metric=0.8, metric=none, metric=default).
func (c *Client) Gate(ctx context.Context, ws, set string) ([]scoreview.MetricThresholdDTO, error) {
	var out struct {
		Gate []scoreview.MetricThresholdDTO `json:"gate"`
	}
	return out.Gate, c.do(ctx, "GET", setPath(ws, set, "/thresholds"), nil, &out)
}

func (c *Client) SetGate(ctx context.Context, ws, set string, edits []string) ([]scoreview.MetricThresholdDTO, error) {
	var out struct {
		Gate []scoreview.MetricThresholdDTO `json:"gate"`
	}
	return out.Gate, c.do(ctx, "PUT", setPath(ws, set, "/thresholds"), map[string]any{"edits": edits}, &out)
}
