package crawl

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func TestCrawlSkipReasons(t *testing.T) {
	cases := []struct {
		name    string
		handler func(site *testSite) http.HandlerFunc
		want    string
	}{
		{"missing page", func(*testSite) http.HandlerFunc { return http.NotFound }, "HTTP 404"},
		{"not HTML", func(*testSite) http.HandlerFunc {
			return func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/pdf")
				_, _ = w.Write([]byte("%PDF-1.4"))
			}
		}, "not HTML"},
		{"too large", func(*testSite) http.HandlerFunc {
			return func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				_, _ = w.Write([]byte("<p>" + strings.Repeat("x", 20000) + "</p>"))
			}
		}, "too large"},
		{"no main content", func(*testSite) http.HandlerFunc {
			return func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				_, _ = w.Write([]byte("<html><head><title>x</title></head><body> <script>var a=1</script> </body></html>"))
			}
		}, "no main content"},
		{"redirect to another host", func(*testSite) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				// another host name: the default client must not follow it
				http.Redirect(w, r, strings.Replace(r.Host, "127.0.0.1", "http://localhost", 1)+"/elsewhere", http.StatusFound)
			}
		}, skipOtherHost},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := newTestSite(t)
			site.handle("/docs/two", tc.handler(site))
			site.handle("/elsewhere", func(w http.ResponseWriter, r *http.Request) { site.servePage(w, r, 1) })
			opt := fastOptions(&countingLimiter{})
			opt.MaxBytes = 10000
			res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, opt)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, s := range res.Skipped {
				got[s.URL] = s.Reason
			}
			if got[site.url("/docs/two")] != tc.want {
				t.Fatalf("skips %v, want /docs/two %q", got, tc.want)
			}
			if len(res.Pages) != 3 {
				t.Fatalf("%d pages, want the 3 other allowed ones", len(res.Pages))
			}
		})
	}
}

func TestCrawlSkipsOtherHostsAndDeduplicates(t *testing.T) {
	site := newTestSite(t)
	site.handle("/sitemap-a.xml", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = fmt.Fprintf(w, `<urlset><url><loc>%[1]s/docs/one</loc></url><url><loc>%[1]s/docs/one#top</loc></url>
<url><loc>https://other.example/page</loc></url><url><loc>mailto:a@b.c</loc></url></urlset>`, site.srv.URL)
	})
	res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, fastOptions(&countingLimiter{}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range res.Skipped {
		got[s.URL] = s.Reason
	}
	if got["https://other.example/page"] != skipOtherHost || got["mailto:a@b.c"] != "not an http(s) URL" {
		t.Fatalf("skips %v", got)
	}
	if len(res.Pages) != 3 {
		t.Fatalf("%d pages (%v), want one, three and four", len(res.Pages), pageURLs(res))
	}
}

func TestCrawlPageLimitReportsDropped(t *testing.T) {
	site := newTestSite(t)
	opt := fastOptions(&countingLimiter{})
	opt.MaxPages = 2
	res, err := Crawl(context.Background(), site.url("/sitemap_index.xml"), State{}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || !res.Capped || res.NotFetched < 1 {
		t.Fatalf("%d pages, capped %v, %d not fetched; want 2, true, at least 1", len(res.Pages), res.Capped, res.NotFetched)
	}
	if !strings.HasPrefix(res.CapNote(), "stopped at the 2-page cap; ") {
		t.Errorf("cap note %q", res.CapNote())
	}
}
