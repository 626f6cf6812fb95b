package teamclient

import (
	"context"
	"strconv"

	"continuity/backend/golden"
)

// CreateSet makes an empty set on the server (version 1).
func (c *Client) CreateSet(ctx context.Context, ws, name, description string) (golden.Set, error) {
	var out struct {
		Set golden.Set `json:"set"`
	}
	err := c.do(ctx, "POST", wsPath(ws, "/golden-sets"), map[string]any{"name": name, "description": description}, &out)
	return out.Set, err
}

// RenameSet renames a set; its runs, baseline and thresholds move with it.
func (c *Client) RenameSet(ctx context.Context, ws, from, to string) (golden.Set, error) {
	var out struct {
		Set golden.Set `json:"set"`
	}
	err := c.do(ctx, "POST", setPath(ws, from, "/rename"), map[string]any{"to": to}, &out)
	return out.Set, err
}

// DeleteSet deletes a set still at version base; one saved since refuses
// it with a *Conflict.
func (c *Client) DeleteSet(ctx context.Context, ws, name string, base int) error {
	err := c.do(ctx, "DELETE", setPath(ws, name, "?base_version="+strconv.Itoa(base)), nil, nil)
	return refusedAt(err, name, base, "deleting the set")
}
