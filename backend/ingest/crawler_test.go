package ingest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"continuity/backend/crawl"
)

func TestSitemapSourceCrawlsARealSite(t *testing.T) {
	mux := http.NewServeMux()
	var base string
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "User-agent: *\nAllow: /\n") })
	mux.HandleFunc("/sitemap.xml", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>%[1]s/guides/setup</loc><lastmod>2026-02-01</lastmod></url><url><loc>%[1]s/missing</loc></url></urlset>`, base)
	})
	mux.HandleFunc("/guides/setup", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><head><title>Set up Tallyhub</title></head><body><main><h1>Set up</h1><p>Install Tallyhub on a Mac or a PC in five minutes.</p></main></body></html>`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	base = srv.URL

	ctx := context.Background()
	s := newSources(t)
	s.Crawler = SitemapCrawler{Options: crawl.Options{RatePerSec: 1000}}
	if _, err := s.Add(ctx, KindSitemap, base+"/sitemap.xml", "docs"); err != nil {
		t.Fatal(err)
	}
	src, rep, err := s.Sync(ctx, "docs")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written != 1 || len(rep.Skipped) != 1 || src.Counts.Documents != 1 {
		t.Fatalf("report %+v; want the page written and the missing one skipped", rep)
	}
	if got := mdFiles(t, s.Dir("docs")); len(got) != 1 || !strings.HasPrefix(got[0], "web-127-0-0-1-") || !strings.HasSuffix(got[0], "-guides-setup.md") {
		t.Fatalf("files %v", got)
	}
	_, rep, err = s.Sync(ctx, "docs")
	if err != nil || rep.Unchanged != 1 || rep.Written != 0 {
		t.Fatalf("re-crawl %+v err %v; want the page unchanged", rep, err)
	}
}
