package app

import (
	"continuity/backend/workdraft"
)

// ReplacedDraftDTO is a working draft that a whole new draft (a file, a
// sample, a reopened check) replaced, kept so Undo can bring it back: its
// length in words, the file it came from, what replaced it and when
// (RFC3339).
type ReplacedDraftDTO struct {
	Words      int    `json:"words"`
	Text       string `json:"text"`
	FileName   string `json:"file_name"`
	By         string `json:"by"`
	ReplacedAt string `json:"replaced_at"`
}

// DraftReplacementDTO is the working draft after a replacement or an Undo,
// and the draft then kept for Undo (absent when none is).
type DraftReplacementDTO struct {
	Draft    WorkingDraftDTO   `json:"draft"`
	Replaced *ReplacedDraftDTO `json:"replaced,omitempty"`
}

// ReplaceWorkingDraft makes text (from fileName) the working draft as a
// whole new draft. The draft it replaces is kept for Undo when the writer
// had edited it; by names the new draft in the offer to undo ("plans.md",
// "a checked draft").
func (s *DraftService) ReplaceWorkingDraft(text string, fileName string, by string) (DraftReplacementDTO, error) {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return DraftReplacementDTO{}, err
	}
	d, kept, err := st.Replace(s.c.ctx, text, fileName, by)
	if err != nil {
		return DraftReplacementDTO{}, err
	}
	return DraftReplacementDTO{Draft: toWorkingDraftDTO(d), Replaced: toReplacedDTO(kept)}, nil
}

// ReplacedDraft is the draft the last replacement kept for Undo in this
// workspace, nil when there is none.
func (s *DraftService) ReplacedDraft() (*ReplacedDraftDTO, error) {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return nil, err
	}
	r, err := st.Replaced(s.c.ctx)
	if err != nil {
		return nil, err
	}
	return toReplacedDTO(r), nil
}

// UndoReplacement brings the kept draft back as the working draft. The
// draft it takes the place of is kept in turn when it was edited, under
// the name by.
func (s *DraftService) UndoReplacement(by string) (DraftReplacementDTO, error) {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return DraftReplacementDTO{}, err
	}
	d, kept, err := st.Restore(s.c.ctx, by)
	if err != nil {
		return DraftReplacementDTO{}, err
	}
	return DraftReplacementDTO{Draft: toWorkingDraftDTO(d), Replaced: toReplacedDTO(kept)}, nil
}

// DropReplacedDraft forgets the kept draft: the writer dismissed the offer.
func (s *DraftService) DropReplacedDraft() error {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return err
	}
	return st.DropReplaced(s.c.ctx)
}

func toReplacedDTO(r *workdraft.Replaced) *ReplacedDraftDTO {
	if r == nil {
		return nil
	}
	return &ReplacedDraftDTO{Words: r.Words(), Text: r.Text, FileName: r.FileName, By: r.By, ReplacedAt: rfc3339(r.At)}
}
