package app

import (
	"errors"

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
		MaxConcurrency: s.MaxConcurrency, MaxRetries: s.MaxRetries}
}

func fromSettingsDTO(d SettingsDTO) settings.Settings {
	return settings.Settings{Engine: d.Engine, BaseURL: d.BaseURL,
		Models:    settings.Models{Answer: d.Models.Answer, Judge: d.Models.Judge, Embedding: d.Models.Embedding},
		CorpusDir: d.CorpusDir, AuditLog: d.AuditLog, TimeoutSeconds: d.TimeoutSeconds,
		MaxConcurrency: d.MaxConcurrency, MaxRetries: d.MaxRetries}
}
