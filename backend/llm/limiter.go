package llm

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultConcurrency is the calls in flight when neither the caller nor a
// requests-per-minute budget says otherwise: an eval question makes one
// answer call and then three judge calls at once, so 16 keeps four to
// sixteen questions moving without a burst that trips a new account's
// rate limit.
const DefaultConcurrency = 16

// SuggestConcurrency is how many calls in flight use a requests-per-minute
// budget at the given per-call latency (Little's law: rate × latency),
// within 1..64. Without a budget it is DefaultConcurrency.
func SuggestConcurrency(requestsPerMinute int, perCall time.Duration) int {
	if requestsPerMinute <= 0 {
		return DefaultConcurrency
	}
	if perCall <= 0 {
		perCall = 2 * time.Second
	}
	n := int(math.Ceil(float64(requestsPerMinute) / 60 * perCall.Seconds()))
	return min(max(n, 1), 64)
}

// clock is time for the limiter and the retry waits; tests drive a fake
// one so that waits are asserted, not timed.
type clock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time                                   { return time.Now() }
func (realClock) Sleep(ctx context.Context, d time.Duration) error { return sleep(ctx, d) }

// bucket is a token bucket holding up to a minute's budget, refilled
// continuously; a reservation may take it below zero, and the caller then
// waits until the refill covers it.
type bucket struct {
	perMinute float64
	level     float64
	at        time.Time
}

func newBucket(perMinute int, now time.Time) *bucket {
	if perMinute <= 0 {
		return nil
	}
	return &bucket{perMinute: float64(perMinute), level: float64(perMinute), at: now}
}

// take reserves n and returns how long to wait for it.
func (b *bucket) take(now time.Time, n float64) time.Duration {
	if b == nil {
		return 0
	}
	if dt := now.Sub(b.at).Minutes(); dt > 0 {
		b.level = min(b.perMinute, b.level+dt*b.perMinute)
		b.at = now
	}
	b.level -= min(n, b.perMinute) // a call bigger than the budget waits one minute, not forever
	if b.level >= 0 {
		return 0
	}
	return time.Duration(-b.level / b.perMinute * float64(time.Minute))
}

// limiter paces calls: the configured per-minute budgets, and pauses the
// server asks for (x-ratelimit-remaining-* at 0 until its reset, or
// Retry-After on a 429), which hold every caller, not only the one told.
type limiter struct {
	mu       sync.Mutex
	clock    clock
	requests *bucket
	tokens   *bucket
	until    time.Time // no call starts before this
	maxPause time.Duration
}

func newLimiter(cfg Config) *limiter {
	now := cfg.clock.Now()
	return &limiter{clock: cfg.clock, requests: newBucket(cfg.RequestsPerMinute, now),
		tokens: newBucket(cfg.TokensPerMinute, now), maxPause: cfg.RetryAfterMax}
}

// wait holds the caller until a call of about tokens tokens may start.
func (l *limiter) wait(ctx context.Context, tokens int) error {
	l.mu.Lock()
	now := l.clock.Now()
	d := max(l.until.Sub(now), l.requests.take(now, 1), l.tokens.take(now, float64(tokens)))
	l.mu.Unlock()
	return l.clock.Sleep(ctx, d)
}

// observe reads a response's rate-limit headers (OpenAI's and Azure's
// x-ratelimit-*, Retry-After on 429) and pauses everyone accordingly.
func (l *limiter) observe(status int, h http.Header) {
	if h == nil {
		return
	}
	now := l.clock.Now()
	var pause time.Duration
	for _, kind := range []string{"requests", "tokens"} {
		if remaining, ok := headerInt(h, "X-Ratelimit-Remaining-"+kind); ok && remaining <= 0 {
			if d, ok := ParseResetDuration(h.Get("X-Ratelimit-Reset-" + kind)); ok {
				pause = max(pause, d)
			}
		}
	}
	if status == http.StatusTooManyRequests {
		if d, ok := retryAfter(h, now); ok {
			pause = max(pause, d)
		}
	}
	if pause <= 0 {
		return
	}
	pause = min(pause, l.maxPause)
	l.mu.Lock()
	if t := now.Add(pause); t.After(l.until) {
		l.until = t
	}
	l.mu.Unlock()
}

func headerInt(h http.Header, key string) (int, bool) {
	v := strings.TrimSpace(h.Get(key))
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// ParseResetDuration reads an x-ratelimit-reset-* value: OpenAI's Go-like
// durations ("1s", "6m0s", "20ms", "1h2m3.5s") or plain seconds ("0.5").
// ok is false for anything else or a negative value.
func ParseResetDuration(v string) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		if f < 0 || f > 1e6 || math.IsNaN(f) {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, false
	}
	return d, true
}
