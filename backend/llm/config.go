package llm

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"continuity/backend/secret"
	"continuity/backend/store"
)

// DefaultBaseURL is OpenAI's API, used when Config.BaseURL is empty.
const DefaultBaseURL = "https://api.openai.com/v1"

// Models names the model per role.
type Models struct {
	Answer    string
	Judge     string
	Embedding string
}

// Config builds a Client. Zero numeric fields take the defaults noted.
type Config struct {
	BaseURL        string // "" = OpenAI
	APIKey         string // may be empty for local endpoints (see NeedsKey)
	APIVersion     string // Azure OpenAI classic deployments only: the api-version query value
	Models         Models
	Timeout        time.Duration // per attempt; default 60s
	MaxConcurrency int           // calls in flight; default SuggestConcurrency(RequestsPerMinute, 2s)
	// The endpoint's per-minute budgets (0 = none): calls wait for them
	// instead of drawing 429s. The server's x-ratelimit-* and Retry-After
	// headers pause calls either way.
	RequestsPerMinute int
	TokensPerMinute   int
	MaxRetries        int          // retries after the first attempt; negative = 0; default (0) means 0
	Prices            Prices       // per-model prices; nil = every cost unknown
	AuditDir          string       // "" = audit log off
	Logger            *slog.Logger // nil = discard
	HTTPClient        *http.Client // nil = a fresh client; redirects are limited to the same origin either way
	Store             *store.DB    // nil = ledger in memory only

	// APIKeyHost is the host the key was saved for (secret.HostOf). When
	// set, New refuses a BaseURL on any other host rather than send the key
	// there. Empty means the caller vouches for the pairing (tests, tools).
	APIKeyHost string
	// AllowInsecureHTTP permits plain http:// to a host that is not this
	// machine; without it such a BaseURL is ErrInsecureHTTP.
	AllowInsecureHTTP bool

	// Backoff tuning; zero takes the default. Tests shorten these.
	BackoffBase   time.Duration // first retry delay; default 500ms
	BackoffMax    time.Duration // cap on computed backoff; default 8s
	RetryAfterMax time.Duration // cap on a server's Retry-After; default 60s

	clock clock // nil = real time; tests inject a fake
}

func (c Config) withDefaults() Config {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Timeout <= 0 {
		c.Timeout = 60 * time.Second
	}
	if c.MaxConcurrency <= 0 {
		c.MaxConcurrency = SuggestConcurrency(c.RequestsPerMinute, 2*time.Second)
	}
	if c.clock == nil {
		c.clock = realClock{}
	}
	if c.MaxRetries < 0 {
		c.MaxRetries = 0
	}
	if c.BackoffBase <= 0 {
		c.BackoffBase = 500 * time.Millisecond
	}
	if c.BackoffMax <= 0 {
		c.BackoffMax = 8 * time.Second
	}
	if c.RetryAfterMax <= 0 {
		c.RetryAfterMax = 60 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	hc := &http.Client{}
	if c.HTTPClient != nil {
		copied := *c.HTTPClient
		hc = &copied
	}
	hc.CheckRedirect = sameOriginRedirects(hc.CheckRedirect)
	c.HTTPClient = hc
	return c
}

func (c Config) validate() error {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("llm: base URL %q is not an http(s) URL", c.BaseURL)
	}
	if u.User != nil {
		return fmt.Errorf("llm: base URL must not contain credentials")
	}
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) && !c.AllowInsecureHTTP {
		return fmt.Errorf("llm: %s: %w", u.Redacted(), ErrInsecureHTTP)
	}
	if c.APIKey != "" && c.APIKeyHost != "" {
		host, err := secret.HostOf(c.BaseURL)
		if err != nil {
			return fmt.Errorf("llm: %w", err)
		}
		if host != c.APIKeyHost {
			return &secret.WrongHostError{KeyHost: c.APIKeyHost, Host: host}
		}
	}
	if strings.TrimSpace(c.Models.Answer) == "" {
		return fmt.Errorf("llm: no answer model configured")
	}
	if c.APIKey == "" && NeedsKey(c.BaseURL) {
		return fmt.Errorf("llm: %s: %w", c.BaseURL, ErrNoAPIKey)
	}
	return nil
}

// NeedsKey reports whether an endpoint needs an API key. Servers on this
// machine (Ollama, LM Studio, a local vLLM) usually do not; every remote
// endpoint is assumed to.
func NeedsKey(baseURL string) bool {
	if baseURL == "" {
		return true
	}
	u, err := url.Parse(baseURL)
	if err != nil {
		return true
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || host == "host.docker.internal" {
		return false
	}
	ip := net.ParseIP(host)
	return ip == nil || !(ip.IsLoopback() || ip.IsUnspecified())
}

// IsLoopback reports whether host names this machine: localhost (and
// *.localhost, which resolvers must keep local), 127.0.0.0/8 or ::1. Only
// these may be reached over plain http without AllowInsecureHTTP: traffic
// to them never leaves the machine.
func IsLoopback(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOriginRedirects refuses a redirect to another scheme or host[:port]:
// Go drops Authorization on a cross-domain redirect but would forward
// Azure's api-key header, and would follow https to plain http.
func sameOriginRedirects(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		orig := via[0].URL
		if req.URL.Scheme != orig.Scheme || !strings.EqualFold(req.URL.Host, orig.Host) {
			return fmt.Errorf("llm: refusing redirect from %s://%s to %s://%s: %w",
				orig.Scheme, orig.Host, req.URL.Scheme, req.URL.Host, ErrCrossOriginRedirect)
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("llm: stopped after 10 redirects")
		}
		return nil
	}
}

// DisplayURL is a base URL fit to show: without credentials, query values
// or fragment, since an $OPENAI_BASE_URL is not validated like Settings and
// could carry a key in any of them.
func DisplayURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(not a valid URL)"
	}
	u.User = nil
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			q[k] = []string{"REDACTED"}
		}
		u.RawQuery = q.Encode()
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}
