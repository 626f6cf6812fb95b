package session

import (
	"context"
	"testing"

	"continuity/backend/secret"
	"continuity/backend/settings"
)

// The budgets and the concurrency choice in the settings reach the client
// configuration as saved: 0 stays 0 so the client derives its slots from
// the budgets itself.
func TestLLMConfigCarriesRateBudgets(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name          string
		max, rpm, tpm int
	}{
		{"automatic, no budgets", 0, 0, 0},
		{"automatic with budgets", 0, 500, 200_000},
		{"explicit with budgets", 8, 3500, 90_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st := settings.Defaults()
			st.MaxConcurrency, st.RequestsPerMinute, st.TokensPerMinute = c.max, c.rpm, c.tpm
			cfg := LLMConfig(st, nil, secret.Entry{}, nil)
			if cfg.MaxConcurrency != c.max || cfg.RequestsPerMinute != c.rpm || cfg.TokensPerMinute != c.tpm {
				t.Fatalf("LLMConfig = concurrency %d, rpm %d, tpm %d; want %d, %d, %d",
					cfg.MaxConcurrency, cfg.RequestsPerMinute, cfg.TokensPerMinute, c.max, c.rpm, c.tpm)
			}
		})
	}
}

// Saved budgets survive the trip through the session's own settings and
// build a working client against a local server.
func TestLLMWithSavedBudgets(t *testing.T) {
	clearKeyEnv(t)
	ctx := context.Background()
	s, err := Open(ctx, Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st := settings.Defaults()
	st.Engine, st.BaseURL, st.Models.Answer = settings.EngineLLM, "http://127.0.0.1:9/v1", "local-model"
	st.RequestsPerMinute, st.TokensPerMinute = 120, 40_000
	if err := s.Settings.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	loaded, err := s.Settings.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := LLMConfig(loaded, nil, secret.Entry{}, s)
	if cfg.RequestsPerMinute != 120 || cfg.TokensPerMinute != 40_000 || cfg.MaxConcurrency != 0 {
		t.Fatalf("config from saved settings: rpm %d tpm %d concurrency %d", cfg.RequestsPerMinute, cfg.TokensPerMinute, cfg.MaxConcurrency)
	}
	c, err := s.LLM(ctx)
	if err != nil {
		t.Fatalf("LLM() with budgets: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}
