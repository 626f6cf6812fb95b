package session

import (
	"context"
	"errors"
	"testing"

	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
	"continuity/backend/secret"
	"continuity/backend/settings"

	"github.com/zalando/go-keyring"
)

// clearKeyEnv keeps the developer's own key and keyring out of a test.
func clearKeyEnv(t *testing.T) {
	t.Helper()
	keyring.MockInit()
	for _, v := range []string{secret.EnvKey, secret.EnvKeyHost, secret.EnvBaseURL, settings.EnvBaseURL} {
		t.Setenv(v, "")
	}
}

func TestLLMFromSettings(t *testing.T) {
	clearKeyEnv(t)
	t.Setenv(settings.EnvBaseURL, "")
	ctx := context.Background()
	s, err := Open(ctx, Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	st := settings.Defaults()
	st.Engine, st.BaseURL = settings.EngineLLM, "https://api.example.com/v1"
	if err := s.Settings.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LLM(ctx); !errors.Is(err, llm.ErrNoAPIKey) {
		t.Fatalf("remote endpoint without key: %v, want ErrNoAPIKey", err)
	}

	srv := llmtest.New(t)
	st.BaseURL, st.Models.Answer, st.AuditLog = srv.URL, "local-model", true
	if err := s.Settings.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	c, err := s.LLM(ctx)
	if err != nil {
		t.Fatalf("local endpoint without key: %v", err)
	}
	defer c.Close()
	p, err := c.Ping(ctx)
	if err != nil || p.Model != "local-model" {
		t.Fatalf("Ping = %+v, %v", p, err)
	}
	if cost := c.Ledger().Totals().Cost; cost.Known {
		t.Fatalf("a local model with no price has a known cost: %+v", cost)
	}
	if got := srv.Requests()[0].Header["Authorization"]; len(got) != 0 {
		t.Fatalf("a key was sent to a local server: %v", got)
	}
}
