package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"continuity/backend/corpus"
)

type mdFrontMatter struct {
	ID        string `yaml:"id"`
	Title     string `yaml:"title"`
	URL       string `yaml:"url"`
	Published string `yaml:"published"`
	Type      string `yaml:"type"`
	Status    string `yaml:"status"`
}

// ReadMarkdownFolder reads the .md and .markdown files under root (dot
// folders excluded) as Items, keeping each file's front matter id, title,
// url, date and status; without an id the path relative to root (without
// the extension) is the id.
func ReadMarkdownFolder(ctx context.Context, root string) ([]Item, []Skip, error) {
	return readFolder(ctx, "folder", root, map[string]bool{".md": true, ".markdown": true}, func(_ context.Context, p, rel string) (Item, error) {
		return readMarkdownFile(p, rel)
	})
}

func readMarkdownFile(p, rel string) (Item, error) {
	it := Item{ID: strings.TrimSuffix(rel, filepath.Ext(rel)), Format: FormatMarkdown, Origin: rel, Status: StatusPublished}
	raw, err := os.ReadFile(p)
	if err != nil {
		return it, err
	}
	if len(raw) > corpus.MaxFileBytes {
		return it, fmt.Errorf("%d bytes, over the %d limit; skipped", len(raw), corpus.MaxFileBytes)
	}
	yml, body, err := corpus.FrontMatter(raw)
	if err != nil {
		return it, err
	}
	it.Body = string(raw[body:])
	var fm mdFrontMatter
	if err := yaml.Unmarshal(yml, &fm); err != nil {
		return it, fmt.Errorf("front matter: %w", err)
	}
	if id := strings.TrimSpace(fm.ID); id != "" {
		it.ID = id
	}
	it.Title, it.URL, it.Type = fm.Title, fm.URL, fm.Type
	if t, ok := parseDay(fm.Published); ok {
		it.Date = t
	}
	switch s := strings.ToLower(strings.TrimSpace(fm.Status)); s {
	case "", "published", "live":
	case "draft", "unpublished":
		it.Status = StatusDraft
	case "archived":
		it.Status = StatusArchived
	default:
		it.Status = s
	}
	return it, nil
}
