package llm

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"continuity/backend/llm/llmtest"
	"continuity/backend/secret"
)

// A client whose key was saved for one host refuses to be built for
// another, so not a single request (and so not the key) reaches it.
func TestKeyIsNotSentToAnotherHost(t *testing.T) {
	t.Parallel()
	owner, other := llmtest.New(t), llmtest.New(t)
	ownerHost, err := secret.HostOf(owner.URL)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{BaseURL: other.URL, APIKey: "sk-bound-to-owner-123", APIKeyHost: ownerHost, Models: Models{Answer: "m"}}
	_, err = New(cfg)
	var wrong *secret.WrongHostError
	if !errors.Is(err, secret.ErrWrongHost) || !errors.As(err, &wrong) || wrong.KeyHost != ownerHost {
		t.Fatalf("New for another host: %v, want a WrongHostError naming %s", err, ownerHost)
	}
	if !strings.Contains(Describe(err), ownerHost) || strings.Contains(err.Error(), cfg.APIKey) {
		t.Fatalf("error %q / %q should name the key's host and never the key", err, Describe(err))
	}
	if n := len(other.Requests()); n != 0 {
		t.Fatalf("the other host received %d requests", n)
	}

	cfg.BaseURL = owner.URL
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	if auth := owner.Requests()[0].Header["Authorization"]; len(auth) != 1 || auth[0] != "Bearer "+cfg.APIKey {
		t.Fatalf("the key's own host did not get it: %v", auth)
	}
}

func TestPlainHTTPOnlyToLoopbackUnlessAllowed(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url string
		allow     bool
		ok        bool
	}{
		{"https remote", "https://api.example.com/v1", false, true},
		{"http remote host", "http://api.example.com/v1", false, false},
		{"http LAN address", "http://192.168.1.20:8000/v1", false, false},
		{"http remote allowed explicitly", "http://192.168.1.20:8000/v1", true, true},
		{"http localhost", "http://localhost:11434/v1", false, true},
		{"http LOCALHOST upper case", "http://LOCALHOST:11434/v1", false, true},
		{"http 127.0.0.2", "http://127.0.0.2:1234/v1", false, true},
		{"http ipv6 loopback", "http://[::1]:8000/v1", false, true},
		{"http name that only starts with localhost", "http://localhost.evil.example/v1", false, false},
		{"http docker host is another machine", "http://host.docker.internal:11434/v1", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cl, err := New(Config{BaseURL: c.url, APIKey: "sk-test-key-123", Models: Models{Answer: "m"}, AllowInsecureHTTP: c.allow})
			if c.ok {
				if err != nil {
					t.Fatalf("New(%s) = %v", c.url, err)
				}
				_ = cl.Close()
				return
			}
			if !errors.Is(err, ErrInsecureHTTP) {
				t.Fatalf("New(%s) = %v, want ErrInsecureHTTP", c.url, err)
			}
		})
	}
}

// A redirect to another origin is not followed: net/http would forward
// Azure's api-key header (and, on the same host name, Authorization) to
// it. The SDK's own origin check blocks it today too; ours does not
// depend on SDK internals, is not retried, and says what happened.
func TestCrossOriginRedirectIsRefused(t *testing.T) {
	t.Parallel()
	const key = "sk-azure-redirect-key-42"
	var leaked []string
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked = append(leaked, r.Header.Get("api-key")+r.Header.Get("Authorization"))
		w.WriteHeader(http.StatusTeapot)
	}))
	defer target.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redirector.Close()

	c, err := New(Config{BaseURL: redirector.URL, APIKey: key, APIVersion: "2024-10-21", Models: Models{Answer: "dep"}, MaxRetries: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, err = c.Ping(context.Background())
	if !errors.Is(err, ErrCrossOriginRedirect) {
		t.Fatalf("Ping through a cross-origin redirect: %v, want ErrCrossOriginRedirect", err)
	}
	if len(leaked) != 0 {
		t.Fatalf("the redirect target received %d requests (headers %q)", len(leaked), leaked)
	}
	if !strings.Contains(Describe(err), "redirected") {
		t.Fatalf("Describe = %q", Describe(err))
	}
}
