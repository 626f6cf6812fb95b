package secret

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

type hangingKeyring struct{}

func (hangingKeyring) Get(string, string) (string, error) { time.Sleep(time.Hour); return "", nil }
func (hangingKeyring) Set(string, string, string) error   { time.Sleep(time.Hour); return nil }
func (hangingKeyring) Delete(string, string) error        { time.Sleep(time.Hour); return nil }

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// Tests that use osKeyring share go-keyring's mock, so they do not run in
// parallel with each other.
func mockStore(t *testing.T, envs map[string]string) *Store {
	t.Helper()
	keyring.MockInit()
	return &Store{kr: osKeyring{}, timeout: time.Second, getenv: env(envs)}
}

func TestKeySources(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name     string
		stored   string
		env      string
		want     string
		wantFrom Source
	}{
		{"keyring wins over env", "from-keyring", "from-env", "from-keyring", SourceKeyring},
		{"env when keyring empty", "", "from-env", "from-env", SourceEnv},
		{"none at all", "", "", "", SourceNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := mockStore(t, map[string]string{EnvKey: c.env})
			if err := s.SetKey(ctx, c.stored, ""); err != nil {
				t.Fatal(err)
			}
			got, from, err := s.Key(ctx)
			if err != nil || got != c.want || from != c.wantFrom {
				t.Fatalf("Key() = %q, %s, %v; want %q, %s", got, from, err, c.want, c.wantFrom)
			}
		})
	}
}

// A key is handed out only to the host it was saved for; any other host
// gets no key and an error naming both hosts.
func TestKeyIsBoundToItsHost(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name      string
		savedFor  string
		env       map[string]string
		endpoint  string
		wantKey   string
		wantFrom  Source
		wantWrong string // the key host named by the WrongHostError
	}{
		{"same host", "https://api.openai.com/v1", nil, "https://api.openai.com/v1", "k-saved", SourceKeyring, ""},
		{"empty base URL is OpenAI", "", nil, "https://API.OpenAI.com:443/v1/", "k-saved", SourceKeyring, ""},
		{"other host", "https://api.openai.com/v1", nil, "https://evil.example/v1", "", SourceNone, "api.openai.com"},
		{"same host plain http is still the host", "https://proxy.example/v1", nil, "http://proxy.example/v1", "k-saved", SourceKeyring, ""},
		{"other port on loopback", "http://127.0.0.1:8000/v1", nil, "http://127.0.0.1:9000/v1", "", SourceNone, "127.0.0.1:8000"},
		{"env key belongs to OpenAI by default", "", map[string]string{EnvKey: "k-env"}, "https://openrouter.ai/api/v1", "", SourceNone, "api.openai.com"},
		{"env key follows OPENAI_BASE_URL", "", map[string]string{EnvKey: "k-env", EnvBaseURL: "https://openrouter.ai/api/v1"}, "https://openrouter.ai/api/v1", "k-env", SourceEnv, ""},
		{"CONTINUITY_API_KEY_HOST wins", "", map[string]string{EnvKey: "k-env", EnvBaseURL: "https://openrouter.ai/api/v1", EnvKeyHost: "corp.example:8443"}, "https://corp.example:8443/v1", "k-env", SourceEnv, ""},
		{"keyring key for other host, env key for this one", "https://api.openai.com/v1", map[string]string{EnvKey: "k-env", EnvKeyHost: "https://azure.example"}, "https://azure.example/openai", "k-env", SourceEnv, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := mockStore(t, c.env)
			if c.wantKey == "k-saved" || c.savedFor != "" {
				if err := s.SetKey(ctx, "k-saved", c.savedFor); err != nil {
					t.Fatal(err)
				}
			}
			e, err := s.For(ctx, c.endpoint)
			if e.Key != c.wantKey || e.Source != c.wantFrom {
				t.Fatalf("For(%s) = %+v, %v; want key %q from %s", c.endpoint, e, err, c.wantKey, c.wantFrom)
			}
			var wrong *WrongHostError
			if c.wantWrong == "" {
				if err != nil {
					t.Fatalf("For(%s) err = %v", c.endpoint, err)
				}
				return
			}
			if !errors.Is(err, ErrWrongHost) || !errors.As(err, &wrong) || wrong.KeyHost != c.wantWrong {
				t.Fatalf("For(%s) err = %v, want a WrongHostError naming %s", c.endpoint, err, c.wantWrong)
			}
			want, _ := HostOf(c.endpoint)
			if !strings.Contains(err.Error(), c.wantWrong) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "k-") {
				t.Fatalf("message %q should name %s and %s and never the key", err, c.wantWrong, want)
			}
		})
	}
}

// A key saved by an older version (no host) belongs to OpenAI's API and
// is replaced by the first host-bound save.
func TestLegacyUnboundKey(t *testing.T) {
	ctx := context.Background()
	s := mockStore(t, nil)
	if err := keyring.Set(service, legacyAccount, "k-legacy"); err != nil {
		t.Fatal(err)
	}
	if e, err := s.For(ctx, "https://api.openai.com/v1"); err != nil || e.Key != "k-legacy" {
		t.Fatalf("legacy key for OpenAI = %+v, %v", e, err)
	}
	if _, err := s.For(ctx, "https://other.example/v1"); !errors.Is(err, ErrWrongHost) {
		t.Fatalf("legacy key for another host: err = %v, want ErrWrongHost", err)
	}
	if err := s.SetKey(ctx, "k-new", "https://other.example/v1"); err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get(service, legacyAccount); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("legacy entry survived a new save: %v", err)
	}
	if e, err := s.For(ctx, "https://other.example/v1"); err != nil || e.Key != "k-new" {
		t.Fatalf("new key = %+v, %v", e, err)
	}
	if err := s.DeleteKey(ctx); err != nil {
		t.Fatal(err)
	}
	if e, err := s.Current(ctx); err != nil || e.Key != "" {
		t.Fatalf("after delete = %+v, %v", e, err)
	}
}

func TestCorruptKeyringEntryIsAnErrorWithoutTheValue(t *testing.T) {
	s := mockStore(t, nil)
	if err := keyring.Set(service, account, "sk-raw-not-json-123456"); err != nil {
		t.Fatal(err)
	}
	e, err := s.Current(context.Background())
	if e.Key != "" || !errors.Is(err, ErrBadEntry) || strings.Contains(err.Error(), "sk-raw") {
		t.Fatalf("Current() = %+v, %v; want ErrBadEntry without the value", e, err)
	}
}

func TestHostOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url, want string
		bad             bool
	}{
		{"empty is OpenAI", "", DefaultHost, false},
		{"case and trailing dot", "https://API.Example.COM./v1", "api.example.com", false},
		{"default https port dropped", "https://h.example:443", "h.example", false},
		{"default http port dropped", "http://h.example:80", "h.example", false},
		{"other port kept", "http://localhost:11434/v1", "localhost:11434", false},
		{"ipv6", "http://[::1]:8080/v1", "[::1]:8080", false},
		{"ipv6 no port", "https://[2001:db8::1]/v1", "[2001:db8::1]", false},
		{"not a URL", "api.openai.com", "", true},
		{"ftp", "ftp://h.example", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := HostOf(c.url)
			if (err != nil) != c.bad || got != c.want {
				t.Fatalf("HostOf(%q) = %q, %v; want %q (error %v)", c.url, got, err, c.want, c.bad)
			}
		})
	}
}

func TestHungKeyringTimesOutAndKeepsSessionKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := &Store{kr: hangingKeyring{}, timeout: 50 * time.Millisecond, getenv: env(nil)}
	start := time.Now()
	err := s.SetKey(ctx, "session-only-key", "https://api.example/v1")
	if !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("SetKey err = %v, want ErrKeyringUnavailable", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("SetKey took %s; the timeout did not bound it", d)
	}
	e, err := s.For(ctx, "https://api.example/v1")
	if err != nil || e.Key != "session-only-key" || e.Source != SourceSession {
		t.Fatalf("For() = %+v, %v; want the session key", e, err)
	}
	if _, err := s.For(ctx, "https://elsewhere.example/v1"); !errors.Is(err, ErrWrongHost) {
		t.Fatalf("session key for another host: err = %v, want ErrWrongHost", err)
	}
}

func TestHungKeyringFallsBackToEnv(t *testing.T) {
	t.Parallel()
	s := &Store{kr: hangingKeyring{}, timeout: 50 * time.Millisecond, getenv: env(map[string]string{EnvKey: "k-env"})}
	got, from, err := s.Key(context.Background())
	if err != nil || got != "k-env" || from != SourceEnv {
		t.Fatalf("Key() = %q, %s, %v; want env fallback", got, from, err)
	}
}
