package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"continuity/backend/llm"
	"continuity/backend/secret"
	"continuity/backend/settings"
)

// SettingsService edits the engine, endpoint and models, and the API key.
type SettingsService struct{ c *core }

// Get returns the saved settings.
func (s *SettingsService) Get() (SettingsDTO, error) {
	s.c.ready()
	st, err := s.c.sess.Settings.Load(s.c.ctx)
	return toSettingsDTO(st), err
}

// Save validates and stores the settings.
func (s *SettingsService) Save(d SettingsDTO) error {
	s.c.ready()
	return s.c.sess.Settings.Save(s.c.ctx, fromSettingsDTO(d))
}

// KeyStatus says whether a key is available, never what it is.
func (s *SettingsService) KeyStatus() KeyStatusDTO {
	s.c.ready()
	key, src, err := s.c.sess.Secrets.Key(s.c.ctx)
	st := KeyStatusDTO{Present: key != "", Source: string(src)}
	if err != nil {
		st.Warning = "The system keyring is not available, so no key could be read from it. " + err.Error()
	}
	return st
}

// SetAPIKey stores key in the OS keyring. If the keyring is unavailable the
// key is kept for this session only and the status says so.
func (s *SettingsService) SetAPIKey(key string) (KeyStatusDTO, error) {
	s.c.ready()
	err := s.c.sess.Secrets.SetKey(s.c.ctx, key)
	if err != nil && !errors.Is(err, secret.ErrKeyringUnavailable) {
		return KeyStatusDTO{}, err
	}
	st := s.KeyStatus()
	if err != nil {
		st.Warning = "The system keyring is not available: the key is kept until you close the app and is not saved."
	}
	return st, nil
}

// ClearAPIKey removes the key from the keyring and memory.
func (s *SettingsService) ClearAPIKey() error {
	s.c.ready()
	return s.c.sess.Secrets.DeleteKey(s.c.ctx)
}

func toSettingsDTO(s settings.Settings) SettingsDTO {
	return SettingsDTO{Engine: s.Engine, BaseURL: s.BaseURL,
		Models:    ModelsDTO{Answer: s.Models.Answer, Judge: s.Models.Judge, Embedding: s.Models.Embedding},
		CorpusDir: s.CorpusDir, AuditLog: s.AuditLog, TimeoutSeconds: s.TimeoutSeconds,
		MaxConcurrency: s.MaxConcurrency, MaxRetries: s.MaxRetries, APIVersion: s.APIVersion}
}

func fromSettingsDTO(d SettingsDTO) settings.Settings {
	return settings.Settings{Engine: d.Engine, BaseURL: d.BaseURL,
		Models:    settings.Models{Answer: d.Models.Answer, Judge: d.Models.Judge, Embedding: d.Models.Embedding},
		CorpusDir: d.CorpusDir, AuditLog: d.AuditLog, TimeoutSeconds: d.TimeoutSeconds,
		MaxConcurrency: d.MaxConcurrency, MaxRetries: d.MaxRetries, APIVersion: d.APIVersion}
}

// connectionTestTimeout bounds the whole test, retries included.
const connectionTestTimeout = 30 * time.Second

// TestConnection makes one tiny call with the saved settings and answer
// model, and says in plain words what went wrong if it failed. It uses
// the endpoint even when the engine is set to offline, so a writer can
// check a provider before switching to it.
func (s *SettingsService) TestConnection() (ConnectionTestDTO, error) {
	s.c.ready()
	ctx, cancel := context.WithTimeout(s.c.ctx, connectionTestTimeout)
	defer cancel()
	st, err := s.c.sess.Settings.Load(ctx)
	if err != nil {
		return ConnectionTestDTO{}, err
	}
	out := ConnectionTestDTO{BaseURL: st.EffectiveBaseURL(), Model: st.Models.Answer}
	if out.BaseURL == "" {
		out.BaseURL = llm.DefaultBaseURL
	}
	client, err := s.c.sess.LLM(ctx)
	if err != nil {
		out.Message, out.Detail = llm.Describe(err), err.Error()
		return out, nil
	}
	defer client.Close()
	p, err := client.Ping(ctx)
	out.LatencyMS = p.Latency.Milliseconds()
	if p.Model != "" {
		out.Model = p.Model
	}
	if err != nil {
		out.Message, out.Detail = llm.Describe(err), err.Error()
		return out, nil
	}
	out.OK = true
	out.Message = fmt.Sprintf("Connected. %s answered in %.1f seconds.", out.Model, p.Latency.Seconds())
	return out, nil
}

// Prices returns the editable per-model price table.
func (s *SettingsService) Prices() ([]ModelPriceDTO, error) {
	s.c.ready()
	ps, err := s.c.sess.Settings.LoadPrices(s.c.ctx)
	out := make([]ModelPriceDTO, len(ps))
	for i, p := range ps {
		out[i] = ModelPriceDTO(p)
	}
	return out, err
}

// SavePrices validates and stores the price table; a model left out has an
// unknown cost.
func (s *SettingsService) SavePrices(rows []ModelPriceDTO) error {
	s.c.ready()
	ps := make([]settings.ModelPrice, len(rows))
	for i, r := range rows {
		ps[i] = settings.ModelPrice(r)
	}
	return s.c.sess.Settings.SavePrices(s.c.ctx, ps)
}
