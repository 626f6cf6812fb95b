package teamclient

import (
	"context"
	"fmt"
	"net/url"

	"continuity/backend/checkview"
	"continuity/backend/golden"
)

// Checks on the server: made there against its index, kept in its
// history with the writers' votes, causes and dismissals, so a connected
// desktop's 👎 reaches the team's triage.

func checkPath(ws string, id int64, rest string) string {
	return wsPath(ws, fmt.Sprintf("/checks/%d%s", id, rest))
}

func claimPath(ws string, id int64, claim int, rest string) string {
	return checkPath(ws, id, fmt.Sprintf("/claims/%d%s", claim, rest))
}

// Check checks draft on the server ("" engine: the server's default) and
// returns the stored check as the Check view shows it.
func (c *Client) Check(ctx context.Context, ws, draft, engine string) (checkview.Report, error) {
	body := map[string]any{"draft": draft}
	if engine != "" {
		body["engine"] = engine
	}
	var out struct {
		ID int64 `json:"check_id"`
	}
	if err := c.do(ctx, "POST", wsPath(ws, "/checks"), body, &out); err != nil {
		return checkview.Report{}, err
	}
	return c.CheckView(ctx, ws, out.ID)
}

// CheckView reads a stored check.
func (c *Client) CheckView(ctx context.Context, ws string, id int64) (checkview.Report, error) {
	var out checkview.Report
	err := c.do(ctx, "GET", checkPath(ws, id, ""), nil, &out)
	return out, err
}

// Checks lists the workspace's checks, newest first.
func (c *Client) Checks(ctx context.Context, ws string) ([]checkview.HistoryEntry, error) {
	var out struct {
		Checks []checkview.HistoryEntry `json:"checks"`
	}
	err := c.do(ctx, "GET", wsPath(ws, "/checks"), nil, &out)
	return out.Checks, err
}

// DeleteCheck removes a check from the history (its 👎 stay in triage).
func (c *Client) DeleteCheck(ctx context.Context, ws string, id int64) error {
	return c.do(ctx, "DELETE", checkPath(ws, id, ""), nil, nil)
}

// SetFeedback records 👍 ("up"), 👎 ("down") or no vote ("") on a claim.
func (c *Client) SetFeedback(ctx context.Context, ws string, id int64, claim int, vote, note string) error {
	return c.do(ctx, "PUT", claimPath(ws, id, claim, "/feedback"), map[string]any{"vote": vote, "note": note}, nil)
}

// TriageCause is what the 👎 on a claim is filed as, suggested when none was.
func (c *Client) TriageCause(ctx context.Context, ws string, id int64, claim int) (checkview.TriageCause, error) {
	var out checkview.TriageCause
	err := c.do(ctx, "GET", claimPath(ws, id, claim, "/cause"), nil, &out)
	return out, err
}

// SetCause files the 👎 on a claim under cause.
func (c *Client) SetCause(ctx context.Context, ws string, id int64, claim int, cause string) error {
	return c.do(ctx, "PUT", claimPath(ws, id, claim, "/cause"), map[string]any{"cause": cause}, nil)
}

// Dismiss dismisses a finding ("claim" or "voice") for reason; "" restores it.
func (c *Client) Dismiss(ctx context.Context, ws string, id int64, kind string, index int, reason string) error {
	return c.do(ctx, "PUT", checkPath(ws, id, "/dismissal"), map[string]any{"kind": kind, "index": index, "reason": reason}, nil)
}

// Triage lists every 👎 claim of the workspace, newest first.
func (c *Client) Triage(ctx context.Context, ws string) ([]checkview.TriageItem, error) {
	var out struct {
		Items []checkview.TriageItem `json:"items"`
	}
	err := c.do(ctx, "GET", wsPath(ws, "/triage"), nil, &out)
	return out.Items, err
}

// ExportCheck renders a stored check as "md" or "html".
func (c *Client) ExportCheck(ctx context.Context, ws string, id int64, format string) (checkview.Export, error) {
	var out checkview.Export
	err := c.do(ctx, "GET", checkPath(ws, id, "?format="+url.QueryEscape(format)), nil, &out)
	return out, err
}

// AddFromTriage turns the 👎 on a claim into a question of set ("": the
// "triage" set) and returns the set's name and the row.
func (c *Client) AddFromTriage(ctx context.Context, ws, set string, id int64, claim int, question string) (string, golden.Row, error) {
	var out struct {
		Set string     `json:"set"`
		Row golden.Row `json:"row"`
	}
	err := c.do(ctx, "POST", claimPath(ws, id, claim, "/golden"), map[string]any{"set": set, "question": question}, &out)
	return out.Set, out.Row, err
}
