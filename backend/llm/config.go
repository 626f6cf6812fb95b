package llm

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

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
	MaxConcurrency int           // calls in flight; default 4
	MaxRetries     int           // retries after the first attempt; negative = 0; default (0) means 0
	Prices         Prices        // per-model prices; nil = every cost unknown
	AuditDir       string        // "" = audit log off
	Logger         *slog.Logger  // nil = discard
	HTTPClient     *http.Client  // nil = a fresh client
	Store          *store.DB     // nil = ledger in memory only

	// Backoff tuning; zero takes the default. Tests shorten these.
	BackoffBase   time.Duration // first retry delay; default 500ms
	BackoffMax    time.Duration // cap on computed backoff; default 8s
	RetryAfterMax time.Duration // cap on a server's Retry-After; default 60s
}

func (c Config) withDefaults() Config {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Timeout <= 0 {
		c.Timeout = 60 * time.Second
	}
	if c.MaxConcurrency <= 0 {
		c.MaxConcurrency = 4
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
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
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
