// Package teamclient is the CLI's (and later the desktop's) client of a
// team server (`continuity serve`): it reads golden sets from the server
// and sends the runs made elsewhere, so CI gates on the expert's current
// set and the manager's trend shows the CI run.
package teamclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"continuity/backend/changed"
	"continuity/backend/eval"
	"continuity/backend/golden"
)

// ErrServer: the server answered with an error (its code and message are in the text).
var ErrServer = errors.New("team server")

// Error is a refusal of the server: its status, stable code and message,
// and the error body's other fields (a conflict's versions).
type Error struct {
	Method, Path string
	Status       int
	Code         string
	Message      string
	Body         json.RawMessage // the whole {"code", "message", …} object
}

func (e *Error) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("%v: %s %s: HTTP %d", ErrServer, e.Method, e.Path, e.Status)
	}
	return fmt.Sprintf("%v: %s %s: %d %s: %s", ErrServer, e.Method, e.Path, e.Status, e.Code, e.Message)
}

func (e *Error) Unwrap() error { return ErrServer }

func answerError(method, path string, status int, raw []byte) error {
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	e := &Error{Method: method, Path: path, Status: status}
	if json.Unmarshal(raw, &body) == nil && len(body.Error) > 0 {
		var m struct{ Code, Message string }
		if json.Unmarshal(body.Error, &m) == nil {
			e.Code, e.Message, e.Body = m.Code, m.Message, body.Error
		}
	}
	return e
}

// Client talks to one server with one token.
type Client struct {
	base  *url.URL
	token string
	http  *http.Client
}

// New checks the server's address. The token is sent only to that origin:
// redirects are refused, never followed with the token attached.
func New(server, token string) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(server, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: %q is not an http(s)://host[:port] address", ErrServer, server)
	}
	if u.User != nil || u.RawQuery != "" {
		return nil, fmt.Errorf("%w: the server address takes no user or query", ErrServer)
	}
	if token == "" {
		return nil, fmt.Errorf("%w: no token; set $CONTINUITY_TOKEN (continuity team add or token prints one)", ErrServer)
	}
	hc := &http.Client{Timeout: 5 * time.Minute, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		return fmt.Errorf("%w: refused a redirect to %s", ErrServer, req.URL.Redacted())
	}}
	return &Client{base: u, token: token, http: hc}, nil
}

// Workspace is one workspace the server serves to this token.
type Workspace struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Workspace is the server's workspace for this token: the only one, else
// the one whose ID is want.
func (c *Client) Workspace(ctx context.Context, want string) (Workspace, error) {
	var out struct {
		Workspaces []Workspace `json:"workspaces"`
	}
	if err := c.do(ctx, "GET", "/api/v1/workspaces", nil, &out); err != nil {
		return Workspace{}, err
	}
	for _, w := range out.Workspaces {
		if w.ID == want || (want == "" && len(out.Workspaces) == 1) {
			return w, nil
		}
	}
	return Workspace{}, fmt.Errorf("%w: this token may use %d workspace(s) there, none of them %q", ErrServer, len(out.Workspaces), want)
}

// GoldenSet is a set at its current version on the server, with its rows.
func (c *Client) GoldenSet(ctx context.Context, ws, name string) (golden.Set, []golden.Row, error) {
	var out struct {
		Set  golden.Set   `json:"set"`
		Rows []golden.Row `json:"rows"`
	}
	err := c.do(ctx, "GET", "/api/v1/workspaces/"+url.PathEscape(ws)+"/golden-sets/"+url.PathEscape(name), nil, &out)
	return out.Set, out.Rows, err
}

// SendRun stores a stopped run and its results on the server.
func (c *Client) SendRun(ctx context.Context, ws string, run eval.Run, results []eval.QuestionResult) error {
	body := map[string]any{"run": run, "results": results}
	return c.do(ctx, "POST", "/api/v1/workspaces/"+url.PathEscape(ws)+"/runs", body, nil)
}

// SendPRCheck records what `check --changed` found in the change ref.
func (c *Client) SendPRCheck(ctx context.Context, ws, ref string, rep changed.Report) error {
	return c.do(ctx, "POST", "/api/v1/workspaces/"+url.PathEscape(ws)+"/pr-checks", map[string]any{"ref": ref, "report": rep}, nil)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var rd io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base.String()+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w at %s: %w", ErrServer, c.base.Redacted(), err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return fmt.Errorf("%w: %s %s: reading the answer: %w", ErrServer, method, path, err)
	}
	if resp.StatusCode >= 300 {
		return answerError(method, path, resp.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%w: %s %s: the answer is not the API's JSON: %w", ErrServer, method, path, err)
		}
	}
	return nil
}
