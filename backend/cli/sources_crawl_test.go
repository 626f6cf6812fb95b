package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A sitemap crawl over --max-pages says so in the text and the JSON report.
func TestSourcesSitemapPageCapIsReported(t *testing.T) {
	t.Parallel()
	var base string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/sitemap.xml":
			fmt.Fprint(w, "<urlset>")
			for i := 1; i <= 5; i++ {
				fmt.Fprintf(w, "<url><loc>%s/p/%d</loc></url>", base, i)
			}
			fmt.Fprint(w, "</urlset>")
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<html><head><title>P</title></head><body><main><h1>Page %[1]s</h1><p>Tallyhub page %[1]s.</p></main></body></html>", r.URL.Path)
		}
	}))
	defer srv.Close()
	base = srv.URL
	data, ws := t.TempDir(), sourcesWorkspace(t)
	g := []string{"--data", data, "--corpus", ws}
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"text report names the cap", []string{"sources", "add", "sitemap", base + "/sitemap.xml", "--name", "site", "--max-pages", "2"},
			[]string{"source site (sitemap): 2 documents", "page cap 2", "stopped at the 2-page cap; 3 URLs not fetched"}},
		{"uncapped sync still says the cap", []string{"sources", "sync", "site"},
			[]string{"source site (sitemap): 5 documents", "page cap 5000"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, nil, append(g, tc.args...)...)
			for _, w := range tc.want {
				if r.code != 0 || !strings.Contains(r.stdout, w) {
					t.Fatalf("exit %d, want %q in\n%s%s", r.code, w, r.stdout, r.stderr)
				}
			}
		})
	}
	t.Run("json report", func(t *testing.T) {
		r := run(t, nil, append(g, "--json", "sources", "sync", "site", "--max-pages", "1")...)
		var out struct {
			Sources []struct {
				Report struct {
					Crawl struct {
						MaxPages   int    `json:"max_pages"`
						Capped     bool   `json:"capped"`
						NotFetched int    `json:"not_fetched"`
						Note       string `json:"note"`
					} `json:"crawl"`
				} `json:"report"`
			} `json:"sources"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 0 || len(out.Sources) != 1 {
			t.Fatalf("exit %d, err %v\n%s%s", r.code, err, r.stdout, r.stderr)
		}
		c := out.Sources[0].Report.Crawl
		if c.MaxPages != 1 || !c.Capped || c.NotFetched != 4 || c.Note != "stopped at the 1-page cap; 4 URLs not fetched" {
			t.Fatalf("crawl report %+v", c)
		}
	})
}
