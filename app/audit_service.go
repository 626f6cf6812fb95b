package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/audit"
	"continuity/backend/muddy"
	"continuity/backend/progress"
	"continuity/backend/sources"
)

// AuditService runs the corpus audit (conflicting published statements)
// and the muddy-sentence lint for the Audit view.
type AuditService struct {
	c *core
	// saveDialog asks where to save an export; nil is the native dialog.
	saveDialog func(ctx context.Context, o runtime.SaveDialogOptions) (string, error)
	// lexicon loads the muddy lint's WordNet; nil is muddy.DefaultLexicon.
	lexicon func() (muddy.Lexicon, error)

	mu   sync.Mutex
	last *audit.Report // the last finished audit of this app session
}

// ErrNotAudited means an export or listing needs an audit run first.
var ErrNotAudited = errors.New("no audit has run yet: press Run audit first")

// StartAudit audits the corpus as a cancellable job ("audit") and returns
// its ID; progress arrives on job:progress and the AuditReportDTO on
// job:done. A cancelled audit keeps the documents it finished cached, so
// the next run resumes.
func (s *AuditService) StartAudit() string {
	s.c.ready()
	return s.c.jobs.start("audit", func(ctx context.Context, report progress.Func) (any, error) {
		rep, err := audit.Run(ctx, s.c.sess, audit.Options{Progress: report})
		if err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		s.mu.Lock()
		s.last = &rep
		s.mu.Unlock()
		return auditReportDTO(rep), nil
	})
}

// Conflicts is the last audit's report with the current statuses; Audited
// is false before the first audit of this session.
func (s *AuditService) Conflicts() AuditReportDTO {
	s.c.ready()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		return AuditReportDTO{Conflicts: []AuditConflictDTO{}, Warnings: []string{}}
	}
	return auditReportDTO(*s.last)
}

// SetConflictStatus marks a conflict resolved or intended (with a note),
// or open again. The status is stored per workspace, so it survives a
// restart and applies to the same conflict in later audits.
func (s *AuditService) SetConflictStatus(key, status, note string) error {
	s.c.ready()
	repo, err := audit.OpenRepo(s.c.ctx, s.c.sess)
	if err != nil {
		return err
	}
	if err := repo.Mark(s.c.ctx, key, status, note); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last != nil {
		for i := range s.last.Conflicts {
			if c := &s.last.Conflicts[i]; c.Key == key {
				c.Status, c.StatusNote = status, note
				if status == audit.StatusOpen {
					c.StatusNote = ""
				}
			}
		}
	}
	return nil
}

// MuddyForDocument lints one document's Markdown for muddy sentences.
func (s *AuditService) MuddyForDocument(docID string) (MuddyDocumentDTO, error) {
	s.c.ready()
	lib, lex, err := s.muddyParts(s.c.ctx)
	if err != nil {
		return MuddyDocumentDTO{}, err
	}
	v, err := lib.Get(s.c.ctx, docID)
	if err != nil {
		return MuddyDocumentDTO{}, err
	}
	r, err := muddy.ForDocument(s.c.ctx, v.ID, v.Body, lex)
	if err != nil {
		return MuddyDocumentDTO{}, err
	}
	return muddyDocumentDTO(v.Title, r), nil
}

// MuddySummary counts the muddy sentences of every published document,
// listing those with any, most first.
func (s *AuditService) MuddySummary() (MuddySummaryDTO, error) {
	s.c.ready()
	docs, checked, err := s.muddyAll(s.c.ctx)
	if err != nil {
		return MuddySummaryDTO{}, err
	}
	out := MuddySummaryDTO{Documents: make([]MuddyCountDTO, 0, len(docs)), Checked: checked, Warnings: []string{}}
	for _, d := range docs {
		out.Documents = append(out.Documents, MuddyCountDTO{DocID: d.DocID, Title: d.Title, Count: len(d.Findings)})
	}
	sort.SliceStable(out.Documents, func(i, j int) bool { return out.Documents[i].Count > out.Documents[j].Count })
	return out, nil
}

// ExportAudit asks where to save and writes the last audit with the muddy
// sentences as "md", "html" or "xlsx"; it returns the path, or "" when
// the dialog was cancelled.
func (s *AuditService) ExportAudit(format string) (string, error) {
	s.c.ready()
	data, err := s.render(s.c.ctx, format)
	if err != nil {
		return "", err
	}
	opts := runtime.SaveDialogOptions{Title: "Export audit", DefaultFilename: "corpus-audit." + format,
		Filters: []runtime.FileFilter{exportFilter(format)}}
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
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("export audit: %w", err)
	}
	return path, nil
}

func exportFilter(format string) runtime.FileFilter {
	switch format {
	case audit.FormatXLSX:
		return runtime.FileFilter{DisplayName: "Excel workbook (*.xlsx)", Pattern: "*.xlsx"}
	case audit.FormatHTML:
		return runtime.FileFilter{DisplayName: "Web page (*.html)", Pattern: "*.html"}
	}
	return runtime.FileFilter{DisplayName: "Markdown (*.md)", Pattern: "*.md"}
}

// render builds the export of the last audit in format.
func (s *AuditService) render(ctx context.Context, format string) ([]byte, error) {
	if format != audit.FormatMarkdown && format != audit.FormatHTML && format != audit.FormatXLSX {
		return nil, fmt.Errorf("%w, got %q", audit.ErrFormat, format)
	}
	s.mu.Lock()
	var e audit.Export
	audited := s.last != nil
	if audited {
		e = audit.Export{Model: s.last.Model, Conflicts: append([]audit.Conflict{}, s.last.Conflicts...)}
	}
	s.mu.Unlock()
	if !audited {
		return nil, ErrNotAudited
	}
	e.Generated = time.Now()
	docs, _, err := s.muddyAll(ctx)
	if err != nil {
		// the conflicts are still worth exporting; the file says why the
		// muddy sentences are missing
		e.MuddyNote = err.Error()
	}
	e.Muddy = docs
	var buf bytes.Buffer
	if err := audit.WriteExport(&buf, e, format); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *AuditService) muddyParts(ctx context.Context) (*sources.Library, muddy.Lexicon, error) {
	load := s.lexicon
	if load == nil {
		load = muddy.DefaultLexicon
	}
	lex, err := load()
	if err != nil {
		return nil, nil, fmt.Errorf("muddy sentences not measured: %w", err)
	}
	ws, err := s.c.sess.Workspace(ctx)
	if err != nil {
		return nil, nil, err
	}
	ix, err := s.c.sess.Index(ctx)
	if err != nil {
		return nil, nil, err
	}
	lib, err := sources.New(ws, ix)
	if err != nil {
		return nil, nil, err
	}
	return lib, lex, nil
}

// muddyAll lints every published document and keeps those with findings;
// checked counts the documents linted.
func (s *AuditService) muddyAll(ctx context.Context) ([]audit.MuddyDoc, int, error) {
	lib, lex, err := s.muddyParts(ctx)
	if err != nil {
		return nil, 0, err
	}
	rows, err := lib.List(ctx, "")
	if err != nil {
		return nil, 0, err
	}
	var out []audit.MuddyDoc
	checked := 0
	for _, r := range rows {
		if r.Publish != "published" || r.Status == sources.StatusRemoved {
			continue
		}
		v, err := lib.Get(ctx, r.ID)
		if err != nil {
			return nil, checked, err
		}
		rep, err := muddy.ForDocument(ctx, v.ID, v.Body, lex)
		if err != nil {
			return nil, checked, err
		}
		checked++
		if len(rep.Findings) > 0 {
			out = append(out, audit.MuddyDoc{DocID: v.ID, Title: v.Title, Findings: rep.Findings})
		}
	}
	return out, checked, nil
}
