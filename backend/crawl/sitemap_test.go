package crawl

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestParseSitemap(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		wantIndex bool
		wantLocs  []string
		wantLine  int // 0: no error
	}{
		{"urlset", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a/x </loc></url><url><loc>https://a/y</loc><priority>1</priority></url></urlset>`, false, []string{"https://a/x", "https://a/y"}, 0},
		{"index", `<?xml version="1.0"?><sitemapindex><sitemap><loc>https://a/s1.xml</loc></sitemap></sitemapindex>`, true, []string{"https://a/s1.xml"}, 0},
		{"foreign elements ignored", `<urlset><url><loc>https://a/x</loc><image:image xmlns:image="i"><image:loc>https://a/i.png</image:loc></image:image></url></urlset>`, false, []string{"https://a/x"}, 0},
		{"empty urlset", `<urlset></urlset>`, false, nil, 0},
		{"unclosed tag", "<urlset>\n<url><loc>https://a/x</loc></url>\n<url><loc>https://a/y</url>\n</urlset>", false, nil, 3},
		{"wrong root", "\n\n<html><body/></html>", false, nil, 3},
		{"url without loc", "<urlset>\n<url><lastmod>2024-01-01</lastmod></url></urlset>", false, nil, 2},
		{"not XML", "hello", false, nil, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := parseSitemap([]byte(tc.in), "https://a/sitemap.xml")
			if tc.wantLine > 0 {
				var se *SitemapError
				if !errors.As(err, &se) || !errors.Is(err, ErrMalformedSitemap) {
					t.Fatalf("err %v, want a located malformed-sitemap error", err)
				}
				if se.Line != tc.wantLine || se.URL != "https://a/sitemap.xml" {
					t.Fatalf("error at %s line %d, want line %d: %v", se.URL, se.Line, tc.wantLine, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var locs []string
			for _, e := range doc.Entries {
				locs = append(locs, e.Loc)
			}
			if doc.Index != tc.wantIndex || fmt.Sprint(locs) != fmt.Sprint(tc.wantLocs) {
				t.Fatalf("index %v locs %v, want %v %v", doc.Index, locs, tc.wantIndex, tc.wantLocs)
			}
		})
	}
}

func TestParseLastMod(t *testing.T) {
	cases := []struct{ in, want string }{
		{"2024-05-06", "2024-05-06T00:00:00Z"},
		{"2024-05-06T07:08:09+02:00", "2024-05-06T05:08:09Z"},
		{"2024-05-06T07:08+02:00", "2024-05-06T05:08:00Z"},
		{"2024-05-06T07:08:09.5Z", "2024-05-06T07:08:09.5Z"},
		{"yesterday", "0001-01-01T00:00:00Z"},
		{"", "0001-01-01T00:00:00Z"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			if got := parseLastMod(tc.in).Format(time.RFC3339Nano); got != tc.want {
				t.Fatalf("parseLastMod(%q) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestCrawlMalformedSitemapIsLocated(t *testing.T) {
	site := newTestSite(t)
	site.handle("/sitemap-a.xml", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = fmt.Fprint(w, "<urlset>\n<url><loc>x</loc></url>\n<url><loc>y</url>\n</urlset>")
	})
	_, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
	var se *SitemapError
	if !errors.As(err, &se) || se.URL != site.url("/sitemap-a.xml") || se.Line != 3 {
		t.Fatalf("err %v, want sitemap-a.xml line 3", err)
	}
	if !strings.Contains(err.Error(), "sitemap-a.xml line 3") {
		t.Fatalf("message %q does not say where", err)
	}
}

func TestCrawlSitemapFailures(t *testing.T) {
	cases := []struct {
		name    string
		handler http.HandlerFunc
		want    string
	}{
		{"child sitemap missing", http.NotFound, "sitemap-a.xml: HTTP 404"},
		{"index loops to itself", func(w http.ResponseWriter, r *http.Request) {
			_, _ = fmt.Fprintf(w, "<sitemapindex><sitemap><loc>http://%s/sitemap_index.xml</loc></sitemap></sitemapindex>", r.Host)
		}, ""},
		{"broken gzip", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte{0x1f, 0x8b, 1, 2, 3}) }, "gzip"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := newTestSite(t)
			site.handle("/sitemap-a.xml", tc.handler)
			res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
			if tc.want == "" {
				if err != nil || len(res.Pages) != 2 {
					t.Fatalf("err %v, %d pages; want the gzipped sitemap's 2 pages and no loop", err, len(res.Pages))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

func TestCrawlContentEncodingGzipSitemap(t *testing.T) {
	site := newTestSite(t)
	site.handle("/sitemap-a.xml", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		_, _ = fmt.Fprint(zw, urlset(site.srv.URL, "/docs/one", "/docs/two"))
		_ = zw.Close()
	})
	res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 4 {
		t.Fatalf("%d pages, want 4", len(res.Pages))
	}
}

func FuzzParseSitemap(f *testing.F) {
	f.Add([]byte(urlset("https://a", "/x", "/docs/one")))
	f.Add([]byte(`<sitemapindex><sitemap><loc>https://a/s.xml</loc><lastmod>2024-01-01</lastmod></sitemap></sitemapindex>`))
	f.Add([]byte("<urlset>\n<url><loc>y</url>"))
	f.Add(gzipped(urlset("https://a", "/z")))
	f.Fuzz(func(t *testing.T, data []byte) {
		body, err := gunzipIfNeeded(data, 1<<20)
		if err != nil {
			return
		}
		doc, err := parseSitemap(body, "https://a/s.xml")
		if err != nil {
			var se *SitemapError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("error without a location: %v", err)
			}
			return
		}
		for _, e := range doc.Entries {
			if strings.TrimSpace(e.Loc) != e.Loc || e.Loc == "" {
				t.Fatalf("entry loc %q not trimmed or empty", e.Loc)
			}
		}
	})
}
