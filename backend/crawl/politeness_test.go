package crawl

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCrawlRobotsStatus(t *testing.T) {
	cases := []struct {
		name       string
		status     int
		body       string
		wantPages  int
		wantReason string // reason of every skip
	}{
		{"404 allows all", http.StatusNotFound, "", 5, ""},
		{"503 disallows all", http.StatusServiceUnavailable, "", 0, "disallowed by robots.txt (robots.txt answered HTTP 503)"},
		{"our group wins over *", http.StatusOK, siteRobots, 4, "disallowed by robots.txt"},
		{"* group applies without ours", http.StatusOK, "User-agent: *\nDisallow: /docs/\n", 1, "disallowed by robots.txt"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := newTestSite(t)
			site.robots, site.robotsSC = tc.body, tc.status
			res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Pages) != tc.wantPages || len(res.Pages)+len(res.Skipped) != 5 {
				t.Fatalf("%d pages and %d skips, want %d pages of 5", len(res.Pages), len(res.Skipped), tc.wantPages)
			}
			for _, s := range res.Skipped {
				if s.Reason != tc.wantReason {
					t.Errorf("skip %s: reason %q, want %q", s.URL, s.Reason, tc.wantReason)
				}
			}
		})
	}
}

func TestCrawlHonoursCrawlDelay(t *testing.T) {
	site := newTestSite(t)
	site.robots = "User-agent: *\nCrawl-delay: 4\n"
	lim := &countingLimiter{}
	if _, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(lim)); err != nil {
		t.Fatal(err)
	}
	if len(lim.rates) != 2 || lim.rates[1] != 0.25 {
		t.Fatalf("limiter rates %v, want 5/s replaced by 0.25/s for Crawl-delay 4", lim.rates)
	}
	if lim.waits != len(site.agents) {
		t.Errorf("%d waits for %d requests", lim.waits, len(site.agents))
	}
}

// TestCrawlRealLimiterSpacesRequests uses the real limiter; only a lower
// bound on the spacing is checked, which a slow machine cannot break.
func TestCrawlRealLimiterSpacesRequests(t *testing.T) {
	site := newTestSite(t)
	const perSec = 40.0
	if _, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, Options{RatePerSec: perSec}); err != nil {
		t.Fatal(err)
	}
	n := len(site.times)
	span := site.times[n-1].Sub(site.times[0])
	floor := time.Duration(float64(n-1) / perSec * 0.8 * float64(time.Second))
	if span < floor {
		t.Fatalf("%d requests in %v: faster than %v/s allows (floor %v)", n, span, perSec, floor)
	}
}

func TestCrawlRetriesAfterRetryAfter(t *testing.T) {
	cases := []struct {
		name       string
		retryAfter string
		wantPages  int
		wantSleeps []time.Duration
	}{
		{"seconds within the bound", "3", 4, []time.Duration{3 * time.Second}},
		{"beyond the bound gives up", "3600", 3, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := newTestSite(t)
			var once sync.Once
			site.handle("/docs/two", func(w http.ResponseWriter, r *http.Request) {
				busy := false
				once.Do(func() { busy = true })
				if busy || tc.wantSleeps == nil {
					w.Header().Set("Retry-After", tc.retryAfter)
					w.WriteHeader(http.StatusTooManyRequests)
					return
				}
				site.servePage(w, r, 1)
			})
			var sleeps []time.Duration
			opt := fastOptions(&countingLimiter{})
			opt.sleep = func(_ context.Context, d time.Duration) error { sleeps = append(sleeps, d); return nil }
			res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Pages) != tc.wantPages {
				t.Fatalf("%d pages, want %d (skips %+v)", len(res.Pages), tc.wantPages, res.Skipped)
			}
			if len(sleeps) != len(tc.wantSleeps) || (len(sleeps) > 0 && sleeps[0] != tc.wantSleeps[0]) {
				t.Fatalf("slept %v, want %v", sleeps, tc.wantSleeps)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		in     string
		want   time.Duration
		wantOK bool
	}{
		{"seconds", "7", 7 * time.Second, true},
		{"http date", now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, true},
		{"past date", now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"too long", "61", 0, false},
		{"missing", "", 0, false},
		{"garbage", "soon", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := retryAfter(tc.in, now)
			if got != tc.want || ok != tc.wantOK {
				t.Fatalf("retryAfter(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestCrawlKeepsKnownPageOnServerError(t *testing.T) {
	site := newTestSite(t)
	first, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
	if err != nil {
		t.Fatal(err)
	}
	site.handle("/docs/four", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), first.State, fastOptions(&countingLimiter{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 4 {
		t.Fatalf("%d pages, want the failing one kept from the last crawl", len(res.Pages))
	}
	var reasons []string
	for _, s := range res.Skipped {
		reasons = append(reasons, s.Reason)
	}
	if !strings.Contains(strings.Join(reasons, "|"), "HTTP 500; kept the copy from the last crawl") {
		t.Fatalf("skips %v do not report the 500", reasons)
	}
}
