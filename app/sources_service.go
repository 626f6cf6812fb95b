package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/crawl"
	"continuity/backend/ingest"
	"continuity/backend/progress"
)

// SourcesService lists, adds, syncs and removes the corpus sources of the
// open workspace (exports, page folders, sitemaps) beside its content folder.
type SourcesService struct{ c *core }

// SourceSkipDTO is an item a source sync did not write, with why.
type SourceSkipDTO struct {
	Origin string `json:"origin"`
	Reason string `json:"reason"`
}

// SourceDTO is one source with what its last sync did. The content folder
// itself is the first, with Builtin set.
type SourceDTO struct {
	Name      string          `json:"name"`
	Kind      string          `json:"kind"`
	Location  string          `json:"location"`
	Builtin   bool            `json:"builtin"`
	LastSync  string          `json:"last_sync"` // RFC 3339; "" when never synced
	Documents int             `json:"documents"`
	Written   int             `json:"written"`
	Unchanged int             `json:"unchanged"`
	Removed   int             `json:"removed"`
	Skipped   []SourceSkipDTO `json:"skipped"`
	LastError string          `json:"last_error"`
}

// SourcesSyncDTO is the result of a sources job: the sources it synced
// and the index sync that followed.
type SourcesSyncDTO struct {
	Sources []SourceDTO   `json:"sources"`
	Failed  []string      `json:"failed"` // "name: error" for each source that could not be read
	Index   SyncReportDTO `json:"index"`
}

func (s *SourcesService) sources(ctx context.Context) (*ingest.Sources, error) {
	ws, err := s.c.sess.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	return &ingest.Sources{Root: ws.Root, ContentDir: ws.ContentDir()}, nil
}

// Kinds lists the kinds of source that can be added.
func (s *SourcesService) Kinds() []string { return ingest.Kinds() }

// List returns the content folder and every registered source.
func (s *SourcesService) List() ([]SourceDTO, error) {
	s.c.ready()
	srcs, err := s.sources(s.c.ctx)
	if err != nil {
		return nil, err
	}
	list, err := srcs.List(s.c.ctx)
	if err != nil {
		return nil, err
	}
	folder := SourceDTO{Name: "content", Kind: ingest.KindFolder, Location: srcs.ContentDir, Builtin: true, Skipped: []SourceSkipDTO{}}
	if ix, err := s.c.sess.Index(s.c.ctx); err == nil {
		if docs, err := ix.Documents(s.c.ctx); err == nil {
			for _, d := range docs {
				if !strings.HasPrefix(d.Path, ingest.SourcesDir+"/") {
					folder.Documents++
				}
			}
		}
		if st, err := ix.Stats(s.c.ctx); err == nil && !st.LastSync.IsZero() {
			folder.LastSync = st.LastSync.Format(time.RFC3339)
		}
	}
	out := []SourceDTO{folder}
	for _, x := range list {
		out = append(out, sourceDTO(x))
	}
	return out, nil
}

// ChooseLocation opens the native dialog a kind needs (a folder for
// folder kinds, a file otherwise) and returns the path, "" when cancelled.
func (s *SourcesService) ChooseLocation(kind string) (string, error) {
	s.c.ready()
	switch kind {
	case ingest.KindFolder, ingest.KindHTMLFolder:
		return runtime.OpenDirectoryDialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Choose the folder of pages"})
	case ingest.KindSitemap:
		return "", fmt.Errorf("a sitemap source is a URL; type it in")
	}
	filters := map[string]runtime.FileFilter{
		ingest.KindWXR:     {DisplayName: "WordPress export (*.xml)", Pattern: "*.xml"},
		ingest.KindGhost:   {DisplayName: "Ghost export (*.json)", Pattern: "*.json"},
		ingest.KindZendesk: {DisplayName: "Zendesk articles (*.json)", Pattern: "*.json"},
	}
	f, ok := filters[kind]
	if !ok {
		return "", fmt.Errorf("unknown source kind %q", kind)
	}
	return runtime.OpenFileDialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Choose the export file", Filters: []runtime.FileFilter{f}})
}

// Add registers a source (errors such as a missing file come back at
// once) and starts a job that syncs it and the index; it returns the job ID.
func (s *SourcesService) Add(kind, location, name string) (string, error) {
	s.c.ready()
	srcs, err := s.sources(s.c.ctx)
	if err != nil {
		return "", err
	}
	src, err := srcs.Add(s.c.ctx, kind, location, strings.TrimSpace(name))
	if err != nil {
		return "", err
	}
	return s.startSync(srcs, []string{src.Name}), nil
}

// Sync starts a job that re-reads one source (all when name is "") and
// syncs the index; it returns the job ID.
func (s *SourcesService) Sync(name string) (string, error) {
	s.c.ready()
	srcs, err := s.sources(s.c.ctx)
	if err != nil {
		return "", err
	}
	var names []string
	if name != "" {
		names = []string{name}
	} else {
		list, err := srcs.List(s.c.ctx)
		if err != nil {
			return "", err
		}
		for _, x := range list {
			names = append(names, x.Name)
		}
	}
	return s.startSync(srcs, names), nil
}

// Remove starts a job that unregisters a source, deletes its documents and
// syncs the index; it returns the job ID.
func (s *SourcesService) Remove(name string) (string, error) {
	s.c.ready()
	srcs, err := s.sources(s.c.ctx)
	if err != nil {
		return "", err
	}
	return s.c.jobs.start("sources-remove", func(ctx context.Context, report progress.Func) (any, error) {
		if err := srcs.Remove(ctx, name); err != nil {
			return nil, err
		}
		return s.indexAfter(ctx, srcs, SourcesSyncDTO{Sources: []SourceDTO{}, Failed: []string{}}, report)
	}), nil
}

func (s *SourcesService) startSync(srcs *ingest.Sources, names []string) string {
	return s.c.jobs.start("sources-sync", func(ctx context.Context, report progress.Func) (any, error) {
		srcs.Crawler = ingest.SitemapCrawler{Options: crawl.Options{Progress: report}}
		out := SourcesSyncDTO{Sources: []SourceDTO{}, Failed: []string{}}
		for _, n := range names {
			src, _, err := srcs.Sync(ctx, n)
			if errors.Is(err, context.Canceled) || errors.Is(err, ingest.ErrUnknownSource) {
				return nil, err
			}
			if err != nil {
				out.Failed = append(out.Failed, n+": "+err.Error())
			}
			out.Sources = append(out.Sources, sourceDTO(src))
		}
		return s.indexAfter(ctx, srcs, out, report)
	})
}

// indexAfter runs the normal authoritative index sync over the content
// folder, which now holds the sources' documents.
func (s *SourcesService) indexAfter(ctx context.Context, srcs *ingest.Sources, out SourcesSyncDTO, report progress.Func) (any, error) {
	ix, err := s.c.sess.OpenIndex(ctx, report)
	if err != nil {
		return nil, err
	}
	rep, err := ix.Sync(ctx, srcs.ContentDir, report)
	if err != nil {
		return nil, err
	}
	// a switch waits for running jobs, so the workspace is still the one
	// srcs was made from
	ws, err := s.c.sess.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	out.Index = (&CorpusService{s.c}).syncReport(ctx, ix, ws, srcs.ContentDir, rep)
	return out, nil
}

func sourceDTO(x ingest.Source) SourceDTO {
	d := SourceDTO{Name: x.Name, Kind: x.Kind, Location: x.Location, Documents: x.Counts.Documents, Written: x.Counts.Written,
		Unchanged: x.Counts.Unchanged, Removed: x.Counts.Removed, Skipped: []SourceSkipDTO{}, LastError: x.LastError}
	if !x.LastSync.IsZero() {
		d.LastSync = x.LastSync.Format(time.RFC3339)
	}
	for _, k := range x.Skipped {
		d.Skipped = append(d.Skipped, SourceSkipDTO{Origin: k.Origin, Reason: k.Reason})
	}
	return d
}
