package app

import (
	"continuity/backend/voice/vale"
)

// VoiceRulesDTO says which voice rules the workspace uses: its .vale.ini
// when it has one at its root, else guidelines.md.
type VoiceRulesDTO struct {
	Kind     string   `json:"kind"`     // "vale" or "guidelines"
	Path     string   `json:"path"`     // the file the rules come from
	Describe string   `json:"describe"` // e.g. ".vale.ini (Vale style Continuity)"
	Warnings []string `json:"warnings"` // what the Vale configuration has that is not run
}

// GetVoiceRules reports the active voice rule source for Settings.
func (s *VoiceService) GetVoiceRules() (VoiceRulesDTO, error) {
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return VoiceRulesDTO{}, err
	}
	out := VoiceRulesDTO{Warnings: []string{}}
	src, err := vale.ActiveSource(ws.Root, "")
	if err != nil {
		return out, err
	}
	out.Kind, out.Path, out.Describe = src.Kind, src.Path, src.Describe
	if src.Kind == vale.SourceVale {
		st, err := vale.Load(s.c.ctx, src.Path)
		if err != nil {
			return out, err
		}
		out.Describe = st.Describe()
		for _, w := range st.Warnings {
			out.Warnings = append(out.Warnings, w.String())
		}
	}
	return out, nil
}
