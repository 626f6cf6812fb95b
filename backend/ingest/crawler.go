package ingest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"continuity/backend/crawl"
)

// SitemapCrawler crawls sitemaps with backend/crawl. Synced as a source,
// it writes each page as it arrives and resumes an interrupted crawl.
type SitemapCrawler struct {
	Options crawl.Options
}

// CrawlSite fetches the sitemap's pages as published Items whose id is
// "web-" plus the page's host and path.
func (c SitemapCrawler) CrawlSite(ctx context.Context, sitemapURL string, state []byte) ([]Item, []Skip, []byte, error) {
	items, skips, next, _, err := c.crawl(ctx, sitemapURL, state, nil)
	return items, skips, next, err
}

// crawl runs one crawl; run, when set, records it and resumes from it.
func (c SitemapCrawler) crawl(ctx context.Context, sitemapURL string, state []byte, run *crawlRun) ([]Item, []Skip, []byte, crawl.Result, error) {
	var prev crawl.State
	if len(state) > 0 {
		if err := json.Unmarshal(state, &prev); err != nil {
			// a damaged state only costs a full re-download
			prev = crawl.State{}
		}
	}
	opt := c.Options
	if run != nil {
		opt.Recorder, opt.Resume = run, run.resumed
	}
	res, err := crawl.Crawl(ctx, sitemapURL, prev, opt)
	if err != nil {
		return nil, nil, nil, res, err
	}
	items := make([]Item, 0, len(res.Pages))
	for _, p := range res.Pages {
		items = append(items, pageItem(p))
	}
	skips := make([]Skip, 0, len(res.Skipped))
	for _, s := range res.Skipped {
		skips = append(skips, Skip{Origin: s.URL, Reason: s.Reason})
	}
	next, err := json.Marshal(res.State)
	if err != nil {
		return nil, nil, nil, res, fmt.Errorf("crawl state: %w", err)
	}
	return items, skips, next, res, nil
}

func pageItem(p crawl.Page) Item {
	return Item{ID: pageID(p.URL), Title: p.Title, URL: p.URL, Date: p.Date, Status: StatusPublished,
		Type: "page", Body: p.HTML, Format: FormatHTML, Origin: p.URL}
}

func pageID(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "web-" + raw
	}
	p := strings.Trim(u.EscapedPath(), "/")
	if p == "" {
		p = "index"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return "web-" + u.Host + "/" + p
}
