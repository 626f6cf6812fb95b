package app

import (
	"fmt"
	"os"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/checkview"
)

// ExportReport renders a check as "md" or "html" (self-contained).
func (s *CheckService) ExportReport(checkID int64, format string) (CheckExportDTO, error) {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return CheckExportDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return CheckExportDTO{}, err
	} else if r != nil {
		return r.client.ExportCheck(s.c.ctx, r.ws.ID, checkID, format)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return CheckExportDTO{}, err
	}
	rec, err := repo.Get(s.c.ctx, checkID)
	if err != nil {
		return CheckExportDTO{}, err
	}
	return checkview.ExportOf(rec, format)
}

// SaveReport asks where to save the export and writes it; it returns the
// path, or "" when the user cancels.
func (s *CheckService) SaveReport(checkID int64, format string) (string, error) {
	exp, err := s.ExportReport(checkID, format)
	if err != nil {
		return "", err
	}
	// The dialog opens in the workspace's folder, where its drafts live.
	opts := runtime.SaveDialogOptions{Title: "Export check report", DefaultFilename: exp.Filename}
	if ws, err := s.c.sess.Workspace(s.c.ctx); err == nil {
		opts.DefaultDirectory = ws.Root
	}
	dialog := s.saveDialog
	if dialog == nil {
		dialog = runtime.SaveFileDialog
	}
	path, err := dialog(s.c.ctx, opts)
	if err != nil || path == "" {
		return "", err
	}
	if err := os.WriteFile(path, []byte(exp.Text), 0o644); err != nil {
		return "", fmt.Errorf("save report: %w", err)
	}
	return path, nil
}
