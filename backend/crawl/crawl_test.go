package crawl

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"continuity/backend/progress"
)

// fastOptions keeps the real limiter code path out of the way: waits are
// counted, not slept.
func fastOptions(l *countingLimiter) Options {
	return Options{newLimiter: l.factory, RatePerSec: 5}
}

func pageURLs(res Result) []string {
	var out []string
	for _, p := range res.Pages {
		out = append(out, p.URL)
	}
	sort.Strings(out)
	return out
}

func TestCrawlFirstSyncIndexesAllowedPages(t *testing.T) {
	site := newTestSite(t)
	lim := &countingLimiter{}
	res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(lim))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{site.url("/docs/four"), site.url("/docs/one"), site.url("/docs/three"), site.url("/docs/two")}
	if got := pageURLs(res); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("pages %v, want %v", got, want)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].URL != site.url("/private/secret") || res.Skipped[0].Reason != "disallowed by robots.txt" {
		t.Fatalf("skipped %+v, want the private page disallowed by robots.txt", res.Skipped)
	}
	if res.Fetched != 4 || res.NotModified != 0 {
		t.Fatalf("fetched %d not modified %d, want 4 and 0", res.Fetched, res.NotModified)
	}
	for _, p := range res.Pages {
		path := strings.TrimPrefix(p.URL, site.srv.URL)
		if !strings.Contains(p.HTML, articleText(path, 1)) {
			t.Errorf("%s: main content lacks the article: %.200q", path, p.HTML)
		}
		for _, boiler := range []string{"Careers", "All rights reserved"} {
			if strings.Contains(p.HTML, boiler) {
				t.Errorf("%s: main content keeps boilerplate %q", path, boiler)
			}
		}
		if !strings.Contains(p.Title, "Guide "+path) {
			t.Errorf("%s: title %q", path, p.Title)
		}
		if len(res.State.Pages[p.URL].ETag) == 0 {
			t.Errorf("%s: no ETag kept in the state", path)
		}
	}
	byURL := map[string]Page{}
	for _, p := range res.Pages {
		byURL[p.URL] = p
	}
	if got, want := byURL[site.url("/docs/one")].Date, time.Date(2025, 12, 24, 9, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("date from lastmod %v, want %v", got, want)
	}
	if got, want := byURL[site.url("/docs/two")].Date, siteModified.Add(time.Hour); !got.Equal(want) {
		t.Errorf("date from Last-Modified %v, want %v", got, want)
	}
	for _, ua := range site.agents {
		if !strings.Contains(ua, "Continuity") {
			t.Errorf("request with user agent %q", ua)
		}
	}
	if lim.waits != len(site.agents) {
		t.Errorf("%d limiter waits for %d requests: some request skipped the rate limit", lim.waits, len(site.agents))
	}
	if len(lim.rates) != 1 || lim.rates[0] != 5 {
		t.Errorf("limiters created at %v requests/s, want one host at 5", lim.rates)
	}
}

func TestCrawlResyncSendsConditionalRequests(t *testing.T) {
	site := newTestSite(t)
	lim := &countingLimiter{}
	ctx := context.Background()
	first, err := Crawl(ctx, site.url("/sitemap_index.xml"), State{}, fastOptions(lim))
	if err != nil {
		t.Fatal(err)
	}
	full1, _ := site.counts()

	second, err := Crawl(ctx, site.url("/sitemap_index.xml"), first.State, fastOptions(lim))
	if err != nil {
		t.Fatal(err)
	}
	full2, notMod2 := site.counts()
	if full2 != full1 || notMod2 != 4 {
		t.Fatalf("server sent %d more full pages and %d 304s on the re-sync, want 0 and 4", full2-full1, notMod2)
	}
	if second.Fetched != 0 || second.NotModified != 4 || len(second.Pages) != 4 {
		t.Fatalf("re-sync fetched %d, not modified %d, pages %d; want 0, 4, 4", second.Fetched, second.NotModified, len(second.Pages))
	}
	for _, p := range second.Pages {
		if p.HTML != first.State.Pages[p.URL].HTML || p.HTML == "" {
			t.Errorf("%s: a 304 did not reuse the previous content", p.URL)
		}
	}

	site.setVersion("/docs/three", 2)
	third, err := Crawl(ctx, site.url("/sitemap_index.xml"), second.State, fastOptions(lim))
	if err != nil {
		t.Fatal(err)
	}
	if third.Fetched != 1 || third.NotModified != 3 {
		t.Fatalf("after one change fetched %d, not modified %d; want 1 and 3", third.Fetched, third.NotModified)
	}
	if got := third.State.Pages[site.url("/docs/three")].HTML; !strings.Contains(got, articleText("/docs/three", 2)) {
		t.Errorf("changed page keeps old content: %.200q", got)
	}
}

func TestCrawlCancelReturnsResumableState(t *testing.T) {
	site := newTestSite(t)
	lim := &countingLimiter{}
	first, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(lim))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := fastOptions(lim)
	opt.Progress = func(e progress.Event) {
		if e.Stage == "crawling" && e.Done == 2 {
			cancel()
		}
	}
	for _, p := range sitePages {
		site.setVersion(p, 3)
	}
	res, err := Crawl(ctx, site.url("/sitemap_index.xml"), first.State, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(res.State.Pages) != 4 {
		t.Fatalf("partial state has %d pages, want all 4 (new and not yet reached)", len(res.State.Pages))
	}
	if res.Fetched != 2 {
		t.Errorf("fetched %d before the cancel, want 2", res.Fetched)
	}
}

func TestCrawlRejectsBadSitemapURL(t *testing.T) {
	for name, u := range map[string]string{"relative": "/sitemap.xml", "ftp": "ftp://example.com/s.xml", "empty": ""} {
		t.Run(name, func(t *testing.T) {
			if _, err := Crawl(context.Background(), u, State{}, Options{}); !errors.Is(err, ErrBadSitemapURL) {
				t.Fatalf("err %v, want ErrBadSitemapURL", err)
			}
		})
	}
}

func TestUserAgentAlwaysNamesContinuity(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"default", "", DefaultUserAgent},
		{"kept", "Continuity/2.0 (+https://x)", "Continuity/2.0 (+https://x)"},
		{"prefixed", "MyBot/1", "Continuity MyBot/1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := userAgent(tc.in); got != tc.want {
				t.Fatalf("userAgent(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
