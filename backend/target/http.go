package target

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// maxReplyBytes caps how much of a reply is read.
const maxReplyBytes = 16 << 20

// Response is what a target returned for one question.
type Response struct {
	Answer        string
	Contexts      []string // texts in rank order
	ContextIDs    []string // ids in rank order, as the target gave them
	HasContexts   bool     // the target reports context texts at all
	HasContextIDs bool     // the target reports context ids at all
	Attempts      int
	Latency       time.Duration
}

// Client asks an HTTP target, at most Concurrency questions at a time,
// each attempt bounded by Timeout and retried on timeouts, connection
// errors, 408, 425, 429 and 5xx.
type Client struct {
	cfg     *Config
	http    *http.Client
	getenv  func(string) string
	sem     chan struct{}
	secrets []string
	backoff func(attempt int, retryAfter time.Duration) time.Duration
}

// NewClient checks that every variable the target references is set
// (ErrEnvUnset otherwise). getenv is called again at each request; nil
// means an environment with no variables.
func NewClient(cfg *Config, getenv func(string) string, hc *http.Client) (*Client, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if hc == nil {
		hc = &http.Client{}
	}
	c := &Client{cfg: cfg, http: withRedirectPolicy(hc, cfg.FollowRedirects), getenv: getenv, sem: make(chan struct{}, max(cfg.Concurrency, 1)), backoff: defaultBackoff}
	for _, name := range cfg.EnvNames() {
		v := getenv(name)
		if v == "" {
			return nil, fmt.Errorf("%s: %w: %s (the target's url or headers reference ${%s})", cfg.File, ErrEnvUnset, name, name)
		}
		if len(v) >= 4 {
			c.secrets = append(c.secrets, v)
		}
	}
	return c, nil
}

// Secrets are the expanded variable values, for a caller's log redactor.
func (c *Client) Secrets() []string { return append([]string(nil), c.secrets...) }

func defaultBackoff(attempt int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, 10*time.Second)
	}
	d := min(250*time.Millisecond<<attempt, 5*time.Second)
	return d - time.Duration(rand.Int64N(int64(d/4)+1))
}

// scrub removes every expanded secret from text a target sent back or an
// error built from it: a server echoing its token never gets it stored.
func (c *Client) scrub(s string) string {
	for _, v := range c.secrets {
		s = strings.ReplaceAll(s, v, "[redacted]")
	}
	return s
}

type attemptError struct {
	err        error
	retry      bool
	retryAfter time.Duration
}

// Respond asks the target one question. Any fault is an error saying why;
// the question then has no scores.
func (c *Client) Respond(ctx context.Context, q Question) (Response, error) {
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return Response{}, ctx.Err()
	}
	defer func() { <-c.sem }()
	start := time.Now()
	var last attemptError
	for attempt := 0; attempt <= c.cfg.Retries; attempt++ {
		if attempt > 0 {
			t := time.NewTimer(c.backoff(attempt-1, last.retryAfter))
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return Response{}, ctx.Err()
			}
		}
		body, ae := c.attempt(ctx, q)
		if ae == nil {
			r, err := c.extract(body)
			r.Attempts, r.Latency = attempt+1, time.Since(start)
			if err != nil {
				return Response{}, c.scrubbed(err, "")
			}
			r.Answer = c.scrub(r.Answer)
			for i := range r.Contexts {
				r.Contexts[i] = c.scrub(r.Contexts[i])
			}
			for i := range r.ContextIDs {
				r.ContextIDs[i] = c.scrub(r.ContextIDs[i])
			}
			return r, nil
		}
		if ctx.Err() != nil {
			return Response{}, ctx.Err()
		}
		last = *ae
		if !ae.retry {
			return Response{}, c.scrubbed(ae.err, "")
		}
	}
	n := c.cfg.Retries + 1
	return Response{}, c.scrubbed(last.err, fmt.Sprintf(" (%d attempt%s)", n, plural(n)))
}

// scrubbedError is an error whose text has the secrets removed; it still
// wraps the sentinel (ErrTimeout, ErrHTTPStatus, ...) callers test for.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

func (c *Client) scrubbed(err error, suffix string) error {
	return &scrubbedError{msg: c.scrub(err.Error()) + suffix, err: err}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// attempt makes one request and returns the reply body of a 2xx.
func (c *Client) attempt(ctx context.Context, q Question) ([]byte, *attemptError) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	where := c.cfg.Method + " " + SafeURL(renderURL(c.cfg.URL, q))
	var body io.Reader
	if c.cfg.Body != "" {
		body = strings.NewReader(renderBody(c.cfg.Body, q))
	}
	req, err := http.NewRequestWithContext(actx, c.cfg.Method, expandEnv(renderURL(c.cfg.URL, q), c.getenv), body)
	if err != nil {
		return nil, &attemptError{err: fmt.Errorf("%s: cannot build the request: %w", where, unwrapURL(err))}
	}
	if c.cfg.Body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	for _, h := range c.cfg.Headers {
		req.Header.Set(h.Name, expandEnv(renderHeader(h.Value, q), c.getenv))
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if errors.Is(actx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
			return nil, &attemptError{err: fmt.Errorf("%s: %w after %s", where, ErrTimeout, c.cfg.Timeout), retry: true}
		}
		// a refused redirect is the target's answer, not a fault to retry
		var re *RedirectError
		return nil, &attemptError{err: fmt.Errorf("%s: %w", where, unwrapURL(err)), retry: !errors.As(err, &re)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes+1))
	switch {
	case err != nil && errors.Is(actx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		return nil, &attemptError{err: fmt.Errorf("%s: %w after %s while reading the reply", where, ErrTimeout, c.cfg.Timeout), retry: true}
	case err != nil:
		return nil, &attemptError{err: fmt.Errorf("%s: reading the reply: %w", where, unwrapURL(err)), retry: true}
	case len(data) > maxReplyBytes:
		return nil, &attemptError{err: fmt.Errorf("%s: the reply is over %d MB", where, maxReplyBytes>>20)}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ae := &attemptError{err: fmt.Errorf("%s: %w %s%s", where, ErrHTTPStatus, resp.Status, snippet(data))}
		switch s := resp.StatusCode; {
		case s == http.StatusRequestTimeout, s == http.StatusTooEarly, s == http.StatusTooManyRequests, s >= 500:
			ae.retry, ae.retryAfter = true, retryAfter(resp.Header.Get("Retry-After"))
		}
		return nil, ae
	}
	return data, nil
}

// unwrapURL drops *url.Error's copy of the address, which holds expanded
// variables when the url references any.
func unwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return ue.Err
	}
	return err
}

func retryAfter(v string) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// snippet is the start of a reply body, for an error message.
func snippet(data []byte) string {
	s := strings.Join(strings.Fields(string(bytes.ToValidUTF8(data[:min(len(data), 200)], nil))), " ")
	if s == "" {
		return ""
	}
	if r := []rune(s); len(r) > 80 {
		s = string(r[:80]) + "…"
	}
	return fmt.Sprintf(" (reply starts %q)", s)
}
