package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"continuity/backend/llm"
	"continuity/backend/secret"
	"continuity/backend/session"
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

// KeyStatus says whether a key is stored, which host it belongs to and
// whether it goes to the saved endpoint, never what it is. A key saved for
// another host is present (so it can be removed) but not sent, with a
// warning naming both hosts.
func (s *SettingsService) KeyStatus() KeyStatusDTO {
	s.c.ready()
	return s.keyStatus(s.c.ctx)
}

func (s *SettingsService) keyStatus(ctx context.Context) KeyStatusDTO {
	st, err := s.c.sess.Settings.Load(ctx)
	if err != nil {
		return KeyStatusDTO{Source: string(secret.SourceNone), Warning: "The settings could not be read: " + err.Error()}
	}
	base := session.Endpoint(st)
	out := KeyStatusDTO{Source: string(secret.SourceNone), Endpoint: llm.DisplayURL(base)}
	e, err := s.c.sess.Secrets.For(ctx, base)
	var wrong *secret.WrongHostError
	switch {
	case errors.As(err, &wrong):
		out.Present, out.Source, out.Host = true, string(wrong.Source), wrong.KeyHost
		out.Warning = fmt.Sprintf("The saved key belongs to %s, so it is not sent to %s. Save a key for %s here.", wrong.KeyHost, wrong.Host, wrong.Host)
	case errors.Is(err, secret.ErrKeyringUnavailable):
		out.Warning = "The system keyring is not available, so no key could be read from it. " + err.Error()
	case err != nil:
		out.Warning = err.Error()
	case e.Key != "":
		out.Present, out.Source, out.Host, out.SentToEndpoint = true, string(e.Source), e.Host, true
	}
	return out
}

// SetAPIKey stores key in the OS keyring, bound to the host of the saved
// base URL: save the settings first when changing the endpoint. If the
// keyring is unavailable the key is kept for this session only and the
// status says so.
func (s *SettingsService) SetAPIKey(key string) (KeyStatusDTO, error) {
	s.c.ready()
	st, err := s.c.sess.Settings.Load(s.c.ctx)
	if err != nil {
		return KeyStatusDTO{}, err
	}
	err = s.c.sess.Secrets.SetKey(s.c.ctx, key, session.Endpoint(st))
	if err != nil && !errors.Is(err, secret.ErrKeyringUnavailable) {
		return KeyStatusDTO{}, err
	}
	out := s.keyStatus(s.c.ctx)
	if err != nil {
		out.Warning = "The system keyring is not available: the key is kept until you close the app and is not saved."
	}
	return out, nil
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
		MaxConcurrency: s.MaxConcurrency, MaxRetries: s.MaxRetries,
		RequestsPerMinute: s.RequestsPerMinute, TokensPerMinute: s.TokensPerMinute, APIVersion: s.APIVersion,
		AllowInsecureHTTP: s.AllowInsecureHTTP, GitHistory: s.GitHistory}
}

func fromSettingsDTO(d SettingsDTO) settings.Settings {
	return settings.Settings{Engine: d.Engine, BaseURL: d.BaseURL,
		Models:    settings.Models{Answer: d.Models.Answer, Judge: d.Models.Judge, Embedding: d.Models.Embedding},
		CorpusDir: d.CorpusDir, AuditLog: d.AuditLog, TimeoutSeconds: d.TimeoutSeconds,
		MaxConcurrency: d.MaxConcurrency, MaxRetries: d.MaxRetries,
		RequestsPerMinute: d.RequestsPerMinute, TokensPerMinute: d.TokensPerMinute, APIVersion: d.APIVersion,
		AllowInsecureHTTP: d.AllowInsecureHTTP, GitHistory: d.GitHistory}
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
	out := ConnectionTestDTO{BaseURL: llm.DisplayURL(session.Endpoint(st)), Model: st.Models.Answer}
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
