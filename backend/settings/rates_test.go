package settings

import (
	"context"
	"errors"
	"strings"
	"testing"

	"continuity/backend/llm"
)

func TestValidateRates(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		mutate    func(*Settings)
		wantField string // "" = valid
	}{
		{"automatic concurrency", func(s *Settings) { s.MaxConcurrency = 0 }, ""},
		{"explicit concurrency", func(s *Settings) { s.MaxConcurrency = 4 }, ""},
		{"largest concurrency", func(s *Settings) { s.MaxConcurrency = 64 }, ""},
		{"concurrency over the cap", func(s *Settings) { s.MaxConcurrency = 65 }, "max_concurrency"},
		{"negative concurrency", func(s *Settings) { s.MaxConcurrency = -1 }, "max_concurrency"},
		{"budgets set", func(s *Settings) { s.RequestsPerMinute, s.TokensPerMinute = 500, 200_000 }, ""},
		{"negative requests per minute", func(s *Settings) { s.RequestsPerMinute = -5 }, "requests_per_minute"},
		{"requests per minute typo", func(s *Settings) { s.RequestsPerMinute = 50_000_000 }, "requests_per_minute"},
		{"negative tokens per minute", func(s *Settings) { s.TokensPerMinute = -1 }, "tokens_per_minute"},
		{"tokens per minute typo", func(s *Settings) { s.TokensPerMinute = 2_000_000_000 }, "tokens_per_minute"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := Defaults()
			c.mutate(&s)
			err := s.Validate()
			if c.wantField == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want ok", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.wantField+":") {
				t.Fatalf("Validate() = %v, want an ErrInvalid naming %s", err, c.wantField)
			}
		})
	}
}

func TestConcurrency(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		max, rpm int
		want     int
	}{
		{"explicit wins over a budget", 4, 6000, 4},
		{"automatic without a budget", 0, 0, llm.DefaultConcurrency},
		{"automatic from a small budget", 0, 60, 2},   // 1 call/s × 2 s
		{"automatic from a large budget", 0, 600, 20}, // 10 calls/s × 2 s
		{"automatic is capped", 0, 100_000, 64},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := Defaults()
			s.MaxConcurrency, s.RequestsPerMinute = c.max, c.rpm
			if got := s.Concurrency(); got != c.want {
				t.Fatalf("Concurrency() = %d, want %d", got, c.want)
			}
		})
	}
}

func TestRatesRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := newTestRepo(t)
	if got, _ := repo.Load(ctx); got.MaxConcurrency != 0 || got.RequestsPerMinute != 0 || got.TokensPerMinute != 0 {
		t.Fatalf("defaults = %+v, want automatic concurrency and no budgets", got)
	}
	want := Defaults()
	want.MaxConcurrency, want.RequestsPerMinute, want.TokensPerMinute = 8, 500, 150_000
	if err := repo.Save(ctx, want); err != nil {
		t.Fatal(err)
	}
	if got, err := repo.Load(ctx); err != nil || got != want {
		t.Fatalf("Load() = %+v, %v; want %+v", got, err, want)
	}
}

// A row saved before the budgets existed (with the old default of 4 in
// flight) loads with no budgets and keeps its 4.
func TestLoadRowFromBeforeBudgets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := newTestRepo(t)
	old := `{"engine":"llm","base_url":"","models":{"answer":"m","judge":"m","embedding":"e"},"corpus_dir":"",` +
		`"audit_log":false,"timeout_seconds":60,"max_concurrency":4,"max_retries":3}`
	if _, err := repo.db.Writer().ExecContext(ctx, `INSERT INTO settings(key, value) VALUES(?, ?)`, rowKey, old); err != nil {
		t.Fatal(err)
	}
	got, err := repo.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.MaxConcurrency != 4 || got.RequestsPerMinute != 0 || got.TokensPerMinute != 0 || got.Validate() != nil {
		t.Fatalf("old row loaded as %+v (valid: %v)", got, got.Validate())
	}
}
