package crawl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

var errTooLarge = errors.New("too large")

// Bounds on server-directed waits: a hostile or confused server must not
// stall a sync through Retry-After or Crawl-delay.
const (
	maxRetryAfter = 60 * time.Second
	maxCrawlDelay = 60 * time.Second
	maxRetries    = 2
)

// waiter is the part of *rate.Limiter the fetcher uses, so tests can count
// waits instead of timing them.
type waiter interface {
	Wait(ctx context.Context) error
}

// response is a fetched body and the headers the crawler keeps.
type response struct {
	Status       int
	Body         []byte
	ContentType  string
	ETag         string
	LastModified string
	FinalHost    string
	RetryAfter   string
}

// fetcher sends every request of a crawl: one limiter per host, our user
// agent, bounded bodies and bounded Retry-After retries.
type fetcher struct {
	client     *http.Client
	userAgent  string
	perSec     float64
	maxBytes   int64
	newLimiter func(perSec float64) waiter
	sleep      func(ctx context.Context, d time.Duration) error

	mu       sync.Mutex
	limiters map[string]waiter
}

func newRateLimiter(perSec float64) waiter { return rate.NewLimiter(rate.Limit(perSec), 1) }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// slowHost lowers a host's rate to one request per delay when robots.txt
// asks for a longer Crawl-delay than our own rate gives.
func (f *fetcher) slowHost(host string, delay time.Duration) {
	if delay <= 0 {
		return
	}
	delay = min(delay, maxCrawlDelay)
	perSec := 1 / delay.Seconds()
	if perSec >= f.perSec {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.limiters[strings.ToLower(host)] = f.newLimiter(perSec)
}

func (f *fetcher) limiter(host string) waiter {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := strings.ToLower(host)
	l, ok := f.limiters[key]
	if !ok {
		l = f.newLimiter(f.perSec)
		f.limiters[key] = l
	}
	return l
}

// get fetches url, retrying 429 and 503 answers whose Retry-After is within
// maxRetryAfter. header adds conditional-request headers.
func (f *fetcher) get(ctx context.Context, url string, header http.Header) (response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := f.once(ctx, url, header)
		if err != nil {
			return resp, err
		}
		if resp.Status != http.StatusTooManyRequests && resp.Status != http.StatusServiceUnavailable {
			return resp, nil
		}
		wait, ok := retryAfter(resp.RetryAfter, time.Now())
		if !ok || attempt >= maxRetries {
			return resp, nil
		}
		if err := f.sleep(ctx, wait); err != nil {
			return resp, err
		}
	}
}

func (f *fetcher) once(ctx context.Context, url string, header http.Header) (response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return response{}, fmt.Errorf("request %s: %w", url, err)
	}
	if err := f.limiter(req.URL.Host).Wait(ctx); err != nil {
		return response{}, err
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", f.userAgent)
	res, err := f.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return response{}, ctx.Err()
		}
		return response{}, fmt.Errorf("get %s: %w", url, err)
	}
	defer func() { _ = res.Body.Close() }()
	out := response{
		Status:       res.StatusCode,
		ContentType:  res.Header.Get("Content-Type"),
		ETag:         res.Header.Get("ETag"),
		LastModified: res.Header.Get("Last-Modified"),
		FinalHost:    res.Request.URL.Host,
		RetryAfter:   res.Header.Get("Retry-After"),
	}
	if loc, err := res.Location(); err == nil && res.StatusCode >= 300 && res.StatusCode < 400 {
		out.FinalHost = loc.Host
	}
	if res.StatusCode != http.StatusOK {
		// drain a little so the connection can be reused
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		return out, nil
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, f.maxBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		return out, fmt.Errorf("read %s: %w", url, err)
	}
	if int64(len(body)) > f.maxBytes {
		return out, errTooLarge
	}
	out.Body = body
	return out, nil
}

// retryAfter reads a Retry-After of seconds or an HTTP date; ok is false
// when it is missing, unreadable or longer than maxRetryAfter.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if secs, err := strconv.Atoi(v); err == nil {
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	} else {
		return 0, false
	}
	if d < 0 {
		d = 0
	}
	if d > maxRetryAfter {
		return 0, false
	}
	return d, true
}
