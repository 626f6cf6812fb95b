package check

import (
	"context"
	"fmt"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/session"
	"continuity/backend/text"
	"continuity/backend/voice"
	"continuity/backend/voice/vale"
	"continuity/backend/workspace"
)

// RunVoice checks draft against the workspace's guidelines alone, with
// the offline rules or, for engine.LLM, the rules plus one model call. The
// desktop's voice panel calls it; Run checks voice as part of a check.
func RunVoice(ctx context.Context, s *session.Session, ws workspace.Workspace, draft string, eng engine.Engine) (voice.Result, error) {
	var client *llm.Client
	switch eng {
	case engine.Offline:
	case engine.LLM:
		c, err := llmClient(ctx, s)
		if err != nil {
			return voice.Result{}, err
		}
		defer c.Close()
		client = c
	default:
		return voice.Result{}, fmt.Errorf("voice: %w %q", engine.ErrUnknown, eng)
	}
	return voiceOf(ctx, s, ws, draft, client)
}

// voiceOf runs the voice check, with the model when client is not nil.
//
// Like claims, the rules read the normalized text, and the issues'
// passages and offsets are mapped back to the writer's bytes.
func voiceOf(ctx context.Context, s *session.Session, ws workspace.Workspace, draft string, client *llm.Client) (voice.Result, error) {
	res, _, err := voiceWith(ctx, s, ws, draft, client, "")
	return res, err
}

// voiceWith is voiceOf with the rules of valePath, or of the workspace's
// own .vale.ini when there is one, instead of guidelines.md; it says which
// rules it used.
func voiceWith(ctx context.Context, s *session.Session, ws workspace.Workspace, draft string, client *llm.Client, valePath string) (voice.Result, vale.Source, error) {
	g, src, err := vale.LoadRules(ctx, ws.Root, valePath, "")
	if err != nil {
		return voice.Result{}, src, err
	}
	for _, w := range src.Warnings {
		s.Log.Warn("Vale configuration: not run", "at", w.String())
	}
	res, err := runVoiceRules(ctx, s, g, draft, client)
	return res, src, err
}

func runVoiceRules(ctx context.Context, s *session.Session, g *voice.Guidelines, draft string, client *llm.Client) (voice.Result, error) {
	var err error
	norm := text.Normalize(draft)
	var res voice.Result
	if client == nil {
		// a nil literal: a typed nil pointer would look like a model to voice.Run
		res, err = voice.Run(ctx, g, norm.Text, nil)
	} else {
		res, err = voice.Run(ctx, g, norm.Text, client)
	}
	if err != nil {
		return voice.Result{}, err
	}
	if res.Dropped > 0 {
		s.Log.Warn("model voice issues dropped: passage not found in the draft", "dropped", res.Dropped)
	}
	if !norm.Changed() {
		return res, nil
	}
	for i := range res.Issues {
		is := &res.Issues[i]
		is.Start, is.End = norm.Span(is.Start, is.End)
		is.Passage = draft[is.Start:is.End]
	}
	return res, nil
}

// addVoice stores a voice result with the check.
func (r *Report) addVoice(res voice.Result) {
	score := res.Score.Value
	r.VoiceScore, r.Voice = &score, make([]VoiceIssue, 0, len(res.Issues))
	for _, is := range res.Issues {
		r.Voice = append(r.Voice, VoiceIssue{Passage: is.Passage, Start: is.Start, End: is.End, Rule: is.Rule,
			Guideline: is.Guideline, Explanation: is.Explanation, Suggestion: is.Suggestion, Concrete: is.Concrete, Level: string(is.Level)})
	}
}
