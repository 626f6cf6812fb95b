package teamclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Event is one committed write on the server (kind run or golden).
type Event struct {
	Kind    string `json:"kind"`
	Set     string `json:"golden_set"`
	RunID   string `json:"run_id,omitempty"`
	Version int    `json:"version,omitempty"`
}

// Follow reads ws's event stream and calls fn for each event until ctx
// ends. A dropped stream is opened again after retry; opened says each
// time the stream is (re)opened, so the caller reloads what it shows
// (events of a gap are not replayed). A refusal (bad token, no grant)
// ends Follow with the server's error.
func (c *Client) Follow(ctx context.Context, ws string, retry time.Duration, opened func(), fn func(Event)) error {
	for {
		err := c.follow(ctx, ws, opened, fn)
		if ctx.Err() != nil {
			return nil
		}
		var se *Error
		if errors.As(err, &se) && se.Status < 500 {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(retry):
		}
	}
}

func (c *Client) follow(ctx context.Context, ws string, opened func(), fn func(Event)) error {
	path := wsPath(ws, "/events")
	req, err := http.NewRequestWithContext(ctx, "GET", c.base.String()+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "text/event-stream")
	// no client timeout: a stream is open for as long as the desktop follows
	hc := &http.Client{CheckRedirect: c.http.CheckRedirect}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("%w at %s: %w", ErrServer, c.base.Redacted(), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		raw := make([]byte, 4096)
		n, _ := resp.Body.Read(raw)
		return answerError("GET", path, resp.StatusCode, raw[:n])
	}
	if opened != nil {
		opened()
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue // event names, comments and retry lines: the data says the kind
		}
		var e Event
		if json.Unmarshal([]byte(data), &e) == nil && e.Kind != "" {
			fn(e)
		}
	}
	return sc.Err()
}
