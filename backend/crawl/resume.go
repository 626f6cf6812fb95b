package crawl

import (
	"context"
	"fmt"
)

// Recorder hears of each listed URL as the crawl finishes with it, so a
// caller can write pages as they arrive and journal the crawl: a crawl
// that is interrupted (cancelled or killed) then resumes from the journal
// instead of starting again. An error from a Recorder stops the crawl.
type Recorder interface {
	// Planned is called once the sitemaps are read, with the URLs the
	// crawl will visit (at most MaxPages), resumed ones included.
	Planned(ctx context.Context, urls []string) error
	// Kept is called for a page the crawl keeps (fetched, or reused on a
	// 304 or a passing failure).
	Kept(ctx context.Context, p Page, st PageState) error
	// Skipped is called for a listed URL the crawl does not keep.
	Skipped(ctx context.Context, s Skip) error
}

// Done is what an interrupted crawl already learnt of one URL: its page
// state when it was kept, else the reason it was skipped.
type Done struct {
	State *PageState `json:"state,omitempty"`
	Skip  string     `json:"skip,omitempty"`
}

// resume takes a URL an interrupted crawl already finished from Options.Resume
// without a request. It reports whether it did.
func (c *crawler) resume(e sitemapEntry) bool {
	d, ok := c.done[e.Loc]
	if !ok || (d.State == nil && d.Skip == "") {
		return false
	}
	c.res.Resumed++
	if d.State != nil {
		c.keep(e.Loc, *d.State)
	} else {
		c.skip(e.Loc, d.Skip)
	}
	return true
}

// visit fetches one page and tells the Recorder what became of it.
func (c *crawler) visit(ctx context.Context, e sitemapEntry) error {
	if c.resume(e) {
		return nil
	}
	pages, skips := len(c.res.Pages), len(c.res.Skipped)
	if err := c.page(ctx, e); err != nil {
		return err
	}
	if c.rec == nil {
		return nil
	}
	switch {
	case len(c.res.Pages) > pages:
		p := c.res.Pages[len(c.res.Pages)-1]
		if err := c.rec.Kept(ctx, p, c.res.State.Pages[p.URL]); err != nil {
			return fmt.Errorf("record %s: %w", p.URL, err)
		}
	case len(c.res.Skipped) > skips:
		if err := c.rec.Skipped(ctx, c.res.Skipped[len(c.res.Skipped)-1]); err != nil {
			return fmt.Errorf("record %s: %w", e.Loc, err)
		}
	}
	return nil
}

// CapNote says how a crawl was bounded, for a report; "" when it was not.
func (r Result) CapNote() string {
	if !r.Capped {
		return ""
	}
	s := fmt.Sprintf("stopped at the %s-page cap; %s URLs not fetched", thousands(r.MaxPages), thousands(r.NotFetched))
	if r.SitemapsNotRead > 0 {
		s += fmt.Sprintf(", %s sitemaps not read", thousands(r.SitemapsNotRead))
	}
	return s
}

// thousands writes n with comma separators: 5000 → "5,000".
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
