package app

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	goruntime "runtime"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/sources"
)

// DocumentService shows the workspace's documents inside the app: the
// source viewer and the Corpus view's document list.
type DocumentService struct {
	c *core
	// launch opens a checked http(s) link; nil is the system browser.
	launch func(ctx context.Context, url string) error
}

// DocumentChunkDTO locates one indexed chunk in DocumentViewDTO.Markdown:
// [start, end) in UTF-16 code units (JavaScript string offsets).
type DocumentChunkDTO struct {
	ChunkID string `json:"chunk_id"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
}

// DocumentViewDTO is one document for the source viewer.
type DocumentViewDTO struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Path  string `json:"path"` // workspace-relative
	URL   string `json:"url"`  // "" when the document has none
	// Modified is RFC 3339; ModifiedSource says where it came from:
	// "front_matter:<key>" (e.g. front_matter:published) or "file_mtime".
	Modified       string `json:"modified"`
	ModifiedSource string `json:"modified_source"`
	// Format says how to read Markdown: "markdown" (a Markdown file's
	// body without front matter, or an HTML page's headings and paragraphs
	// as escaped Markdown) or "text" (plain text).
	Format   string `json:"format"`
	Markdown string `json:"markdown"`
	// Chunks is absent when the chunks cannot be located: the document
	// changed since it was indexed, or is not indexed.
	Chunks []DocumentChunkDTO `json:"chunks,omitempty"`
	// Status: "indexed", "changed since index" or "not indexed".
	Status string `json:"status"`
}

// DocumentRowDTO is one document in the Corpus view's list.
type DocumentRowDTO struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Path   string `json:"path"` // workspace-relative
	URL    string `json:"url"`
	Chunks int    `json:"chunks"` // in the index
	// Status: "indexed", "changed since index", "not indexed" or
	// "removed since index" (indexed, no longer in the workspace).
	Status string `json:"status"`
	// Publish is the front matter status: "published", "archived", "draft"…
	Publish string `json:"publish"`
}

func (s *DocumentService) library(ctx context.Context) (*sources.Library, error) {
	ws, err := s.c.sess.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	ix, err := s.c.sess.Index(ctx)
	if err != nil {
		return nil, err
	}
	return sources.New(ws, ix)
}

// GetDocument reads one document of the workspace by ID, as it is on disk
// now, with its indexed chunks located when the index is current for it.
func (s *DocumentService) GetDocument(docID string) (DocumentViewDTO, error) {
	s.c.ready()
	lib, err := s.library(s.c.ctx)
	if err != nil {
		return DocumentViewDTO{}, err
	}
	v, err := lib.Get(s.c.ctx, docID)
	if err != nil {
		return DocumentViewDTO{}, err
	}
	out := DocumentViewDTO{ID: v.ID, Title: v.Title, Path: v.Path, URL: v.URL, Modified: v.Modified.Format(time.RFC3339),
		ModifiedSource: v.ModifiedSource, Format: v.Format, Markdown: v.Body, Status: string(v.Status)}
	for _, c := range v.Chunks {
		out.Chunks = append(out.Chunks, DocumentChunkDTO{ChunkID: c.ID, Start: c.Start, End: c.End})
	}
	return out, nil
}

// ListDocuments lists the workspace's documents with their index status,
// keeping those whose ID, title or path contains query (case aside).
func (s *DocumentService) ListDocuments(query string) ([]DocumentRowDTO, error) {
	s.c.ready()
	lib, err := s.library(s.c.ctx)
	if err != nil {
		return nil, err
	}
	rows, err := lib.List(s.c.ctx, query)
	if err != nil {
		return nil, err
	}
	out := make([]DocumentRowDTO, 0, len(rows))
	for _, r := range rows {
		out = append(out, DocumentRowDTO{ID: r.ID, Title: r.Title, Path: r.Path, URL: r.URL, Chunks: r.Chunks,
			Status: string(r.Status), Publish: r.Publish})
	}
	return out, nil
}

// OpenInBrowser opens an http(s) link in the system browser. Anything
// else is refused with the reason, and so is a link the launcher would
// drop; a missing launcher is an error, not silence.
func (s *DocumentService) OpenInBrowser(url string) error {
	s.c.ready()
	u, err := sources.BrowserURL(url)
	if err != nil {
		return err
	}
	launch := s.launch
	if launch == nil {
		launch = systemBrowser
	}
	if err := launch(s.c.ctx, u); err != nil {
		return fmt.Errorf("open %s in the browser: %w", u, err)
	}
	return nil
}

// errNoLauncher means no program to open links is installed.
var errNoLauncher = errors.New("no program to open links was found (install xdg-utils for xdg-open)")

// systemBrowser hands url to Wails, which logs rather than returns a
// launch failure; the launcher it needs on Linux and the BSDs (the ones
// github.com/pkg/browser tries) is looked up first so its absence is an
// error the user sees.
func systemBrowser(ctx context.Context, url string) error {
	switch goruntime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd":
		found := false
		for _, p := range []string{"xdg-open", "x-www-browser", "www-browser"} {
			if _, err := exec.LookPath(p); err == nil {
				found = true
				break
			}
		}
		if !found {
			return errNoLauncher
		}
	}
	runtime.BrowserOpenURL(ctx, url)
	return nil
}
