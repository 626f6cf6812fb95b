package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrNoCrawler means a sitemap source was synced by a caller that wired
// no crawler.
var ErrNoCrawler = errors.New("sitemap sources need backend/crawl")

// SiteCrawler fetches the pages a sitemap lists. state is what the
// previous crawl returned (nil the first time), so unchanged pages need
// not be fetched again; the new state is kept in the source folder.
type SiteCrawler interface {
	CrawlSite(ctx context.Context, sitemapURL string, state []byte) (pages []Item, skipped []Skip, newState []byte, err error)
}

const crawlStateFile = ".crawl-state.json"

func crawlSitemap(ctx context.Context, c SiteCrawler, src Source, dir string) ([]Item, []Skip, func() error, error) {
	if c == nil {
		return nil, nil, nil, fmt.Errorf("source %s: %w", src.Name, ErrNoCrawler)
	}
	statePath := filepath.Join(dir, crawlStateFile)
	prev, err := os.ReadFile(statePath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil, fmt.Errorf("crawl state: %w", err)
	}
	items, skips, state, err := c.CrawlSite(ctx, src.Location, prev)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("crawl %s: %w", src.Location, err)
	}
	// the state is saved only after the pages are written, so a failed
	// write never records pages as seen that have no file
	save := func() error {
		if len(state) == 0 {
			return nil
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("crawl state: %w", err)
		}
		return writeAtomic(statePath, state)
	}
	return items, skips, save, nil
}
