package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"continuity/backend/crawl"
)

// ErrNoCrawler means a sitemap source was synced by a caller that wired
// no crawler.
var ErrNoCrawler = errors.New("sitemap sources need backend/crawl")

// SiteCrawler fetches the pages a sitemap lists. state is what the
// previous crawl returned (nil the first time), so unchanged pages need
// not be fetched again; the new state is kept in the workspace data dir.
type SiteCrawler interface {
	CrawlSite(ctx context.Context, sitemapURL string, state []byte) (pages []Item, skipped []Skip, newState []byte, err error)
}

// legacyCrawlStateFile is where the state of a finished crawl was kept
// before it moved to the workspace data dir; it is still read.
const legacyCrawlStateFile = ".crawl-state.json"

// crawlPaths are a source's finished-crawl state and its running journal.
func (s *Sources) crawlPaths(name string) (state, journal string) {
	d := crawlDir(s.Root)
	return filepath.Join(d, name+".json"), filepath.Join(d, name+".journal.jsonl")
}

func (s *Sources) removeCrawlState(name string) error {
	state, journal := s.crawlPaths(name)
	for _, p := range []string{state, journal} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("crawl state: %w", err)
		}
	}
	return nil
}

func readCrawlState(paths ...string) ([]byte, error) {
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err == nil {
			return raw, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("crawl state: %w", err)
		}
	}
	return nil, nil
}

// crawlSitemap crawls a sitemap source. With the SitemapCrawler, pages are
// written to dir as they arrive and journalled in the workspace data dir,
// so an interrupted crawl keeps its pages and the next one resumes; the
// journal becomes the state once the caller has written every page.
func (s *Sources) crawlSitemap(ctx context.Context, src Source, dir string, report **CrawlReport) ([]Item, []Skip, func() error, error) {
	if s.Crawler == nil {
		return nil, nil, nil, fmt.Errorf("source %s: %w", src.Name, ErrNoCrawler)
	}
	statePath, journalPath := s.crawlPaths(src.Name)
	legacyPath := filepath.Join(dir, legacyCrawlStateFile)
	prev, err := readCrawlState(statePath, legacyPath)
	if err != nil {
		return nil, nil, nil, err
	}
	var items []Item
	var skips []Skip
	var state []byte
	if sc, ok := s.Crawler.(SitemapCrawler); ok {
		done, jerr := loadJournal(journalPath, src.Location)
		if jerr != nil {
			return nil, nil, nil, jerr
		}
		run := &crawlRun{dir: dir, journal: journalPath, sitemap: src.Location, resumed: done}
		var res crawl.Result
		items, skips, state, res, err = sc.crawl(ctx, src.Location, prev, run)
		run.close()
		*report = newCrawlReport(res)
		(*report).streamed = run.streamed
	} else {
		items, skips, state, err = s.Crawler.CrawlSite(ctx, src.Location, prev)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("crawl %s: %w", src.Location, err)
	}
	// the state is saved only after the pages are written, so a failed
	// write never records pages as seen that have no file
	save := func() error {
		if len(state) == 0 {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(statePath), 0o755); err != nil {
			return fmt.Errorf("crawl state: %w", err)
		}
		if err := writeAtomic(statePath, state); err != nil {
			return err
		}
		for _, p := range []string{journalPath, legacyPath} {
			if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("crawl state: %w", err)
			}
		}
		return nil
	}
	return items, skips, save, nil
}
