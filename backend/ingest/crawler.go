package ingest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"continuity/backend/crawl"
)

// SitemapCrawler crawls sitemaps with backend/crawl.
type SitemapCrawler struct {
	Options crawl.Options
}

// CrawlSite fetches the sitemap's pages as published Items whose id is
// "web-" plus the page's host and path.
func (c SitemapCrawler) CrawlSite(ctx context.Context, sitemapURL string, state []byte) ([]Item, []Skip, []byte, error) {
	var prev crawl.State
	if len(state) > 0 {
		if err := json.Unmarshal(state, &prev); err != nil {
			// a damaged state only costs a full re-download
			prev = crawl.State{}
		}
	}
	res, err := crawl.Crawl(ctx, sitemapURL, prev, c.Options)
	if err != nil {
		return nil, nil, nil, err
	}
	items := make([]Item, 0, len(res.Pages))
	for _, p := range res.Pages {
		items = append(items, Item{ID: pageID(p.URL), Title: p.Title, URL: p.URL, Date: p.Date, Status: StatusPublished,
			Type: "page", Body: p.HTML, Format: FormatHTML, Origin: p.URL})
	}
	skips := make([]Skip, 0, len(res.Skipped))
	for _, s := range res.Skipped {
		skips = append(skips, Skip{Origin: s.URL, Reason: s.Reason})
	}
	next, err := json.Marshal(res.State)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("crawl state: %w", err)
	}
	return items, skips, next, nil
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
