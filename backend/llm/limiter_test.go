package llm

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"continuity/backend/llm/llmtest"
)

// fakeClock records every wait and moves time on by it, so a test asserts
// what the client waited for without waiting.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if d > 0 {
		f.sleeps = append(f.sleeps, d)
		f.now = f.now.Add(d)
	}
	return ctx.Err()
}

func (f *fakeClock) waits() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.sleeps)
}

func chatReq() Request {
	return Request{Prompt: "t", Messages: []Message{{Role: "user", Content: "hello"}}}
}

// A 429 with Retry-After makes the retry wait that long, and every caller
// after it too, not only the one that was told.
func TestRetryAfterPausesTheRetryAndLaterCalls(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), llmtest.Reply{Status: 429, RetryAfter: "3", Times: 1}, llmtest.Reply{Status: 429, RetryAfter: "2", Times: 1},
		llmtest.Reply{Content: "ok"})
	clk := newFakeClock()
	c := newTestClient(t, srv, func(cfg *Config) { cfg.clock, cfg.MaxRetries = clk, 0 })
	if _, err := c.Complete(context.Background(), chatReq()); err == nil {
		t.Fatal("first call: want the 429 with retries off")
	}
	if got := clk.waits(); len(got) != 0 {
		t.Fatalf("waits before the next call = %v, want none", got)
	}
	c2 := newTestClient(t, srv, func(cfg *Config) { cfg.clock, cfg.MaxRetries = clk, 1 })
	c2.limit = c.limit // one endpoint, one limiter: the pause the server asked for holds
	resp, err := c2.Complete(context.Background(), chatReq())
	if err != nil || resp.Content != "ok" || resp.Retries != 1 {
		t.Fatalf("second call: %+v, %v; want ok after one retry", resp, err)
	}
	if got, want := clk.waits(), []time.Duration{3 * time.Second, 2 * time.Second}; !slices.Equal(got, want) {
		t.Fatalf("waits = %v, want %v: the paused start, then the retry's Retry-After", got, want)
	}
}

// headerServer answers every chat call with the given rate-limit headers.
func headerServer(t *testing.T, headers map[string]string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range headers {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"ok"}}]}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestRateLimitHeadersPauseTheNextCall(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		headers map[string]string
		want    time.Duration
	}{
		{"requests used up", map[string]string{"X-Ratelimit-Remaining-Requests": "0", "X-Ratelimit-Reset-Requests": "200ms"}, 200 * time.Millisecond},
		{"tokens used up", map[string]string{"X-Ratelimit-Remaining-Tokens": "0", "X-Ratelimit-Reset-Tokens": "1m30s"}, 60 * time.Second}, // capped by RetryAfterMax
		{"both, the longer wins", map[string]string{"X-Ratelimit-Remaining-Requests": "0", "X-Ratelimit-Reset-Requests": "1s",
			"X-Ratelimit-Remaining-Tokens": "0", "X-Ratelimit-Reset-Tokens": "6m0s"}, 60 * time.Second},
		{"budget left", map[string]string{"X-Ratelimit-Remaining-Requests": "5", "X-Ratelimit-Reset-Requests": "20ms"}, 0},
		{"unreadable reset", map[string]string{"X-Ratelimit-Remaining-Requests": "0", "X-Ratelimit-Reset-Requests": "soon"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := headerServer(t, c.headers)
			clk := newFakeClock()
			cl, err := New(Config{BaseURL: srv.URL, APIKey: "k", Models: Models{Answer: "m"}, clock: clk})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				if _, err := cl.Complete(context.Background(), chatReq()); err != nil {
					t.Fatalf("call %d: %v", i+1, err)
				}
			}
			var want []time.Duration
			if c.want > 0 {
				want = []time.Duration{c.want}
			}
			if got := clk.waits(); !slices.Equal(got, want) {
				t.Fatalf("waits = %v, want %v (only the second call waits)", got, want)
			}
		})
	}
}

func TestConfiguredBudgetsSpaceCalls(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rpm   int
		tpm   int
		calls int
		want  []time.Duration
	}{
		{"two requests a minute: the third waits half a minute", 2, 0, 3, []time.Duration{30 * time.Second}},
		{"no budget: no waits", 0, 0, 3, nil},
		{"tokens: a 2-token call at 4 a minute, the third waits", 0, 4, 3, []time.Duration{30 * time.Second}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"ok"}}]}`)
			}))
			t.Cleanup(srv.Close)
			clk := newFakeClock()
			cl, err := New(Config{BaseURL: srv.URL, APIKey: "k", Models: Models{Answer: "m"}, RequestsPerMinute: c.rpm, TokensPerMinute: c.tpm, clock: clk})
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.calls {
				if _, err := cl.Complete(context.Background(), chatReq()); err != nil { // "hello" is 2 tokens
					t.Fatalf("call %d: %v", i+1, err)
				}
			}
			if got := clk.waits(); !slices.Equal(got, c.want) || n.Load() != int64(c.calls) {
				t.Fatalf("waits = %v over %d calls, want %v", got, n.Load(), c.want)
			}
		})
	}
}

func TestParseResetDuration(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"1s", time.Second, true}, {"6m0s", 6 * time.Minute, true}, {"20ms", 20 * time.Millisecond, true},
		{"1h2m3.5s", time.Hour + 2*time.Minute + 3500*time.Millisecond, true}, {"0.5", 500 * time.Millisecond, true},
		{" 2 ", 2 * time.Second, true}, {"", 0, false}, {"-1s", 0, false}, {"-3", 0, false}, {"soon", 0, false}, {"NaN", 0, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			t.Parallel()
			got, ok := ParseResetDuration(c.in)
			if got != c.want || ok != c.ok {
				t.Fatalf("ParseResetDuration(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
			}
		})
	}
}

func FuzzParseResetDuration(f *testing.F) {
	for _, s := range []string{"1s", "6m0s", "20ms", "0.5", "", "-1s", "1e400", "9999999999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, ok := ParseResetDuration(s); ok && d < 0 {
			t.Fatalf("%q parsed to negative %v", s, d)
		}
	})
}

func TestSuggestConcurrency(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rpm     int
		perCall time.Duration
		want    int
	}{
		{"no budget", 0, time.Second, DefaultConcurrency},
		{"500 rpm at 2 s per call", 500, 2 * time.Second, 17},
		{"60 rpm at 1 s", 60, time.Second, 1},
		{"huge budget is capped", 100000, 2 * time.Second, 64},
		{"latency unknown means 2 s", 300, 0, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := SuggestConcurrency(c.rpm, c.perCall); got != c.want {
				t.Fatalf("SuggestConcurrency(%d, %v) = %d, want %d", c.rpm, c.perCall, got, c.want)
			}
		})
	}
}
