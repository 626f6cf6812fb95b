package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"continuity/backend/progress"
)

// Bounds on sitemap discovery: an index of indexes is followed this deep,
// and no more than this many sitemap files are read in one crawl.
const (
	maxSitemapDepth = 4
	maxSitemaps     = 1000
)

const skipOtherHost = "outside the sitemap's host"

// crawler is one Crawl call's state.
type crawler struct {
	root     *url.URL
	prev     State
	maxPages int
	progress progress.Func
	rec      Recorder
	done     map[string]Done
	fetch    *fetcher
	robots   *robotsCache

	res      Result
	sitemaps map[string]bool
	pages    []sitemapEntry
	seen     map[string]bool
}

func (c *crawler) run(ctx context.Context) (Result, error) {
	c.res.State = State{Pages: map[string]PageState{}}
	c.res.MaxPages = c.maxPages
	c.sitemaps, c.seen = map[string]bool{}, map[string]bool{}
	if err := c.readSitemap(ctx, c.root, 0); err != nil {
		return c.partial(), err
	}
	if len(c.pages) > c.maxPages {
		c.res.Capped = true
		c.res.NotFetched = len(c.pages) - c.maxPages
		c.pages = c.pages[:c.maxPages]
	}
	if c.rec != nil {
		urls := make([]string, len(c.pages))
		for i, e := range c.pages {
			urls[i] = e.Loc
		}
		if err := c.rec.Planned(ctx, urls); err != nil {
			return c.partial(), fmt.Errorf("record the crawl plan: %w", err)
		}
	}
	for i, e := range c.pages {
		c.progress.Report(progress.Event{Stage: "crawling", Done: i, Total: len(c.pages), Message: e.Loc})
		if err := c.visit(ctx, e); err != nil {
			return c.partial(), err
		}
	}
	c.progress.Report(progress.Event{Stage: "crawling", Done: len(c.pages), Total: len(c.pages)})
	return c.res, nil
}

// partial is the Result of an interrupted crawl: pages not reached yet keep
// their previous state so a resumed crawl can still ask conditionally.
func (c *crawler) partial() Result {
	out := c.res
	merged := make(map[string]PageState, len(c.prev.Pages)+len(out.State.Pages))
	for k, v := range c.prev.Pages {
		merged[k] = v
	}
	for k, v := range out.State.Pages {
		merged[k] = v
	}
	out.State = State{Pages: merged}
	return out
}

func (c *crawler) skip(u, reason string) {
	c.res.Skipped = append(c.res.Skipped, Skip{URL: u, Reason: reason})
}

func (c *crawler) sameHost(u *url.URL) bool {
	return strings.EqualFold(u.Host, c.root.Host)
}

// readSitemap reads one sitemap file and, for an index, the sitemaps it
// lists. A sitemap that cannot be read fails the crawl: dropping its pages
// would make the next sync delete them from the workspace.
func (c *crawler) readSitemap(ctx context.Context, u *url.URL, depth int) error {
	key := u.String()
	if c.sitemaps[key] {
		return nil
	}
	if len(c.sitemaps) >= maxSitemaps {
		return fmt.Errorf("sitemap %s: more than %d sitemap files", key, maxSitemaps)
	}
	c.sitemaps[key] = true
	c.progress.Report(progress.Event{Stage: "reading sitemaps", Done: len(c.sitemaps) - 1, Message: key})
	resp, err := c.fetch.get(ctx, key, nil)
	if err != nil {
		if errors.Is(err, errTooLarge) {
			return fmt.Errorf("sitemap %s: larger than %d bytes", key, c.fetch.maxBytes)
		}
		return fmt.Errorf("sitemap %s: %w", key, err)
	}
	if resp.Status != http.StatusOK {
		return fmt.Errorf("sitemap %s: HTTP %d", key, resp.Status)
	}
	body, err := gunzipIfNeeded(resp.Body, c.fetch.maxBytes)
	if err != nil {
		return fmt.Errorf("sitemap %s: %w", key, err)
	}
	doc, err := parseSitemap(body, key)
	if err != nil {
		return err
	}
	for i, e := range doc.Entries {
		if doc.Index && len(c.pages) > c.maxPages {
			// the cap is already passed: the rest of a large index would
			// only be read to be dropped
			c.res.Capped = true
			c.res.SitemapsNotRead += len(doc.Entries) - i
			return nil
		}
		ref, err := u.Parse(e.Loc)
		if err != nil || (ref.Scheme != "http" && ref.Scheme != "https") {
			c.skip(e.Loc, "not an http(s) URL")
			continue
		}
		ref.Fragment = ""
		if !c.sameHost(ref) {
			c.skip(ref.String(), skipOtherHost)
			continue
		}
		if !doc.Index {
			if !c.seen[ref.String()] {
				c.seen[ref.String()] = true
				c.pages = append(c.pages, sitemapEntry{Loc: ref.String(), LastMod: e.LastMod})
			}
			continue
		}
		if depth+1 >= maxSitemapDepth {
			return fmt.Errorf("sitemap %s: sitemap indexes nested deeper than %d", ref, maxSitemapDepth)
		}
		if err := c.readSitemap(ctx, ref, depth+1); err != nil {
			return err
		}
	}
	return nil
}
