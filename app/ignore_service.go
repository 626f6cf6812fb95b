package app

import (
	"os"
	"path/filepath"

	"continuity/backend/corpus"
)

// SkippedDTO is a file (or folder, path ending in "/") a sync did not
// index, relative to the workspace root, with the reason code and detail.
type SkippedDTO struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

// IgnoreRuleDTO is one rule in force, with where it comes from.
type IgnoreRuleDTO struct {
	Source  string `json:"source"` // "default" or ".continuityignore"
	Line    int    `json:"line"`   // 0 for defaults
	Pattern string `json:"pattern"`
}

// IgnoreLineErrorDTO is an invalid line of the ignore file.
type IgnoreLineErrorDTO struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// IgnoreRulesDTO is the workspace's ignore file and the rules in force.
type IgnoreRulesDTO struct {
	Path     string               `json:"path"` // the ignore file, which may not exist yet
	Text     string               `json:"text"`
	Defaults []string             `json:"defaults"`
	Rules    []IgnoreRuleDTO      `json:"rules"`
	Errors   []IgnoreLineErrorDTO `json:"errors"`
}

func skippedDTOs(in []corpus.Skipped) []SkippedDTO {
	out := make([]SkippedDTO, 0, len(in))
	for _, s := range in {
		out = append(out, SkippedDTO{Path: s.Path, Reason: string(s.Reason), Detail: s.Detail})
	}
	return out
}

// IgnoreRules returns the workspace's .continuityignore and the defaults
// applied before it.
func (s *CorpusService) IgnoreRules() (IgnoreRulesDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return IgnoreRulesDTO{}, err
	}
	p := filepath.Join(ws.Root, corpus.IgnoreFile)
	raw, err := os.ReadFile(p)
	if err != nil && !os.IsNotExist(err) {
		return IgnoreRulesDTO{}, err
	}
	rs, bad := corpus.ParseIgnore(string(raw))
	out := IgnoreRulesDTO{Path: p, Text: string(raw), Defaults: append([]string{}, corpus.DefaultIgnore...),
		Rules: []IgnoreRuleDTO{}, Errors: []IgnoreLineErrorDTO{}}
	for _, r := range rs.Rules() {
		out.Rules = append(out.Rules, IgnoreRuleDTO{Source: r.Source, Line: r.Line, Pattern: r.Pattern})
	}
	for _, e := range bad {
		out.Errors = append(out.Errors, IgnoreLineErrorDTO{Line: e.Line, Message: e.Message})
	}
	return out, nil
}

// SaveIgnoreRules validates text and saves it as the workspace's
// .continuityignore; an invalid line is refused with its line number. The
// next sync applies it and prunes what it now ignores.
func (s *CorpusService) SaveIgnoreRules(text string) (IgnoreRulesDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return IgnoreRulesDTO{}, err
	}
	if err := corpus.SaveIgnore(ws.Root, text); err != nil {
		return IgnoreRulesDTO{}, err
	}
	return s.IgnoreRules()
}
