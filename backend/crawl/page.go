package crawl

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
)

// page fetches one listed page; only a context error stops the crawl, any
// other failure becomes a Skip.
func (c *crawler) page(ctx context.Context, e sitemapEntry) error {
	u, err := url.Parse(e.Loc)
	if err != nil {
		c.skip(e.Loc, "not a URL")
		return nil
	}
	rules, err := c.robots.rules(ctx, u)
	if err != nil {
		return err
	}
	if ok, reason := rules.allowed(u); !ok {
		c.skip(e.Loc, reason)
		return nil
	}
	prev, known := c.prev.Pages[e.Loc]
	header := http.Header{}
	if known && prev.ETag != "" {
		header.Set("If-None-Match", prev.ETag)
	}
	if known && prev.LastModified != "" {
		header.Set("If-Modified-Since", prev.LastModified)
	}
	resp, err := c.fetch.get(ctx, e.Loc, header)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, errTooLarge):
		c.skip(e.Loc, "too large")
		return nil
	case err != nil:
		c.keepOrSkip(e, prev, known, err.Error())
		return nil
	}
	if resp.FinalHost != "" && !c.sameHost(&url.URL{Host: resp.FinalHost}) {
		c.skip(e.Loc, skipOtherHost)
		return nil
	}
	switch {
	case resp.Status == http.StatusNotModified && known:
		c.res.NotModified++
		c.keep(e.Loc, prev)
		return nil
	case resp.Status >= 500 || resp.Status == http.StatusTooManyRequests:
		c.keepOrSkip(e, prev, known, fmt.Sprintf("HTTP %d", resp.Status))
		return nil
	case resp.Status != http.StatusOK:
		c.skip(e.Loc, fmt.Sprintf("HTTP %d", resp.Status))
		return nil
	}
	c.res.Fetched++
	if !isHTML(resp.ContentType) {
		c.skip(e.Loc, "not HTML")
		return nil
	}
	main, ok := extractMain(resp.Body, u)
	if !ok {
		c.skip(e.Loc, "no main content")
		return nil
	}
	date := e.LastMod
	if date.IsZero() {
		if t, err := http.ParseTime(resp.LastModified); err == nil {
			date = t.UTC()
		}
	}
	c.keep(e.Loc, PageState{
		ETag: resp.ETag, LastModified: resp.LastModified,
		Title: main.Title, HTML: main.HTML, Date: date,
	})
	return nil
}

func (c *crawler) keep(u string, st PageState) {
	c.res.State.Pages[u] = st
	c.res.Pages = append(c.res.Pages, Page{URL: u, Title: st.Title, HTML: st.HTML, Date: st.Date})
}

// keepOrSkip handles a failure that may be passing (a 5xx, a 429, a lost
// connection): a page known from the last crawl keeps its copy, so one bad
// minute on the server does not delete it from the workspace, and the
// failure is still reported.
func (c *crawler) keepOrSkip(e sitemapEntry, prev PageState, known bool, why string) {
	if known {
		c.keep(e.Loc, prev)
		c.skip(e.Loc, why+"; kept the copy from the last crawl")
		return
	}
	c.skip(e.Loc, why)
}

func isHTML(contentType string) bool {
	if contentType == "" {
		// servers that say nothing are given the benefit of the doubt;
		// extraction still skips a page without main content
		return true
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mt == "text/html" || mt == "application/xhtml+xml"
}
