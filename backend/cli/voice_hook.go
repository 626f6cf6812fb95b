package cli

import (
	"context"

	"continuity/backend/workspace"
)

// VoiceIssueJSON is one voice & tone issue in `continuity check` output.
// Start and End are byte offsets of Passage in the checked text.
type VoiceIssueJSON struct {
	Passage     string `json:"passage"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
	Level       string `json:"level"` // required | recommended
}

// VoiceResult is the voice part of a check.
type VoiceResult struct {
	Issues []VoiceIssueJSON
	Score  float64 // 0..100
	Engine string
	Model  string
}

// voiceHook runs the voice & tone check for `continuity check`. The voice
// feature sets it from its own file; check calls it when it is set, so the
// two features build independently.
var voiceHook func(ctx context.Context, env *Env, ws workspace.Workspace, text, engine string) (VoiceResult, error)
