package cli

import (
	"context"

	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/text"
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
//
// Like claims, the rules read the normalized text and the issues' passages
// and offsets are mapped back to the writer's bytes.
func RunVoice(ctx context.Context, s *session.Session, ws workspace.Workspace, draft, engine string) (voice.Result, error) {
	g, err := voice.LoadFile(ws.GuidelinesPath())
	if err != nil {
		return voice.Result{}, err
	}
	norm := text.Normalize(draft)
	var res voice.Result
	switch engine {
	case settings.EngineOffline:
		res, err = voice.Run(ctx, g, norm.Text, nil)
	case settings.EngineLLM:
		c, cerr := s.LLM(ctx)
		if cerr != nil {
			return voice.Result{}, cerr
		}
		res, err = voice.Run(ctx, g, norm.Text, c)
	default:
		return voice.Result{}, Usagef("voice engine %q is not offline or llm", engine)
	}
	if err != nil || !norm.Changed() {
		return res, err
	}
	for i := range res.Issues {
		is := &res.Issues[i]
		is.Start, is.End = norm.Span(is.Start, is.End)
		is.Passage = draft[is.Start:is.End]
	}
	return res, nil
}
