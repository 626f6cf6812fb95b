// Package crawl downloads the pages a sitemap lists, politely: robots.txt
// is honoured, requests are rate limited per host under a user agent that
// names Continuity, and a re-sync asks with ETag / Last-Modified so
// unchanged pages are not downloaded again.
package crawl

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"continuity/backend/progress"
)

// DefaultUserAgent is sent when Options.UserAgent is empty.
const DefaultUserAgent = "Continuity/0.1 (+https://github.com/continuity-app/continuity; content audit crawler)"

// robotsToken is the product token robots.txt groups are matched on.
const robotsToken = "Continuity"

// DefaultMaxPages is how many pages a crawl visits when Options.MaxPages
// is zero.
const DefaultMaxPages = 5000

// Defaults for zero Options fields.
const (
	defaultRatePerSec = 2
	defaultMaxPages   = DefaultMaxPages
	defaultMaxBytes   = 10 << 20
)

// ErrBadSitemapURL marks a sitemap URL that is not absolute http(s).
var ErrBadSitemapURL = errors.New("sitemap URL must be an absolute http or https URL")

// Options tune a crawl; the zero value is polite and bounded.
type Options struct {
	Client     *http.Client  // nil: a default with timeouts
	UserAgent  string        // "" → DefaultUserAgent; always names Continuity
	RatePerSec float64       // per host; 0 → 2 requests/s; robots.txt Crawl-delay wins when slower
	MaxPages   int           // 0 → 5000
	Progress   progress.Func // optional
	MaxBytes   int64         // per response body, 0 → 10 MiB
	Recorder   Recorder      // optional: told of each URL as it is done
	// Resume holds the URLs an interrupted crawl finished: they are
	// taken as they were, without a request.
	Resume map[string]Done

	// tests swap these to count waits instead of timing them
	newLimiter func(perSec float64) waiter
	sleep      func(ctx context.Context, d time.Duration) error
}

// Page is one page's main content.
type Page struct {
	URL, Title, HTML string
	Date             time.Time // sitemap lastmod, else Last-Modified, else zero
}

// Skip is a listed URL that is not in Pages, with why.
type Skip struct {
	URL, Reason string
}

// PageState is what a crawl remembers of a page for the next one.
type PageState struct {
	ETag         string    `json:"etag,omitempty"`
	LastModified string    `json:"last_modified,omitempty"`
	Title        string    `json:"title,omitempty"`
	HTML         string    `json:"html"`
	Date         time.Time `json:"date,omitzero"`
}

// State is carried from one crawl to the next.
type State struct {
	Pages map[string]PageState `json:"pages"`
}

// Result is what a crawl found. Fetched counts full downloads (200s),
// NotModified the pages a 304 let us reuse, Resumed the URLs taken from
// Options.Resume. Capped says MaxPages stopped the crawl: NotFetched URLs
// listed in the sitemaps read were not visited, and SitemapsNotRead
// sitemap files were not read at all.
type Result struct {
	Pages                         []Page
	Skipped                       []Skip
	State                         State
	Fetched, NotModified, Resumed int
	MaxPages                      int
	Capped                        bool
	NotFetched, SitemapsNotRead   int
}

// Crawl reads sitemapURL (a urlset or sitemap index, gzipped or not) and
// fetches every listed page on the sitemap's host. prev is the State of the
// last crawl (zero the first time). On cancellation it returns the context
// error with a Result whose State holds what was learnt so far merged with
// prev, so the next crawl resumes without re-downloading.
func Crawl(ctx context.Context, sitemapURL string, prev State, opt Options) (Result, error) {
	root, err := url.Parse(strings.TrimSpace(sitemapURL))
	if err != nil || (root.Scheme != "http" && root.Scheme != "https") || root.Host == "" {
		return Result{State: prev}, fmt.Errorf("%q: %w", sitemapURL, ErrBadSitemapURL)
	}
	return newCrawler(prev, opt, root).run(ctx)
}

func newCrawler(prev State, opt Options, root *url.URL) *crawler {
	f := &fetcher{
		client:     opt.Client,
		userAgent:  userAgent(opt.UserAgent),
		perSec:     opt.RatePerSec,
		maxBytes:   opt.MaxBytes,
		newLimiter: opt.newLimiter,
		sleep:      opt.sleep,
		limiters:   map[string]waiter{},
	}
	if f.client == nil {
		f.client = defaultClient()
	}
	if f.perSec <= 0 {
		f.perSec = defaultRatePerSec
	}
	if f.maxBytes <= 0 {
		f.maxBytes = defaultMaxBytes
	}
	if f.newLimiter == nil {
		f.newLimiter = newRateLimiter
	}
	if f.sleep == nil {
		f.sleep = sleepCtx
	}
	maxPages := opt.MaxPages
	if maxPages <= 0 {
		maxPages = defaultMaxPages
	}
	if prev.Pages == nil {
		prev.Pages = map[string]PageState{}
	}
	return &crawler{
		root:     root,
		prev:     prev,
		maxPages: maxPages,
		progress: opt.Progress,
		rec:      opt.Recorder,
		done:     opt.Resume,
		fetch:    f,
		robots:   &robotsCache{fetch: f, agent: robotsToken, hosts: map[string]robotsRules{}},
	}
}

// userAgent makes sure a caller's agent still names Continuity, so site
// owners can always tell who is crawling.
func userAgent(ua string) string {
	ua = strings.TrimSpace(ua)
	if ua == "" {
		return DefaultUserAgent
	}
	if !strings.Contains(strings.ToLower(ua), "continuity") {
		return "Continuity " + ua
	}
	return ua
}

func defaultClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: 15 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	tr.ResponseHeaderTimeout = 30 * time.Second
	tr.TLSHandshakeTimeout = 15 * time.Second
	return &http.Client{Timeout: 2 * time.Minute, Transport: tr, CheckRedirect: sameHostRedirects}
}

// sameHostRedirects follows redirects within the first request's host only:
// a hop to another host would bypass that host's robots.txt and rate limit,
// so the redirect itself is returned and the page skipped.
func sameHostRedirects(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	if !strings.EqualFold(req.URL.Host, via[0].URL.Host) {
		return http.ErrUseLastResponse
	}
	return nil
}
