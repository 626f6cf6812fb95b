package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestBackoffHonoursRetryAfterUpToCap(t *testing.T) {
	t.Parallel()
	cfg := Config{BackoffBase: 100 * time.Millisecond, BackoffMax: time.Second, RetryAfterMax: 10 * time.Second}
	now := time.Now()
	cases := []struct {
		name     string
		header   http.Header
		attempt  int
		min, max time.Duration
	}{
		{"seconds", http.Header{"Retry-After": {"2"}}, 0, 2 * time.Second, 2 * time.Second},
		{"milliseconds win", http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"9"}}, 0, 250 * time.Millisecond, 250 * time.Millisecond},
		// An HTTP date has whole seconds and the clock moves on before
		// backoff reads it (far more on a loaded machine under -race): the
		// bound only has to tell the date from the 100ms fallback.
		{"http date", http.Header{"Retry-After": {now.Add(5 * time.Second).UTC().Format(http.TimeFormat)}}, 0, time.Second, 5 * time.Second},
		{"capped", http.Header{"Retry-After": {"3600"}}, 0, 10 * time.Second, 10 * time.Second},
		{"garbage falls back to backoff", http.Header{"Retry-After": {"soon"}}, 0, 75 * time.Millisecond, 100 * time.Millisecond},
		{"exponential", nil, 2, 300 * time.Millisecond, 400 * time.Millisecond},
		{"backoff capped", nil, 30, 750 * time.Millisecond, time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if d := cfg.backoff(tc.attempt, tc.header); d < tc.min || d > tc.max {
				t.Fatalf("backoff = %v, want %v..%v", d, tc.min, tc.max)
			}
		})
	}
}
