package changed

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"continuity/backend/corpus"
)

// Page is one changed published page of the content folder.
type Page struct {
	// Path is relative to the repository root, as a pull request shows it.
	Path    string `json:"file"`
	OldPath string `json:"old_file,omitempty"`
	Status  Status `json:"status"`
	DocID   string `json:"doc_id,omitempty"`
	// Skipped says why nothing of the page is checked (deleted, not
	// published, unreadable); "" when its changed paragraphs are.
	Skipped string `json:"skipped,omitempty"`
	// Paragraphs are the new or edited ones (and headings that state a
	// fact); Unchanged counts the other paragraphs.
	Paragraphs []Paragraph `json:"paragraphs"`
	Unchanged  int         `json:"unchanged_paragraphs"`

	kind   string
	raw    string
	oldIDs []string
}

// pageKinds are the corpus kinds a pull-request check reads.
var pageKinds = map[string]string{".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}

// Workspace locates the content folder inside the repository.
type Workspace struct {
	Root       string // the workspace root
	ContentDir string // where the published documents are
}

// Find lists the changed pages of ws's content folder between base and
// the working tree, each with its new or edited paragraphs. Files outside
// the content folder, drafts and non-page files are not pages.
func Find(ctx context.Context, repo Repo, base string, ws Workspace) ([]Page, error) {
	content, err := filepath.EvalSymlinks(ws.ContentDir)
	if err != nil {
		return nil, fmt.Errorf("content folder %s: %w", ws.ContentDir, err)
	}
	prefix, err := filepath.Rel(repo.Root, content)
	if err != nil || prefix == ".." || strings.HasPrefix(prefix, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("content folder %s is outside the repository %s", ws.ContentDir, repo.Root)
	}
	prefix = filepath.ToSlash(prefix)
	files, _, err := corpus.Scan(ctx, content)
	if err != nil {
		return nil, err
	}
	scanned := map[string]corpus.File{}
	for _, f := range files {
		scanned[f.Rel] = f
	}
	changes, err := repo.Changes(ctx, base)
	if err != nil {
		return nil, err
	}
	var pages []Page
	for _, c := range changes {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rel, inside := underPrefix(prefix, c.Path)
		if c.Status == Deleted {
			if inside && pageKinds[strings.ToLower(path.Ext(rel))] != "" && !hiddenPath(rel) {
				pages = append(pages, Page{Path: c.Path, Status: Deleted, Paragraphs: []Paragraph{}, Skipped: "deleted: nothing to check"})
			}
			continue
		}
		f, isPage := scanned[rel]
		if !inside || !isPage || pageKinds[strings.ToLower(path.Ext(rel))] == "" {
			continue
		}
		p, err := readPage(ctx, repo, base, c, f, prefix)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// underPrefix is p relative to the content folder prefix ("." is the repo root).
func underPrefix(prefix, p string) (string, bool) {
	if prefix == "." {
		return p, true
	}
	if rel, ok := strings.CutPrefix(p, prefix+"/"); ok {
		return rel, true
	}
	return "", false
}

// hiddenPath mirrors corpus.Scan for a file no longer on disk: dot
// folders and dot files are never documents.
func hiddenPath(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// readPage parses the page's new and old versions and diffs their paragraphs.
func readPage(ctx context.Context, repo Repo, base string, c FileChange, f corpus.File, prefix string) (Page, error) {
	p := Page{Path: c.Path, OldPath: c.OldPath, Status: c.Status, Paragraphs: []Paragraph{}, kind: pageKinds[strings.ToLower(path.Ext(f.Rel))]}
	doc, warn := corpus.ReadFile(f)
	if warn != nil {
		p.Skipped = "not indexed: " + warn.Message
		return p, nil
	}
	p.DocID = doc.ID
	if !doc.Indexable() {
		p.Skipped = fmt.Sprintf("not published (status %q): not checked", doc.Status)
		return p, nil
	}
	var oldBlocks []corpus.Block
	if c.Status == Modified || c.Status == Renamed {
		oldPath := c.Path
		if c.OldPath != "" {
			oldPath = c.OldPath
		}
		raw, ok, err := repo.Show(ctx, base, oldPath)
		if err != nil {
			return Page{}, err
		}
		oldRel, _ := underPrefix(prefix, oldPath)
		// an old version that was not published added nothing to the
		// corpus: every paragraph of the page is new to it
		if old, err := corpus.Parse(oldRel, p.kind, raw); ok && err == nil && old.Indexable() {
			oldBlocks = old.Blocks
			p.oldIDs = append(p.oldIDs, old.ID)
		}
	}
	raw, err := readRaw(f.Abs)
	if err != nil {
		return Page{}, err
	}
	p.raw = raw
	changed := changedBlocks(oldBlocks, doc.Blocks)
	p.Paragraphs = toParagraphs(raw, p.kind, changed)
	p.Unchanged = paragraphCount(doc.Blocks) - paragraphCount(changed)
	return p, nil
}
