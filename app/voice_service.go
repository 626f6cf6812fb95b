package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"

	"continuity/backend/check"
	"continuity/backend/engine"
	"continuity/backend/voice"
)

// VoiceService runs the voice & tone check and edits the guidelines.
type VoiceService struct{ c *core }

// maxVoiceText bounds what a webview script can make us parse.
const maxVoiceText = 2 << 20

// VoiceIssueDTO is one voice issue; Start/End are byte offsets into the text.
type VoiceIssueDTO struct {
	Passage     string `json:"passage"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
	Concrete    bool   `json:"concrete"` // Suggestion replaces Passage as is
	Level       string `json:"level"`
	Engine      string `json:"engine"`
}

// VoiceScoreDTO is the 0–100 voice score with its band.
type VoiceScoreDTO struct {
	Value       float64 `json:"value"`
	Band        string  `json:"band"`  // green | yellow | red
	Label       string  `json:"label"` // the band in words
	Words       int     `json:"words"`
	Required    int     `json:"required"`
	Recommended int     `json:"recommended"`
	PerHundred  float64 `json:"per_hundred"`
}

// VoiceCheckDTO is a whole voice check.
type VoiceCheckDTO struct {
	Issues  []VoiceIssueDTO `json:"issues"`
	Score   VoiceScoreDTO   `json:"score"`
	Engine  string          `json:"engine"`
	Model   string          `json:"model"`
	Dropped int             `json:"dropped"`
}

// GuidelinesDTO is the guidelines document.
type GuidelinesDTO struct {
	Path string `json:"path"`
	Text string `json:"text"`
}

// GuidelineErrorDTO is one located problem; Line is 1-based (0: no line).
type GuidelineErrorDTO struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// GuidelinesValidationDTO says whether text is valid and, if saved, where.
type GuidelinesValidationDTO struct {
	Valid  bool                `json:"valid"`
	Saved  bool                `json:"saved"`
	Rules  int                 `json:"rules"`
	Errors []GuidelineErrorDTO `json:"errors"`
}

func checkText(text string) error {
	if len(text) > maxVoiceText {
		return fmt.Errorf("text is %d bytes; the limit is %d", len(text), maxVoiceText)
	}
	if !utf8.ValidString(text) {
		return errors.New("text is not valid UTF-8")
	}
	return nil
}

// CheckVoice checks text with the engine chosen in Settings.
func (s *VoiceService) CheckVoice(text string) (VoiceCheckDTO, error) {
	s.c.ready()
	if err := checkText(text); err != nil {
		return VoiceCheckDTO{}, err
	}
	ctx := s.c.ctx
	ws, err := s.c.sess.Workspace(ctx)
	if err != nil {
		return VoiceCheckDTO{}, err
	}
	st, err := s.c.sess.Settings.Load(ctx)
	if err != nil {
		return VoiceCheckDTO{}, err
	}
	eng, err := engine.Parse(st.Engine)
	if err != nil {
		return VoiceCheckDTO{}, fmt.Errorf("the engine in Settings: %w", err)
	}
	res, err := check.RunVoice(ctx, s.c.sess, ws, text, eng)
	if err != nil {
		return VoiceCheckDTO{}, desktopCheckError(err)
	}
	sc := res.Score
	out := VoiceCheckDTO{Issues: make([]VoiceIssueDTO, 0, len(res.Issues)), Engine: res.Engine, Model: res.Model, Dropped: res.Dropped,
		Score: VoiceScoreDTO{Value: sc.Value, Band: sc.Band, Label: sc.Label, Words: sc.Words, Required: sc.Required,
			Recommended: sc.Recommended, PerHundred: sc.PerHundred}}
	for _, is := range res.Issues {
		out.Issues = append(out.Issues, VoiceIssueDTO{Passage: is.Passage, Start: is.Start, End: is.End, Rule: is.Rule,
			Guideline: is.Guideline, Explanation: is.Explanation, Suggestion: is.Suggestion, Concrete: is.Concrete,
			Level: string(is.Level), Engine: is.Engine})
	}
	return out, nil
}

// GetGuidelines returns the workspace's guidelines document.
func (s *VoiceService) GetGuidelines() (GuidelinesDTO, error) {
	s.c.ready()
	path, err := s.guidelinesPath()
	if err != nil {
		return GuidelinesDTO{}, err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return GuidelinesDTO{}, fmt.Errorf("read guidelines: %w", err)
	}
	return GuidelinesDTO{Path: path, Text: string(b)}, nil
}

// ValidateGuidelines parses text without saving it.
func (s *VoiceService) ValidateGuidelines(text string) (GuidelinesValidationDTO, error) {
	s.c.ready()
	if err := checkText(text); err != nil {
		return GuidelinesValidationDTO{}, err
	}
	return validateGuidelines(text), nil
}

// SaveGuidelines validates text and saves it only when it is valid; the
// located errors come back either way.
func (s *VoiceService) SaveGuidelines(text string) (GuidelinesValidationDTO, error) {
	s.c.ready()
	if err := checkText(text); err != nil {
		return GuidelinesValidationDTO{}, err
	}
	v := validateGuidelines(text)
	if !v.Valid {
		return v, nil
	}
	path, err := s.guidelinesPath()
	if err != nil {
		return v, err
	}
	// Write beside the file and rename, so a crash never leaves half a guide.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".guidelines-*.md")
	if err != nil {
		return v, fmt.Errorf("save guidelines: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return v, fmt.Errorf("save guidelines: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return v, fmt.Errorf("save guidelines: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return v, fmt.Errorf("save guidelines: %w", err)
	}
	v.Saved = true
	return v, nil
}

func (s *VoiceService) guidelinesPath() (string, error) {
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return "", err
	}
	return ws.GuidelinesPath(), nil
}

func validateGuidelines(text string) GuidelinesValidationDTO {
	out := GuidelinesValidationDTO{Errors: []GuidelineErrorDTO{}}
	g, err := voice.Parse(text)
	var pe *voice.ParseError
	if errors.As(err, &pe) {
		for _, e := range pe.Errors {
			out.Errors = append(out.Errors, GuidelineErrorDTO{e.Line, e.Message})
		}
		return out
	}
	if err != nil {
		out.Errors = append(out.Errors, GuidelineErrorDTO{0, err.Error()})
		return out
	}
	out.Valid, out.Rules = true, g.RuleCount()
	return out
}
