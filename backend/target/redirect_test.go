package target

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// seen is what one server was sent.
type seen struct {
	mu    sync.Mutex
	calls int
	reqs  []http.Header
	body  []string
}

func (s *seen) record(r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	s.reqs = append(s.reqs, r.Header.Clone())
	s.body = append(s.body, string(b))
}

// TestRedirectsNeverCarryHeadersToAnotherOrigin is the reproduction of
// issue 29 item 1: a target answering 307 to another port got the run
// re-POSTed there with X-Api-Key, Authorization and a Referer.
func TestRedirectsNeverCarryHeadersToAnotherOrigin(t *testing.T) {
	t.Parallel()
	const key, token = "key-5c4b3a29", "tok-1a2b3c4d"
	var other seen
	otherSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		other.record(r)
		fmt.Fprint(w, `{"answer": "the other server's answer"}`)
	}))
	t.Cleanup(otherSrv.Close)
	ou, _ := url.Parse(otherSrv.URL)
	otherPort := ou.Port()

	var own seen
	var ownURL string
	ownSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		own.record(r)
		switch r.URL.Path {
		case "/ask":
			to := r.URL.Query().Get("to")
			if to == "same" {
				to = ownURL + "/ok"
			}
			w.Header().Set("Location", to)
			w.WriteHeader(http.StatusTemporaryRedirect)
		case "/ok":
			fmt.Fprint(w, `{"answer": "own answer"}`)
		}
	}))
	t.Cleanup(ownSrv.Close)
	ownURL = ownSrv.URL

	cases := []struct {
		name, to, policy string
		wantErr          bool
		wantLocation     string
		ownCalls         int
	}{
		{"another host and port, default policy", "http://localhost:" + otherPort + "/ok", "", true, "http://localhost:" + otherPort + "/ok", 1},
		{"only the port differs, default policy", "http://127.0.0.1:" + otherPort + "/ok?k=v", "", true, "http://127.0.0.1:" + otherPort + "/ok", 1},
		{"another origin, same-origin policy", "http://localhost:" + otherPort + "/ok", "follow_redirects: same-origin\n", true, "http://localhost:" + otherPort + "/ok", 1},
		{"only the port differs, same-origin policy", "http://127.0.0.1:" + otherPort + "/ok", "follow_redirects: same-origin\n", true, "http://127.0.0.1:" + otherPort + "/ok", 1},
		{"same origin, never policy", "same", "follow_redirects: never\n", true, ownURL + "/ok", 1},
		{"same origin, same-origin policy", "same", "follow_redirects: same-origin\n", false, "", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			own.mu.Lock()
			own.calls, own.reqs, own.body = 0, nil, nil
			own.mu.Unlock()
			cfg, err := Parse("bot.yaml", []byte("url: "+ownURL+"/ask?to="+url.QueryEscape(c.to)+
				"\nanswer: $.answer\nretries: 2\nheaders: {X-Api-Key: \"${BOT_KEY}\", Authorization: \"Bearer ${BOT_TOKEN}\"}\n"+
				"body: {question: \"{{question}}\"}\n"+c.policy))
			if err != nil {
				t.Fatal(err)
			}
			cl, err := NewClient(cfg, env{"BOT_KEY": key, "BOT_TOKEN": token}.get, ownSrv.Client())
			if err != nil {
				t.Fatal(err)
			}
			cl.backoff = func(int, time.Duration) time.Duration { return 0 }
			r, err := cl.Respond(context.Background(), Question{ID: "Q1", Text: "How long?"})
			if c.wantErr {
				var re *RedirectError
				if !errors.Is(err, ErrRedirect) || !errors.As(err, &re) || re.Location != c.wantLocation || !strings.Contains(err.Error(), c.wantLocation) || !strings.Contains(err.Error(), "307 Temporary Redirect") {
					t.Fatalf("err = %v, want a refused redirect naming %s", err, c.wantLocation)
				}
				if strings.Contains(err.Error(), key) || strings.Contains(err.Error(), token) {
					t.Fatalf("error %q carries a secret", err)
				}
			} else if err != nil || r.Answer != "own answer" {
				t.Fatalf("answer %q, err %v", r.Answer, err)
			}
			own.mu.Lock()
			defer own.mu.Unlock()
			if own.calls != c.ownCalls {
				t.Fatalf("target called %d times, want %d (a refused redirect is not retried)", own.calls, c.ownCalls)
			}
			if !c.wantErr {
				hop := own.reqs[1]
				if hop.Get("X-Api-Key") != key || hop.Get("Authorization") != "Bearer "+token || own.body[1] != `{"question":"How long?"}` {
					t.Fatalf("same-origin hop lost the request: %v %q", hop, own.body[1])
				}
				if ref := hop.Get("Referer"); ref != "" {
					t.Fatalf("same-origin hop sent Referer %q", ref)
				}
			}
		})
	}
	other.mu.Lock()
	defer other.mu.Unlock()
	if other.calls != 0 {
		t.Fatalf("the other origin was called %d times with headers %v", other.calls, other.reqs)
	}
}

type env map[string]string

func (m env) get(k string) string { return m[k] }

func TestSameOrigin(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, a, b string
		same       bool
	}{
		{"identical", "http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b?x=1", true},
		{"default port made explicit", "https://bot.example/a", "https://BOT.example:443/b", true},
		{"another port", "http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a", false},
		{"another host on the same port", "http://127.0.0.1:8080/a", "http://localhost:8080/a", false},
		{"https to http", "https://bot.example/a", "http://bot.example/a", false},
		{"http to https", "http://bot.example/a", "https://bot.example/a", false},
		{"a subdomain", "https://bot.example/a", "https://evil.bot.example/a", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, _ := url.Parse(c.a)
			b, _ := url.Parse(c.b)
			if got := sameOrigin(a, b); got != c.same {
				t.Fatalf("sameOrigin(%s, %s) = %v", c.a, c.b, got)
			}
		})
	}
}

func TestParseFollowRedirects(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, line, want, wantErr string
	}{
		{"default", "", RedirectsNever, ""},
		{"same-origin", "follow_redirects: same-origin\n", RedirectsSameOrigin, ""},
		{"never", "follow_redirects: never\n", RedirectsNever, ""},
		{"a boolean is not a policy", "follow_redirects: true\n", "", `bot.yaml:3: follow_redirects "true" is not supported`},
		{"any origin is not offered", "follow_redirects: all\n", "", `bot.yaml:3: follow_redirects "all" is not supported`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Parse("bot.yaml", []byte("url: http://127.0.0.1:1/a\nanswer: $.a\n"+c.line))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || cfg.FollowRedirects != c.want {
				t.Fatalf("policy %q, err %v", cfg.FollowRedirects, err)
			}
		})
	}
}

// a target server's redirect must not leave a client that a caller passed
// in changed: the policy is on a copy.
func TestRedirectPolicyLeavesTheCallersClient(t *testing.T) {
	t.Parallel()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return nil }}
	cfg, err := Parse("bot.yaml", []byte("url: http://127.0.0.1:1/a\nanswer: $.a\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewClient(cfg, nil, hc)
	if err != nil {
		t.Fatal(err)
	}
	if c.http == hc || hc.CheckRedirect == nil {
		t.Fatal("NewClient changed the caller's http.Client")
	}
}
