package crawl

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// testSite is a small website on 127.0.0.1: robots.txt, a sitemap index
// pointing at a plain and a gzipped sitemap, and five pages with nav and
// footer boilerplate around an article. It answers conditional requests
// and counts what it sent.
type testSite struct {
	srv *httptest.Server

	mu       sync.Mutex
	robots   string
	robotsSC int
	versions map[string]int // page path → content version
	extra    map[string]http.HandlerFunc
	full     map[string]int // 200s per path
	notMod   map[string]int // 304s per path
	agents   []string
	times    []time.Time
}

var sitePages = []string{"/docs/one", "/docs/two", "/private/secret", "/docs/three", "/docs/four"}

const siteRobots = "User-agent: Continuity\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n"

var siteModified = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func newTestSite(t *testing.T) *testSite {
	t.Helper()
	s := &testSite{
		robots: siteRobots, robotsSC: http.StatusOK,
		versions: map[string]int{}, extra: map[string]http.HandlerFunc{},
		full: map[string]int{}, notMod: map[string]int{},
	}
	for _, p := range sitePages {
		s.versions[p] = 1
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *testSite) url(path string) string { return s.srv.URL + path }

func (s *testSite) setVersion(path string, v int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.versions[path] = v
}

func (s *testSite) handle(path string, h http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.extra[path] = h
}

func (s *testSite) counts() (full, notMod int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range sitePages {
		full += s.full[p]
		notMod += s.notMod[p]
	}
	return full, notMod
}

func (s *testSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.agents = append(s.agents, r.UserAgent())
	s.times = append(s.times, time.Now())
	extra, version := s.extra[r.URL.Path], s.versions[r.URL.Path]
	robots, robotsSC := s.robots, s.robotsSC
	s.mu.Unlock()
	switch {
	case extra != nil:
		extra(w, r)
	case r.URL.Path == "/robots.txt":
		w.WriteHeader(robotsSC)
		_, _ = fmt.Fprint(w, robots)
	case r.URL.Path == "/sitemap_index.xml":
		_, _ = fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>%[1]s/sitemap-a.xml</loc></sitemap>
  <sitemap><loc>/sitemap-b.xml.gz</loc><lastmod>2026-01-01</lastmod></sitemap>
</sitemapindex>`, s.srv.URL)
	case r.URL.Path == "/sitemap-a.xml":
		_, _ = fmt.Fprint(w, urlset(s.srv.URL, "/docs/one", "/docs/two", "/private/secret"))
	case r.URL.Path == "/sitemap-b.xml.gz":
		w.Header().Set("Content-Type", "application/gzip")
		_, _ = w.Write(gzipped(urlset(s.srv.URL, "/docs/three", "/docs/four")))
	case version > 0:
		s.servePage(w, r, version)
	default:
		http.NotFound(w, r)
	}
}

func (s *testSite) servePage(w http.ResponseWriter, r *http.Request, version int) {
	etag := fmt.Sprintf(`"%s-v%d"`, strings.ReplaceAll(r.URL.Path, "/", ""), version)
	modified := siteModified.Add(time.Duration(version) * time.Hour)
	w.Header().Set("ETag", etag)
	w.Header().Set("Last-Modified", modified.Format(http.TimeFormat))
	if r.Header.Get("If-None-Match") == etag {
		s.mu.Lock()
		s.notMod[r.URL.Path]++
		s.mu.Unlock()
		w.WriteHeader(http.StatusNotModified)
		return
	}
	s.mu.Lock()
	s.full[r.URL.Path]++
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = fmt.Fprint(w, pageHTML(r.URL.Path, version))
}

// urlset lists paths; /docs/one carries a lastmod, the rest rely on
// Last-Modified.
func urlset(base string, paths ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range paths {
		lastmod := ""
		if p == "/docs/one" {
			lastmod = "<lastmod>2025-12-24T10:00:00+01:00</lastmod>"
		}
		fmt.Fprintf(&b, "  <url><loc>%s%s</loc>%s</url>\n", base, p, lastmod)
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

func gzipped(s string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write([]byte(s))
	_ = zw.Close()
	return buf.Bytes()
}

// articleText is the sentence a page's article is made of; long enough
// that readability treats it as the main content.
func articleText(path string, version int) string {
	return fmt.Sprintf("The %s guide (revision %d) explains how the widget stores its settings between sessions.", path, version)
}

func pageHTML(path string, version int) string {
	para := strings.Repeat(articleText(path, version)+" ", 4)
	return fmt.Sprintf(`<!doctype html><html><head><title>Guide %[1]s</title></head><body>
<nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/p">Products</a></li><li><a href="/pr">Pricing</a></li><li><a href="/c">Careers</a></li><li><a href="/ct">Contact</a></li></ul></nav>
<div class="sidebar"><a href="/x">Related</a> <a href="/y">Popular</a></div>
<article><h1>Guide %[1]s</h1><p>%[2]s</p><p>%[2]s</p><p>%[2]s</p></article>
<footer class="site-footer"><p>Copyright Example Corp. All rights reserved.</p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
</body></html>`, path, para)
}

// countingLimiter records waits instead of waiting, so tests can check that
// every request went through the host's limiter at the configured rate.
type countingLimiter struct {
	mu    sync.Mutex
	rates []float64
	waits int
}

func (l *countingLimiter) factory(perSec float64) waiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rates = append(l.rates, perSec)
	return l
}

func (l *countingLimiter) Wait(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waits++
	return ctx.Err()
}
