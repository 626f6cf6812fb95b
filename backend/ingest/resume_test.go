package ingest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"continuity/backend/crawl"
)

// pagedSite serves a sitemap index of children × perChild pages made up on
// the fly and counts the page requests; onPage, when set, sees each one
// first (with its 1-based number) and may hold it.
type pagedSite struct {
	srv                *httptest.Server
	children, perChild int

	mu     sync.Mutex
	served int
	onPage func(n int, r *http.Request)
}

func newPagedSite(t *testing.T, children, perChild int) *pagedSite {
	t.Helper()
	s := &pagedSite{children: children, perChild: perChild}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *pagedSite) serve(w http.ResponseWriter, r *http.Request) {
	var child int
	switch {
	case r.URL.Path == "/robots.txt":
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	case r.URL.Path == "/sitemap.xml":
		fmt.Fprint(w, "<sitemapindex>\n")
		for i := 1; i <= s.children; i++ {
			fmt.Fprintf(w, "<sitemap><loc>%s/sitemap-%d.xml</loc></sitemap>\n", s.srv.URL, i)
		}
		fmt.Fprint(w, "</sitemapindex>\n")
	case sscan(r.URL.Path, "/sitemap-%d.xml", &child):
		fmt.Fprint(w, "<urlset>\n")
		for j := 1; j <= s.perChild; j++ {
			fmt.Fprintf(w, "<url><loc>%s/p/%d-%d</loc></url>\n", s.srv.URL, child, j)
		}
		fmt.Fprint(w, "</urlset>\n")
	case strings.HasPrefix(r.URL.Path, "/p/"):
		s.mu.Lock()
		s.served++
		n, hook := s.served, s.onPage
		s.mu.Unlock()
		if hook != nil {
			hook(n, r)
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><head><title>Page %[1]s</title></head><body><main><h1>Page %[1]s</h1><p>Tallyhub page %[1]s.</p></main></body></html>", r.URL.Path)
	default:
		http.NotFound(w, r)
	}
}

func sscan(path, format string, n *int) bool {
	_, err := fmt.Sscanf(path, format, n)
	return err == nil
}

func (s *pagedSite) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served
}

func fastCrawler(maxPages int) SitemapCrawler {
	return SitemapCrawler{Options: crawl.Options{RatePerSec: 10000, MaxPages: maxPages}}
}

func TestSitemapSourceCapsALargeIndex(t *testing.T) {
	ctx := context.Background()
	site := newPagedSite(t, 200, 600)
	s := newSources(t)
	s.Crawler = fastCrawler(300)
	if _, err := s.Add(ctx, KindSitemap, site.srv.URL+"/sitemap.xml", "big"); err != nil {
		t.Fatal(err)
	}
	_, rep, err := s.Sync(ctx, "big")
	if err != nil {
		t.Fatal(err)
	}
	want := "stopped at the 300-page cap; 300 URLs not fetched, 199 sitemaps not read"
	if rep.Crawl == nil || rep.Crawl.Note != want || !rep.Crawl.Capped || rep.Written != 300 {
		t.Fatalf("report %+v crawl %+v; want 300 written and %q", rep, rep.Crawl, want)
	}
	if n := len(mdFiles(t, s.Dir("big"))); n != 300 || site.requests() != 300 {
		t.Fatalf("%d files, %d page requests; want 300 and 300", n, site.requests())
	}
}

func TestSitemapSourceResumesAnInterruptedCrawl(t *testing.T) {
	const total, stopAt = 30, 12
	site := newPagedSite(t, 3, 10)
	s := newSources(t)
	s.Crawler = fastCrawler(0)
	if _, err := s.Add(context.Background(), KindSitemap, site.srv.URL+"/sitemap.xml", "docs"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	site.onPage = func(n int, r *http.Request) {
		if n == stopAt {
			// interrupted while page 12 is in flight: it never arrives
			cancel()
			<-r.Context().Done()
		}
	}
	_, rep, err := s.Sync(ctx, "docs")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want cancelled", err)
	}
	if n := len(mdFiles(t, s.Dir("docs"))); n != stopAt-1 {
		t.Fatalf("%d pages on disk after the interruption, want the %d that arrived (report %+v)", n, stopAt-1, rep)
	}
	if _, journal := s.crawlPaths("docs"); !fileExists(journal) {
		t.Fatalf("no crawl journal at %s", journal)
	}

	site.onPage = nil
	before := site.requests()
	_, rep, err = s.Sync(context.Background(), "docs")
	if err != nil {
		t.Fatal(err)
	}
	if got := site.requests() - before; got != total-(stopAt-1) {
		t.Fatalf("resumed crawl asked for %d pages, want only the %d not fetched", got, total-(stopAt-1))
	}
	lines := strings.Join(rep.Crawl.Lines(), "\n")
	if rep.Crawl.Resumed != stopAt-1 || !strings.Contains(lines, fmt.Sprintf("resumed: %d pages already fetched", stopAt-1)) {
		t.Fatalf("crawl report %q, want it to say %d resumed", lines, stopAt-1)
	}
	if n := len(mdFiles(t, s.Dir("docs"))); n != total {
		t.Fatalf("%d pages on disk, want %d", n, total)
	}
	state, journal := s.crawlPaths("docs")
	if fileExists(journal) || !fileExists(state) {
		t.Fatalf("after a finished crawl: journal kept %v, state saved %v", fileExists(journal), fileExists(state))
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func TestLoadJournal(t *testing.T) {
	const sitemap = "https://example.com/sitemap.xml"
	page := `{"url":"https://example.com/a","state":{"html":"<p>a</p>"}}`
	skip := `{"url":"https://example.com/b","skip":"HTTP 404"}`
	cases := []struct {
		name  string
		text  string // "" with none: no journal file
		none  bool
		wantN int
	}{
		{"no journal", "", true, 0},
		{"a page and a skip", `{"sitemap":"` + sitemap + `"}` + "\n" + page + "\n" + skip + "\n", false, 2},
		{"torn last line after a kill", `{"sitemap":"` + sitemap + `"}` + "\n" + page + "\n" + `{"url":"https://exa`, false, 1},
		{"journal of another sitemap", `{"sitemap":"https://other.example/sitemap.xml"}` + "\n" + page + "\n", false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "docs.journal.jsonl")
			if !tc.none {
				if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			done, err := loadJournal(p, sitemap)
			if err != nil || len(done) != tc.wantN {
				t.Fatalf("%d done, err %v; want %d", len(done), err, tc.wantN)
			}
		})
	}
}

func TestSitemapSourceMalformedSitemapIsLocated(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "<urlset>\n<url><loc>https://a/x</loc></url>\n<url><loc>y</url>\n")
	}))
	defer srv.Close()
	s := newSources(t)
	s.Crawler = fastCrawler(0)
	if _, err := s.Add(context.Background(), KindSitemap, srv.URL+"/sitemap.xml", "bad"); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.Sync(context.Background(), "bad")
	var se *crawl.SitemapError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "sitemap.xml line 3") {
		t.Fatalf("err %v, want a sitemap error at sitemap.xml line 3", err)
	}
}
