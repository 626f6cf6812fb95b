package llm

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryable reports whether an HTTP status is worth another attempt, per
// OpenAI's guidance: timeouts, conflicts, rate limits and server errors.
func retryable(status int) bool {
	return status == 408 || status == 409 || status == 429 || status >= 500
}

// retryAfter reads retry-after-ms (OpenAI) or Retry-After (seconds or an
// HTTP date). ok is false when the server gave no usable hint.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 {
			return time.Duration(f * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 {
		return time.Duration(f * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// backoff is the wait before retry number n (0-based): the server's hint
// capped at RetryAfterMax, else base·2^n capped at BackoffMax with up to
// 25% jitter taken off so that parallel callers spread out.
func (c Config) backoff(n int, h http.Header) time.Duration {
	if d, ok := retryAfter(h, time.Now()); ok {
		return min(d, c.RetryAfterMax)
	}
	d := c.BackoffBase << min(n, 20)
	if d <= 0 || d > c.BackoffMax {
		d = c.BackoffMax
	}
	return d - time.Duration(rand.Float64()*0.25*float64(d))
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
