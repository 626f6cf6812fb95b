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
// need none. Close the client when done (it may hold the audit file).
func (s *Session) LLM(ctx context.Context) (*llm.Client, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return nil, err
	}
	prices, err := s.Settings.LoadPrices(ctx)
	if err != nil {
		return nil, err
	}
	key, _, kerr := s.Secrets.Key(ctx)
	base := st.EffectiveBaseURL()
	if key == "" && llm.NeedsKey(base) {
		if kerr != nil && !errors.Is(kerr, secret.ErrKeyringUnavailable) {
			return nil, kerr
		}
		where := base
		if where == "" {
			where = llm.DefaultBaseURL
		}
		return nil, fmt.Errorf("%s: %w", where, llm.ErrNoAPIKey)
	}
	return llm.New(LLMConfig(st, prices, key, s))
}

// LLMConfig maps settings onto the client configuration.
func LLMConfig(st settings.Settings, prices []settings.ModelPrice, key string, s *Session) llm.Config {
	cfg := llm.Config{
		BaseURL:        st.EffectiveBaseURL(),
		APIKey:         key,
		APIVersion:     st.APIVersion,
		Models:         llm.Models{Answer: st.Models.Answer, Judge: st.Models.Judge, Embedding: st.Models.Embedding},
		Timeout:        time.Duration(st.TimeoutSeconds) * time.Second,
		MaxConcurrency: st.MaxConcurrency,
		MaxRetries:     st.MaxRetries,
		Prices:         make(llm.Prices, len(prices)),
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
