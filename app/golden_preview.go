package app

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

// GoldenRowChangeDTO is one row an import would add, change or remove.
type GoldenRowChangeDTO struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Fields   []string `json:"fields"` // the fields that differ, for a changed row
}

// GoldenPreviewDTO is what an import would do, before anything is written.
type GoldenPreviewDTO struct {
	File           string               `json:"file"`
	Set            string               `json:"set"`              // the target set (the default from the file name when none was named)
	DefaultSet     string               `json:"default_set"`      // the set it was exported from, else the file name's (copy suffixes stripped)
	ExportedFrom   string               `json:"exported_from"`    // the set the workbook's properties name; "" for a workbook made elsewhere
	ExportedAt     int                  `json:"exported_version"` // the version it was exported at; 0 when unknown
	Exists         bool                 `json:"exists"`           // the set exists: the import adds a version
	CurrentVersion int                  `json:"current_version"`  // 0 when the set is new
	Rows           int                  `json:"rows"`             // question rows in the workbook
	Importable     int                  `json:"importable"`       // rows the import would store
	Storable       bool                 `json:"storable"`         // Import would store rows
	Unchanged      bool                 `json:"unchanged"`        // the set already holds these rows: no version
	Reordered      bool                 `json:"reordered"`        // the same rows in another order
	Added          []GoldenRowChangeDTO `json:"added"`
	Changed        []GoldenRowChangeDTO `json:"changed"`
	Removed        []GoldenRowChangeDTO `json:"removed"`
	Errors         []GoldenProblemDTO   `json:"errors"`
	Warnings       []GoldenProblemDTO   `json:"warnings"`
}

// ChooseImportFile asks for a workbook with the native dialog; "" when cancelled.
func (s *GoldenService) ChooseImportFile() (string, error) {
	s.c.ready()
	opts := runtime.OpenDialogOptions{Title: "Import a golden set",
		Filters: []runtime.FileFilter{{DisplayName: "Excel workbooks (*.xlsx)", Pattern: "*.xlsx"}}}
	if ws, err := s.c.sess.Workspace(s.c.ctx); err == nil {
		opts.DefaultDirectory = ws.Root
	}
	return runtime.OpenFileDialog(s.c.ctx, opts)
}

// PreviewImport reads the workbook at path (one the user chose) and diffs
// it against set ("": the set it was exported from, else the file
// name's), writing nothing.
func (s *GoldenService) PreviewImport(path, set string, validOnly bool) (GoldenPreviewDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenPreviewDTO{}, err
	}
	if err := chosenWorkbook(path); err != nil {
		return GoldenPreviewDTO{}, err
	}
	s.c.ready()
	wb, err := goldenset.ReadFile(s.c.ctx, path)
	if err != nil {
		return GoldenPreviewDTO{}, err
	}
	return s.preview(wb, set, validOnly)
}

// PreviewImportBytes is PreviewImport for a workbook dropped on the window.
func (s *GoldenService) PreviewImportBytes(fileName, dataBase64, set string, validOnly bool) (GoldenPreviewDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenPreviewDTO{}, err
	}
	s.c.ready()
	if len(dataBase64) > maxDropBase64 {
		return GoldenPreviewDTO{}, fmt.Errorf("%w: %s is larger than the %d MB import limit", golden.ErrInvalid, filepath.Base(fileName), xlsx.MaxFileSize>>20)
	}
	data, err := base64.StdEncoding.DecodeString(dataBase64)
	if err != nil {
		return GoldenPreviewDTO{}, fmt.Errorf("%w: the dropped file did not arrive intact: %w", golden.ErrInvalid, err)
	}
	wb, err := goldenset.ReadBytes(s.c.ctx, fileName, data)
	if err != nil {
		return GoldenPreviewDTO{}, err
	}
	return s.preview(wb, set, validOnly)
}

// CommitImport imports the workbook at path into set, as previewed. A
// workbook whose rows the set already holds adds no version.
func (s *GoldenService) CommitImport(path, set string, validOnly bool) (GoldenImportDTO, error) {
	if err := s.c.localOnly("Importing a workbook"); err != nil {
		return GoldenImportDTO{}, err
	}
	if err := chosenWorkbook(path); err != nil {
		return GoldenImportDTO{}, err
	}
	return s.importFile(path, set, validOnly)
}

// chosenWorkbook admits only an absolute path to an existing .xlsx file:
// the bound preview and commit read nothing else.
func chosenWorkbook(path string) error {
	if !filepath.IsAbs(path) || !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		return fmt.Errorf("%w: choose an .xlsx workbook", golden.ErrInvalid)
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return fmt.Errorf("%w: %s is not a file that can be read", golden.ErrInvalid, filepath.Base(path))
	}
	return nil
}

func (s *GoldenService) preview(wb goldenset.Workbook, set string, validOnly bool) (GoldenPreviewDTO, error) {
	ctx := s.c.ctx
	r, err := s.repo()
	if err != nil {
		return GoldenPreviewDTO{}, err
	}
	docs, err := s.c.sess.Docs(ctx)
	if err != nil {
		return GoldenPreviewDTO{}, err
	}
	mode := goldenset.AllOrNothing
	if validOnly {
		mode = goldenset.ValidOnly
	}
	p, err := goldenset.PreviewImport(ctx, r, docs, wb, goldenset.Request{Set: set, Mode: mode})
	if err != nil {
		return GoldenPreviewDTO{}, err
	}
	return GoldenPreviewDTO{File: p.File, Set: p.Set, DefaultSet: wb.DefaultSet(),
		ExportedFrom: wb.ExportedFrom().Set, ExportedAt: wb.ExportedFrom().Version, Exists: p.Exists,
		CurrentVersion: p.Current, Rows: p.Rows, Importable: p.Imported, Storable: p.Storable, Unchanged: p.Unchanged,
		Reordered: p.Reordered, Added: changeDTOs(p.Added), Changed: changeDTOs(p.Changed), Removed: changeDTOs(p.Removed),
		Errors: problemDTOs(p.Errors), Warnings: problemDTOs(p.Warnings)}, nil
}

func changeDTOs(cs []goldenset.RowChange) []GoldenRowChangeDTO {
	out := make([]GoldenRowChangeDTO, len(cs))
	for i, c := range cs {
		fs := make([]string, len(c.Fields))
		for j, f := range c.Fields {
			fs[j] = string(f)
		}
		out[i] = GoldenRowChangeDTO{ID: c.ID, Question: c.Question, Fields: fs}
	}
	return out
}

// SaveTemplateDialog asks where to save the golden-set template (the
// workbook `continuity golden template` writes), in the workspace folder
// by default; "" when cancelled.
func (s *GoldenService) SaveTemplateDialog() (string, error) {
	s.c.ready()
	opts := runtime.SaveDialogOptions{Title: "Save the golden set template", DefaultFilename: "golden-template.xlsx",
		Filters: []runtime.FileFilter{{DisplayName: "Excel workbooks (*.xlsx)", Pattern: "*.xlsx"}}}
	if ws, err := s.c.sess.Workspace(s.c.ctx); err == nil {
		opts.DefaultDirectory = ws.Root
	}
	path, err := runtime.SaveFileDialog(s.c.ctx, opts)
	if err != nil || path == "" {
		return "", err
	}
	if !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		path += ".xlsx"
	}
	if err := xlsx.WriteFile(path, nil); err != nil {
		return "", fmt.Errorf("write the template: %w", err)
	}
	return path, nil
}

// RenameSet renames a set; its runs, pinned baseline and gate thresholds
// move with it in the same transaction.
func (s *GoldenService) RenameSet(from, to string) (GoldenSetViewDTO, error) {
	if err := golden.ValidateName(from); err != nil {
		return GoldenSetViewDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return GoldenSetViewDTO{}, err
	} else if r != nil {
		return r.renameSet(s.c, from, to)
	}
	r, err := s.repo()
	if err != nil {
		return GoldenSetViewDTO{}, err
	}
	if _, err := evalrun.RenameSet(s.c.ctx, s.c.sess.DB, r.Workspace(), from, to); err != nil {
		return GoldenSetViewDTO{}, err
	}
	return s.view(r, to)
}
