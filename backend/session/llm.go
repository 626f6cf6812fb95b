package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"continuity/backend/llm"
	"continuity/backend/secret"
	"continuity/backend/settings"
)

// AuditDirName is the folder in the data dir that holds the LLM audit log.
const AuditDirName = "audit"

// LLM builds a model client from the saved settings and the key in the
// secret store. It does not look at the engine choice: callers that honour
// "offline" check Settings first. A remote endpoint without a key gives
// llm.ErrNoAPIKey; local servers (Ollama, LM Studio, vLLM on localhost)
// need none. A key saved for another host is never used: a remote
// endpoint then gets an error that is both llm.ErrNoAPIKey and
// secret.ErrWrongHost and names the two hosts. Close the client when done
// (it may hold the audit file).
func (s *Session) LLM(ctx context.Context) (*llm.Client, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return nil, err
	}
	prices, err := s.Settings.LoadPrices(ctx)
	if err != nil {
		return nil, err
	}
	base := Endpoint(st)
	key, kerr := s.Secrets.For(ctx, base)
	if key.Key == "" && llm.NeedsKey(base) {
		if errors.Is(kerr, secret.ErrWrongHost) {
			return nil, fmt.Errorf("%s: %w: %w", base, llm.ErrNoAPIKey, kerr)
		}
		if kerr != nil && !errors.Is(kerr, secret.ErrKeyringUnavailable) {
			return nil, kerr
		}
		return nil, fmt.Errorf("%s: %w", base, llm.ErrNoAPIKey)
	}
	return llm.New(LLMConfig(st, prices, key, s))
}

// Endpoint is the base URL the LLM engine calls: the configured one, else
// $OPENAI_BASE_URL, else OpenAI's API.
func Endpoint(st settings.Settings) string {
	if b := st.EffectiveBaseURL(); b != "" {
		return b
	}
	return llm.DefaultBaseURL
}

// LLMConfig maps settings onto the client configuration. The key travels
// with the host it was saved for, so the client itself refuses any other.
func LLMConfig(st settings.Settings, prices []settings.ModelPrice, key secret.Entry, s *Session) llm.Config {
	cfg := llm.Config{
		BaseURL:           Endpoint(st),
		APIKey:            key.Key,
		APIKeyHost:        key.Host,
		AllowInsecureHTTP: st.AllowInsecureHTTP,
		APIVersion:        st.APIVersion,
		Models:            llm.Models{Answer: st.Models.Answer, Judge: st.Models.Judge, Embedding: st.Models.Embedding},
		Timeout:           time.Duration(st.TimeoutSeconds) * time.Second,
		MaxConcurrency:    st.MaxConcurrency, // 0: the client picks from the budgets
		RequestsPerMinute: st.RequestsPerMinute,
		TokensPerMinute:   st.TokensPerMinute,
		MaxRetries:        st.MaxRetries,
		Prices:            make(llm.Prices, len(prices)),
	}
	if key.Key != "" && key.Host == "" {
		// An Entry without a host cannot be checked; send it nowhere.
		cfg.APIKey = ""
	}
	for _, p := range prices {
		cfg.Prices[p.Model] = llm.Price{InputPerMTok: p.InputPerMTok, OutputPerMTok: p.OutputPerMTok}
	}
	if s != nil {
		cfg.Logger, cfg.Store = s.Log, s.DB
		if st.AuditLog {
			cfg.AuditDir = filepath.Join(s.DataDir, AuditDirName)
		}
	}
	return cfg
}
