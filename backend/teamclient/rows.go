package teamclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"continuity/backend/golden"
)

// AddRow appends a question (its ID assigned by the server) and returns
// the row and the set at its new version.
func (c *Client) AddRow(ctx context.Context, ws, set string, row golden.Row) (golden.Row, golden.Set, error) {
	var out struct {
		Row golden.Row `json:"row"`
		Set golden.Set `json:"set"`
	}
	body := map[string]any{"question": row.Question, "category": string(row.Category), "approved_answer": row.ApprovedAnswer,
		"reference_doc_ids": row.ReferenceDocIDs, "supporting_line": row.SupportingLine, "owner": row.Owner, "notes": row.Notes, "tags": row.Tags}
	err := c.do(ctx, "POST", setPath(ws, set, "/rows"), body, &out)
	return out.Row, out.Set, err
}

// DeleteRow removes a row from version base; a set that moved on since
// refuses it with a *Conflict.
func (c *Client) DeleteRow(ctx context.Context, ws, set, row string, base int) (golden.Set, error) {
	var out struct {
		Set golden.Set `json:"set"`
	}
	err := c.do(ctx, "DELETE", setPath(ws, set, "/rows/"+url.PathEscape(row)+"?base_version="+strconv.Itoa(base)), nil, &out)
	return out.Set, refusedAt(err, set, base, "deleting "+row)
}

// Restore makes version's rows current again, as an edit of version base.
func (c *Client) Restore(ctx context.Context, ws, set string, base, version int) (golden.Set, error) {
	var out struct {
		Set golden.Set `json:"set"`
	}
	err := c.do(ctx, "POST", setPath(ws, set, "/restore"), map[string]any{"base_version": base, "version": version}, &out)
	return out.Set, refusedAt(err, set, base, fmt.Sprintf("restoring version %d", version))
}

// refusedAt turns the server's 409 into a *Conflict naming both versions.
func refusedAt(err error, set string, base int, what string) error {
	var se *Error
	if !errors.As(err, &se) || se.Status != http.StatusConflict {
		return err
	}
	var b struct {
		Current    int        `json:"current_version"`
		CurrentRow golden.Row `json:"current_row"`
	}
	_ = json.Unmarshal(se.Body, &b)
	return &Conflict{Set: set, Base: base, Current: b.Current, CurrentRow: b.CurrentRow, What: what}
}
