package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"continuity/backend/llm"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/voice"
	"continuity/backend/workspace"
)

func init() {
	voiceHook = func(ctx context.Context, env *Env, ws workspace.Workspace, text, engine string) (VoiceResult, error) {
		s, err := env.Session(ctx)
		if err != nil {
			return VoiceResult{}, err
		}
		res, err := RunVoice(ctx, s, ws, text, engine)
		if err != nil {
			return VoiceResult{}, err
		}
		out := VoiceResult{Issues: make([]VoiceIssueJSON, 0, len(res.Issues)), Score: res.Score.Value, Engine: res.Engine, Model: res.Model}
		for _, is := range res.Issues {
			out.Issues = append(out.Issues, VoiceIssueJSON{Passage: is.Passage, Start: is.Start, End: is.End, Rule: is.Rule,
				Guideline: is.Guideline, Explanation: is.Explanation, Suggestion: is.Suggestion, Level: string(is.Level)})
		}
		if res.Dropped > 0 {
			env.Log.Warn("model voice issues dropped: passage not found in the draft", "dropped", res.Dropped)
		}
		return out, nil
	}
}

// RunVoice checks text against the workspace's guidelines with engine
// "offline" or "llm" (the rules plus one model call). The desktop app calls
// it too, so both build the model client the same way.
func RunVoice(ctx context.Context, s *session.Session, ws workspace.Workspace, text, engine string) (voice.Result, error) {
	g, err := voice.LoadFile(ws.GuidelinesPath())
	if err != nil {
		return voice.Result{}, err
	}
	switch engine {
	case settings.EngineOffline:
		return voice.Run(ctx, g, text, nil)
	case settings.EngineLLM:
		c, err := voiceClient(ctx, s)
		if err != nil {
			return voice.Result{}, err
		}
		return voice.Run(ctx, g, text, c)
	}
	return voice.Result{}, Usagef("voice engine %q is not offline or llm", engine)
}

// voiceClient builds an LLM client from the saved settings and key.
func voiceClient(ctx context.Context, s *session.Session) (*llm.Client, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return nil, err
	}
	key, _, err := s.Secrets.Key(ctx)
	if err != nil {
		return nil, fmt.Errorf("read API key: %w", err)
	}
	cfg := llm.Config{BaseURL: st.BaseURL, APIKey: key,
		Models:         llm.Models{Answer: st.Models.Answer, Judge: st.Models.Judge, Embedding: st.Models.Embedding},
		Timeout:        time.Duration(st.TimeoutSeconds) * time.Second,
		MaxConcurrency: st.MaxConcurrency, MaxRetries: st.MaxRetries, Logger: s.Log, Store: s.DB}
	if st.AuditLog {
		cfg.AuditDir = filepath.Join(s.DataDir, "audit")
	}
	return llm.New(cfg)
}
