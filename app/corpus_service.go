package app

import (
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// CorpusService exposes the published corpus.
type CorpusService struct{ c *core }

// Summary counts the documents and drafts in the open workspace.
func (s *CorpusService) Summary() (WorkspaceDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return WorkspaceDTO{}, err
	}
	sum, err := ws.Summarize()
	if err != nil {
		return WorkspaceDTO{}, err
	}
	drafts := sum.Drafts
	if drafts == nil {
		drafts = []string{}
	}
	return WorkspaceDTO{Root: sum.Root, ContentDir: sum.ContentDir, Documents: sum.Documents,
		Drafts: drafts, HasGuidelines: sum.HasGuidelines, HasGolden: sum.HasGolden}, nil
}

// ChooseFolder opens the native folder dialog and returns the chosen path
// ("" when the user cancels). The path stays a suggestion until saved in
// Settings, so a stray click never switches the workspace.
func (s *CorpusService) ChooseFolder() (string, error) {
	s.c.ready()
	return runtime.OpenDirectoryDialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Choose the corpus workspace folder"})
}
