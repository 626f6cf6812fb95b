package app

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

// ImportDialog asks for a workbook with the native dialog and imports it
// into set (default: the set it was exported from, else the file name). All or nothing unless validOnly.
func (s *GoldenService) ImportDialog(set string, validOnly bool) (GoldenImportDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenImportDTO{}, err
	}
	s.c.ready()
	path, err := runtime.OpenFileDialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Import a golden set",
		Filters: []runtime.FileFilter{{DisplayName: "Excel workbooks (*.xlsx)", Pattern: "*.xlsx"}}})
	if err != nil {
		return GoldenImportDTO{}, err
	}
	if path == "" {
		return GoldenImportDTO{Cancelled: true, Errors: []GoldenProblemDTO{}, Warnings: []GoldenProblemDTO{}}, nil
	}
	return s.importFile(path, set, validOnly)
}

// ImportWorkspaceFile imports the workspace's golden.xlsx.
func (s *GoldenService) ImportWorkspaceFile(set string, validOnly bool) (GoldenImportDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenImportDTO{}, err
	}
	st, err := s.WorkspaceFile()
	if err != nil {
		return GoldenImportDTO{}, err
	}
	return s.importFile(st.Path, set, validOnly)
}

// importFile imports a workbook from a path the user chose (never a bound
// method: a script must not name arbitrary files).
func (s *GoldenService) importFile(path, set string, validOnly bool) (GoldenImportDTO, error) {
	s.c.ready()
	wb, err := goldenset.ReadFile(s.c.ctx, path)
	if err != nil {
		return GoldenImportDTO{}, err
	}
	return s.commit(wb, set, validOnly)
}

// maxDropBase64 bounds a dropped file's base64 text (4/3 of the byte limit).
const maxDropBase64 = xlsx.MaxFileSize/3*4 + 4

// ImportBytes imports a workbook dropped on the window, sent as base64.
func (s *GoldenService) ImportBytes(fileName, dataBase64, set string, validOnly bool) (GoldenImportDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenImportDTO{}, err
	}
	s.c.ready()
	if len(dataBase64) > maxDropBase64 {
		return GoldenImportDTO{}, fmt.Errorf("%w: %s is larger than the %d MB import limit", golden.ErrInvalid, filepath.Base(fileName), xlsx.MaxFileSize>>20)
	}
	data, err := base64.StdEncoding.DecodeString(dataBase64)
	if err != nil {
		return GoldenImportDTO{}, fmt.Errorf("%w: the dropped file did not arrive intact: %w", golden.ErrInvalid, err)
	}
	wb, err := goldenset.ReadBytes(s.c.ctx, fileName, data)
	if err != nil {
		return GoldenImportDTO{}, err
	}
	return s.commit(wb, set, validOnly)
}

// commit runs the one import policy (goldenset.Import) on a workbook.
func (s *GoldenService) commit(wb goldenset.Workbook, set string, validOnly bool) (GoldenImportDTO, error) {
	ctx := s.c.ctx
	r, err := s.repo()
	if err != nil {
		return GoldenImportDTO{}, err
	}
	docs, err := s.c.sess.Docs(ctx)
	if err != nil {
		return GoldenImportDTO{}, err
	}
	mode := goldenset.AllOrNothing
	if validOnly {
		mode = goldenset.ValidOnly
	}
	o, err := goldenset.Import(ctx, r, docs, wb, goldenset.Request{Set: set, Mode: mode})
	if err != nil {
		return GoldenImportDTO{}, err
	}
	return importDTO(o), nil
}

// ExportDialog asks where to save and writes the set; "" when cancelled.
func (s *GoldenService) ExportDialog(set string) (string, error) {
	if err := s.c.localOnly("Exporting a set"); err != nil {
		return "", err
	}
	if err := golden.ValidateName(set); err != nil {
		return "", err
	}
	r, err := s.repo()
	if err != nil {
		return "", err
	}
	rows, err := r.Rows(s.c.ctx, set)
	if err != nil {
		return "", err
	}
	meta, err := r.Set(s.c.ctx, set)
	if err != nil {
		return "", err
	}
	path, err := runtime.SaveFileDialog(s.c.ctx, runtime.SaveDialogOptions{Title: "Export golden set", DefaultFilename: set + ".xlsx",
		Filters: []runtime.FileFilter{{DisplayName: "Excel workbooks (*.xlsx)", Pattern: "*.xlsx"}}})
	if err != nil || path == "" {
		return "", err
	}
	if !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		path += ".xlsx"
	}
	return path, xlsx.WriteSetFile(path, xlsx.SetIdentity{Set: meta.Name, Version: meta.Version}, rows)
}
