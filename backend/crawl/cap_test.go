package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/progress"
)

// bigSite serves a sitemap index of children × perChild URLs, generated
// on the fly, and counts the page requests it answers.
type bigSite struct {
	srv                *httptest.Server
	children, perChild int
	badChild           int // 1-based child served as broken XML; 0: none

	mu       sync.Mutex
	pages    map[string]int
	sitemaps int
}

func newBigSite(t *testing.T, children, perChild int) *bigSite {
	t.Helper()
	s := &bigSite{children: children, perChild: perChild, pages: map[string]int{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *bigSite) serve(w http.ResponseWriter, r *http.Request) {
	var child int
	switch {
	case r.URL.Path == "/robots.txt":
		_, _ = fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	case r.URL.Path == "/sitemap_index.xml":
		var b strings.Builder
		b.WriteString("<sitemapindex>\n")
		for i := 1; i <= s.children; i++ {
			fmt.Fprintf(&b, "<sitemap><loc>%s/sitemap-%d.xml</loc></sitemap>\n", s.srv.URL, i)
		}
		b.WriteString("</sitemapindex>\n")
		_, _ = w.Write([]byte(b.String()))
	case scan(r.URL.Path, "/sitemap-%d.xml", &child):
		s.mu.Lock()
		s.sitemaps++
		s.mu.Unlock()
		if child == s.badChild {
			_, _ = fmt.Fprint(w, "<urlset>\n<url><loc>x</loc></url>\n<url><loc>y</url>\n</urlset>")
			return
		}
		var b strings.Builder
		b.WriteString("<urlset>\n")
		for j := 1; j <= s.perChild; j++ {
			fmt.Fprintf(&b, "<url><loc>%s/p/%d/%d</loc></url>\n", s.srv.URL, child, j)
		}
		b.WriteString("</urlset>\n")
		_, _ = w.Write([]byte(b.String()))
	case strings.HasPrefix(r.URL.Path, "/p/"):
		s.mu.Lock()
		s.pages[r.URL.Path]++
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		_, _ = fmt.Fprintf(w, "<html><head><title>%[1]s</title></head><body><main><p>Page %[1]s says hello.</p></main></body></html>", r.URL.Path)
	default:
		http.NotFound(w, r)
	}
}

func scan(path, format string, n *int) bool {
	_, err := fmt.Sscanf(path, format, n)
	return err == nil
}

func (s *bigSite) pageRequests() (total, distinct int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range s.pages {
		total += n
	}
	return total, len(s.pages)
}

func TestCrawlCapsALargeSitemapIndex(t *testing.T) {
	cases := []struct {
		name           string
		maxPages       int
		wantPages      int
		wantNote       string
		wantNotRead    int
		wantSitemapsAt int // at most this many child sitemaps fetched
	}{
		{"small cap", 1000, 1000, "stopped at the 1,000-page cap; 200 URLs not fetched, 198 sitemaps not read", 198, 2},
		{"default cap", 0, 5000, "stopped at the 5,000-page cap; 400 URLs not fetched, 191 sitemaps not read", 191, 9},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := newBigSite(t, 200, 600)
			opt := fastOptions(&countingLimiter{})
			opt.MaxPages = tc.maxPages
			start := time.Now()
			res, err := Crawl(context.Background(), site.srv.URL+"/sitemap_index.xml", State{}, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Pages) != tc.wantPages || res.CapNote() != tc.wantNote || res.SitemapsNotRead != tc.wantNotRead {
				t.Fatalf("%d pages, note %q, %d sitemaps not read; want %d, %q, %d",
					len(res.Pages), res.CapNote(), res.SitemapsNotRead, tc.wantPages, tc.wantNote, tc.wantNotRead)
			}
			if site.sitemaps > tc.wantSitemapsAt {
				t.Errorf("%d child sitemaps read, want at most %d", site.sitemaps, tc.wantSitemapsAt)
			}
			t.Logf("%d pages in %v", len(res.Pages), time.Since(start))
		})
	}
}

func TestCrawlMalformedChildSitemapIsLocated(t *testing.T) {
	site := newBigSite(t, 3, 5)
	site.badChild = 2
	_, err := Crawl(context.Background(), site.srv.URL+"/sitemap_index.xml", State{}, fastOptions(&countingLimiter{}))
	var se *SitemapError
	if !errors.As(err, &se) || !errors.Is(err, ErrMalformedSitemap) {
		t.Fatalf("err %v, want a *SitemapError wrapping ErrMalformedSitemap", err)
	}
	if !strings.HasSuffix(se.URL, "/sitemap-2.xml") || se.Line != 3 {
		t.Fatalf("located at %s line %d, want sitemap-2.xml line 3", se.URL, se.Line)
	}
}

// journal is a Recorder that keeps what it heard and cancels the crawl
// after stopAfter pages.
type journal struct {
	mu        sync.Mutex
	planned   int
	done      map[string]Done
	stopAfter int
	cancel    context.CancelFunc
}

func (j *journal) Planned(_ context.Context, urls []string) error {
	j.planned = len(urls)
	return nil
}

func (j *journal) Kept(_ context.Context, p Page, st PageState) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.done[p.URL] = Done{State: &st}
	if j.stopAfter > 0 && len(j.done) == j.stopAfter {
		j.cancel()
	}
	return nil
}

func (j *journal) Skipped(_ context.Context, s Skip) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.done[s.URL] = Done{Skip: s.Reason}
	return nil
}

func TestCrawlResumesFromTheRecordedURLs(t *testing.T) {
	site := newBigSite(t, 4, 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &journal{done: map[string]Done{}, stopAfter: 15, cancel: cancel}
	opt := fastOptions(&countingLimiter{})
	opt.Recorder = rec
	res, err := Crawl(ctx, site.srv.URL+"/sitemap_index.xml", State{}, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want cancelled", err)
	}
	if rec.planned != 40 || len(rec.done) != 15 || len(res.State.Pages) != 15 {
		t.Fatalf("planned %d, recorded %d, state %d; want 40, 15, 15", rec.planned, len(rec.done), len(res.State.Pages))
	}
	opt.Recorder, opt.Resume = nil, rec.done
	res, err = Crawl(context.Background(), site.srv.URL+"/sitemap_index.xml", res.State, opt)
	if err != nil {
		t.Fatal(err)
	}
	total, distinct := site.pageRequests()
	if len(res.Pages) != 40 || res.Resumed != 15 || res.Fetched != 25 || total != 40 || distinct != 40 {
		t.Fatalf("%d pages, %d resumed, %d fetched, %d requests for %d pages; want 40, 15, 25, 40, 40",
			len(res.Pages), res.Resumed, res.Fetched, total, distinct)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 5000: "5,000", 1234567: "1,234,567", -4200: "-4,200"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// A capped crawl of a large sitemap index reports its progress as it goes:
// each child sitemap read, then every page fetched against the capped
// total, in order, ending at that total.
func TestCrawlReportsProgress(t *testing.T) {
	site := newBigSite(t, 20, 60)
	opt := fastOptions(&countingLimiter{})
	opt.MaxPages = 100
	var mu sync.Mutex
	var sitemaps, pages []progress.Event
	opt.Progress = func(e progress.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch e.Stage {
		case "reading sitemaps":
			sitemaps = append(sitemaps, e)
		case "crawling":
			pages = append(pages, e)
		default:
			t.Errorf("unknown stage %q", e.Stage)
		}
	}
	res, err := Crawl(context.Background(), site.srv.URL+"/sitemap_index.xml", State{}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(sitemaps) == 0 || len(pages) == 0 {
		t.Fatalf("%d sitemap and %d page events", len(sitemaps), len(pages))
	}
	for i, e := range pages {
		if e.Total != len(res.Pages) || (i > 0 && e.Done < pages[i-1].Done) {
			t.Fatalf("page event %d: %+v (previous %+v), want Done growing to Total %d", i, e, pages[max(0, i-1)], len(res.Pages))
		}
	}
	if last := pages[len(pages)-1]; last.Done != last.Total || last.Total != 100 {
		t.Fatalf("last page event %+v, want 100 of 100", last)
	}
}
