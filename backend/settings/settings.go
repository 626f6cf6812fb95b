package settings

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/llm"
	"continuity/backend/store"
)

// Engine names.
const (
	EngineOffline = "offline"
	EngineLLM     = "llm" // any OpenAI-compatible endpoint
)

// EnvBaseURL is read when no base URL is configured.
const EnvBaseURL = "OPENAI_BASE_URL"

// Models names the model used for each role.
type Models struct {
	Answer    string `json:"answer"`
	Judge     string `json:"judge"`
	Embedding string `json:"embedding"`
}

// Settings are the user's choices. The zero value is not useful; start from
// Defaults.
type Settings struct {
	Engine         string `json:"engine"`
	BaseURL        string `json:"base_url"`
	Models         Models `json:"models"`
	CorpusDir      string `json:"corpus_dir"`
	AuditLog       bool   `json:"audit_log"`
	TimeoutSeconds int    `json:"timeout_seconds"`
	// MaxConcurrency is the model calls in flight; 0 = automatic (see
	// Concurrency).
	MaxConcurrency int `json:"max_concurrency"`
	MaxRetries     int `json:"max_retries"`
	// The endpoint's per-minute budgets from the provider's account page;
	// 0 = not set. Calls then wait for the budget instead of drawing 429s.
	RequestsPerMinute int `json:"requests_per_minute"`
	TokensPerMinute   int `json:"tokens_per_minute"`
	// APIVersion is only for classic Azure OpenAI deployment URLs
	// (https://RESOURCE.openai.azure.com with api-version=…); empty otherwise.
	APIVersion string `json:"api_version"`
	// AllowInsecureHTTP permits a plain http:// base URL on another
	// machine (a LAN server), which sends the key and the text
	// unencrypted. Loopback addresses never need it.
	AllowInsecureHTTP bool `json:"allow_insecure_http"`
	// GitHistory imports what the published pages used to say from the
	// workspace's git history at each sync (backend/history); it only
	// applies to workspaces inside a git repository.
	GitHistory bool `json:"git_history"`
}

// Defaults is what a first run uses: the offline engine, so nothing needs a
// key or a network.
func Defaults() Settings {
	return Settings{
		Engine:         EngineOffline,
		Models:         Models{Answer: "gpt-4o-mini", Judge: "gpt-4o-mini", Embedding: "text-embedding-3-small"},
		TimeoutSeconds: 60,
		MaxConcurrency: 0, // automatic: chosen from the budgets
		MaxRetries:     3,
		GitHistory:     true,
	}
}

// ErrInvalid wraps every validation failure.
var ErrInvalid = errors.New("invalid settings")

// Validate reports the first field that is out of range.
func (s Settings) Validate() error {
	bad := func(field, why string) error { return fmt.Errorf("%w: %s: %s", ErrInvalid, field, why) }
	switch s.Engine {
	case EngineOffline, EngineLLM:
	default:
		return bad("engine", fmt.Sprintf("%q is not offline or llm", s.Engine))
	}
	if s.BaseURL != "" {
		u, err := url.Parse(s.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("base_url", fmt.Sprintf("%q is not an http(s) URL", s.BaseURL))
		}
		if u.User != nil {
			return bad("base_url", "must not contain credentials; put the key in the keyring")
		}
		if u.Scheme == "http" && !llm.IsLoopback(u.Hostname()) && !s.AllowInsecureHTTP {
			return bad("base_url", fmt.Sprintf("%q is plain http to another machine, which sends the key and your text unencrypted; use https, or turn on allow_insecure_http if the network is trusted", s.BaseURL))
		}
	}
	if err := validCorpusDir(s.CorpusDir); err != nil {
		return bad("corpus_dir", err.Error())
	}
	if s.TimeoutSeconds < 1 || s.TimeoutSeconds > 3600 {
		return bad("timeout_seconds", "must be 1..3600")
	}
	if err := s.validRates(); err != nil {
		return err
	}
	if s.MaxRetries < 0 || s.MaxRetries > 10 {
		return bad("max_retries", "must be 0..10")
	}
	if len(s.APIVersion) > 40 || strings.ContainsAny(s.APIVersion, " /?&#") {
		return bad("api_version", fmt.Sprintf("%q is not an api-version such as 2024-10-21", s.APIVersion))
	}
	if s.Engine == EngineLLM && strings.TrimSpace(s.Models.Answer) == "" {
		return bad("models.answer", "required for the llm engine")
	}
	return nil
}

// validCorpusDir accepts "" (the sample workspace) or an absolute path
// without "..": a relative path would depend on whichever directory the
// app or CLI happens to start in, and ".." hides where the folder is.
func validCorpusDir(dir string) error {
	if dir == "" {
		return nil
	}
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("%q is a relative path; give the full path of the folder, such as %s", dir, exampleAbs())
	}
	for _, part := range strings.Split(filepath.ToSlash(dir), "/") {
		if part == ".." {
			return fmt.Errorf("%q contains \"..\"; give the folder's path without it", dir)
		}
	}
	return nil
}

func exampleAbs() string {
	if filepath.Separator == '\\' {
		return `C:\Users\me\Documents\help-center`
	}
	return "/home/me/help-center"
}

// EffectiveBaseURL is the configured URL or the environment fallback.
func (s Settings) EffectiveBaseURL() string {
	if s.BaseURL != "" {
		return s.BaseURL
	}
	return os.Getenv(EnvBaseURL)
}

var migrations = []store.Migration{
	{Version: 1, SQL: `CREATE TABLE settings (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL,
		updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`},
}

// Repo loads and saves settings.
type Repo struct{ db *store.DB }

// NewRepo migrates the settings table.
func NewRepo(ctx context.Context, db *store.DB) (*Repo, error) {
	if err := db.Migrate(ctx, "settings", migrations); err != nil {
		return nil, err
	}
	return &Repo{db: db}, nil
}

const rowKey = "app"

// Load returns the saved settings over the defaults.
func (r *Repo) Load(ctx context.Context) (Settings, error) {
	s := Defaults()
	var raw string
	err := r.db.Reader().QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, rowKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("load settings: %w", err)
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return Defaults(), fmt.Errorf("load settings: stored value is not valid JSON: %w", err)
	}
	return s, nil
}

// Save validates and stores s.
func (r *Repo) Save(ctx context.Context, s Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO settings(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value,
		updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, rowKey, string(b))
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	return nil
}
