package session

import (
	"context"
	"errors"
	"strings"
	"testing"

	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
	"continuity/backend/secret"
	"continuity/backend/settings"
)

func openTestSession(t *testing.T) *Session {
	t.Helper()
	s, err := Open(context.Background(), Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func saveBaseURL(t *testing.T, s *Session, base string, allowHTTP bool) {
	t.Helper()
	st := settings.Defaults()
	st.Engine, st.BaseURL, st.Models.Answer, st.AllowInsecureHTTP = settings.EngineLLM, base, "m", allowHTTP
	if err := s.Settings.Save(context.Background(), st); err != nil {
		t.Fatal(err)
	}
}

// Changing the base URL must not carry the saved key to the new host.
func TestSavedKeyOnlyGoesToItsHost(t *testing.T) { // not parallel: environment and keyring mock
	clearKeyEnv(t)
	ctx := context.Background()
	s := openTestSession(t)
	owner, other := llmtest.New(t), llmtest.New(t)
	const key = "sk-session-bound-key-77"
	if err := s.Secrets.SetKey(ctx, key, owner.URL); err != nil {
		t.Fatal(err)
	}

	// A local server needs no key: the call goes ahead without one.
	saveBaseURL(t, s, other.URL, false)
	c, err := s.LLM(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	_ = c.Close()
	if auth := other.Requests()[0].Header["Authorization"]; len(auth) != 0 {
		t.Fatalf("the key saved for %s reached %s: %v", owner.URL, other.URL, auth)
	}

	// A remote endpoint needs one: a clear error naming both hosts.
	saveBaseURL(t, s, "https://api.example.com/v1", false)
	_, err = s.LLM(ctx)
	ownerHost, _ := secret.HostOf(owner.URL)
	if !errors.Is(err, llm.ErrNoAPIKey) || !errors.Is(err, secret.ErrWrongHost) ||
		!strings.Contains(err.Error(), "belongs to "+ownerHost) || !strings.Contains(err.Error(), "save a key for api.example.com") {
		t.Fatalf("remote endpoint with another host's key: %v", err)
	}
	if strings.Contains(err.Error(), key) {
		t.Fatalf("error leaks the key: %v", err)
	}

	saveBaseURL(t, s, owner.URL, false)
	c, err = s.LLM(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	if auth := owner.Requests()[0].Header["Authorization"]; len(auth) != 1 || auth[0] != "Bearer "+key {
		t.Fatalf("the key's own host did not get it: %v", auth)
	}
}

// Plain http to another machine comes from the environment too, where
// Settings.Validate never sees it; the client refuses it unless allowed.
func TestInsecureHTTPFromEnvironmentIsRefused(t *testing.T) {
	clearKeyEnv(t)
	t.Setenv(settings.EnvBaseURL, "http://api.example.com/v1")
	t.Setenv(secret.EnvKey, "sk-env-key-for-example-1")
	ctx := context.Background()
	s := openTestSession(t)
	saveBaseURL(t, s, "", false)
	if _, err := s.LLM(ctx); !errors.Is(err, llm.ErrInsecureHTTP) {
		t.Fatalf("http to a remote host from $%s: %v, want ErrInsecureHTTP", settings.EnvBaseURL, err)
	}
	saveBaseURL(t, s, "", true)
	c, err := s.LLM(ctx)
	if err != nil {
		t.Fatalf("explicitly allowed insecure http: %v", err)
	}
	_ = c.Close()
}

func TestDefaultHostIsOpenAIsBaseURL(t *testing.T) {
	t.Parallel()
	if h, err := secret.HostOf(llm.DefaultBaseURL); err != nil || h != secret.DefaultHost {
		t.Fatalf("HostOf(%s) = %q, %v; secret.DefaultHost is %q", llm.DefaultBaseURL, h, err, secret.DefaultHost)
	}
}
