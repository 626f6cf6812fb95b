package app

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/draftfile"
	"continuity/backend/workdraft"
)

// DraftService is the Check editor's working draft: autosave and restore,
// and drafts opened from files, dropped on the window or pasted as HTML.
type DraftService struct {
	c *core
	// openDialog asks for a file; nil is the Wails dialog (tests set it,
	// as no window exists there).
	openDialog func(ctx context.Context, opts runtime.OpenDialogOptions) (string, error)
}

// WorkingDraftDTO is the workspace's working draft. Version counts text
// changes (0: never saved); SavedAt is RFC3339, "" when never saved.
type WorkingDraftDTO struct {
	Text     string `json:"text"`
	FileName string `json:"file_name"`
	Cursor   int    `json:"cursor"`
	Version  int64  `json:"version"`
	SavedAt  string `json:"saved_at"`
}

// OpenedDraftDTO is a draft read from a file, as Markdown. An empty Name
// means the user cancelled the dialog.
type OpenedDraftDTO struct {
	Name     string `json:"name"`
	Format   string `json:"format"` // md | txt | html | docx
	Markdown string `json:"markdown"`
}

// maxDraftBase64 bounds a dropped file's base64 text (4/3 of the byte limit).
const maxDraftBase64 = draftfile.MaxFileSize/3*4 + 4

// store is the working draft of the workspace in force, so switching
// folders brings each workspace's own draft back.
func (s *DraftService) store(ctx context.Context) (*workdraft.Store, error) {
	ws, err := s.c.sess.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	return workdraft.Open(ctx, s.c.sess.DB, ws)
}

// WorkingDraft returns the saved working draft (all empty, version 0,
// when none was saved in this workspace).
func (s *DraftService) WorkingDraft() (WorkingDraftDTO, error) {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return WorkingDraftDTO{}, err
	}
	d, err := st.Get(s.c.ctx)
	if err != nil {
		return WorkingDraftDTO{}, err
	}
	return toWorkingDraftDTO(d), nil
}

// SaveWorkingDraft saves the editor's text, the file it came from and the
// caret. Saving an unchanged draft writes nothing, so the editor may call
// it on every pause in typing.
func (s *DraftService) SaveWorkingDraft(text string, fileName string, cursor int) (WorkingDraftDTO, error) {
	s.c.ready()
	st, err := s.store(s.c.ctx)
	if err != nil {
		return WorkingDraftDTO{}, err
	}
	d, err := st.Save(s.c.ctx, text, fileName, cursor)
	if err != nil {
		return WorkingDraftDTO{}, err
	}
	return toWorkingDraftDTO(d), nil
}

// OpenDraftFile asks for a draft file with the native dialog, starting in
// the workspace's drafts folder (else the workspace folder), and reads it
// as Markdown. The path stays here: scripts in the webview never name
// files.
func (s *DraftService) OpenDraftFile() (OpenedDraftDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return OpenedDraftDTO{}, err
	}
	dir := ws.DraftsDir()
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		dir = ws.Root
	}
	patterns := make([]string, 0, len(draftfile.Extensions()))
	for _, e := range draftfile.Extensions() {
		patterns = append(patterns, "*"+e)
	}
	dialog := s.openDialog
	if dialog == nil {
		dialog = runtime.OpenFileDialog
	}
	path, err := dialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Open a draft", DefaultDirectory: dir,
		Filters: []runtime.FileFilter{{DisplayName: "Drafts (Markdown, text, HTML, Word)", Pattern: strings.Join(patterns, ";")}}})
	if err != nil {
		return OpenedDraftDTO{}, err
	}
	if path == "" {
		return OpenedDraftDTO{}, nil // cancelled
	}
	d, err := draftfile.Read(s.c.ctx, path)
	if err != nil {
		return OpenedDraftDTO{}, err
	}
	return openedDraft(d)
}

// ReadDraftBytes reads a draft file dropped on the window, sent as base64
// with its file name (only the name's extension is used, never a path).
func (s *DraftService) ReadDraftBytes(name string, dataBase64 string) (OpenedDraftDTO, error) {
	s.c.ready()
	name = baseName(name)
	if name == "" {
		return OpenedDraftDTO{}, fmt.Errorf("%w: the dropped file has no name", draftfile.ErrUnsupported)
	}
	if len(dataBase64) > maxDraftBase64 {
		return OpenedDraftDTO{}, fmt.Errorf("%s: %w: the limit for a draft is %d MB", name, draftfile.ErrTooLarge, draftfile.MaxFileSize>>20)
	}
	data, err := base64.StdEncoding.DecodeString(dataBase64)
	if err != nil {
		return OpenedDraftDTO{}, fmt.Errorf("%s: the dropped file did not arrive intact: %w", name, err)
	}
	d, err := draftfile.Convert(name, data)
	if err != nil {
		return OpenedDraftDTO{}, err
	}
	return openedDraft(d)
}

// ConvertHTML turns clipboard HTML (a rich paste) into Markdown with the
// converter draft files use.
func (s *DraftService) ConvertHTML(html string) (string, error) {
	s.c.ready()
	md, err := draftfile.ConvertHTML(s.c.ctx, html)
	if err != nil {
		return "", err
	}
	if len(md) > workdraft.MaxTextBytes {
		return "", fmt.Errorf("%w: the pasted text is %d bytes as Markdown; a draft can be at most %d MB",
			workdraft.ErrTooLarge, len(md), workdraft.MaxTextBytes>>20)
	}
	return md, nil
}

// openedDraft refuses a draft larger than the editor can save or check.
func openedDraft(d draftfile.Draft) (OpenedDraftDTO, error) {
	if len(d.Markdown) > workdraft.MaxTextBytes {
		return OpenedDraftDTO{}, fmt.Errorf("%s: %w: it is %d bytes as Markdown; a draft can be at most %d MB",
			d.Name, workdraft.ErrTooLarge, len(d.Markdown), workdraft.MaxTextBytes>>20)
	}
	return OpenedDraftDTO{Name: d.Name, Format: d.Format, Markdown: d.Markdown}, nil
}

// baseName is the last element of a name from the browser, which may be
// a Windows or a Unix path.
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, 0) {
		return ""
	}
	return filepath.Clean(name)
}

func toWorkingDraftDTO(d workdraft.Draft) WorkingDraftDTO {
	out := WorkingDraftDTO{Text: d.Text, FileName: d.FileName, Cursor: d.Cursor, Version: d.Version}
	if !d.SavedAt.IsZero() {
		out.SavedAt = rfc3339(d.SavedAt)
	}
	return out
}
