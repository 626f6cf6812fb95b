package crawl_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"continuity/backend/crawl"
	"continuity/backend/ingest"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// siteCrawler adapts crawl.Crawl to ingest.SiteCrawler the way the
// product's wiring does: the state travels as JSON, pages become published
// HTML items named by their path.
type siteCrawler struct{ opt crawl.Options }

func (s siteCrawler) CrawlSite(ctx context.Context, sitemapURL string, state []byte) ([]ingest.Item, []ingest.Skip, []byte, error) {
	var prev crawl.State
	if len(state) > 0 {
		if err := json.Unmarshal(state, &prev); err != nil {
			return nil, nil, nil, fmt.Errorf("crawl state: %w", err)
		}
	}
	res, err := crawl.Crawl(ctx, sitemapURL, prev, s.opt)
	if err != nil {
		return nil, nil, nil, err
	}
	items := make([]ingest.Item, 0, len(res.Pages))
	for _, p := range res.Pages {
		id := strings.Trim(p.URL[strings.Index(p.URL, "//")+2:], "/")
		items = append(items, ingest.Item{ID: id[strings.Index(id, "/")+1:], Title: p.Title, URL: p.URL, Date: p.Date,
			Status: ingest.StatusPublished, Body: p.HTML, Format: ingest.FormatHTML, Origin: p.URL})
	}
	skips := make([]ingest.Skip, 0, len(res.Skipped))
	for _, sk := range res.Skipped {
		skips = append(skips, ingest.Skip{Origin: sk.URL, Reason: sk.Reason})
	}
	raw, err := json.Marshal(res.State)
	return items, skips, raw, err
}

// acceptanceSite serves robots.txt (one page disallowed), a sitemap of 5
// pages and the pages, answering If-None-Match with 304 and counting 200s.
type acceptanceSite struct {
	mu     sync.Mutex
	full   int
	notMod int
}

func (a *acceptanceSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/robots.txt":
		_, _ = fmt.Fprint(w, "User-agent: *\nDisallow: /drafts/\n")
	case "/sitemap.xml":
		_, _ = fmt.Fprint(w, "<urlset>")
		for _, p := range []string{"/help/refunds", "/help/shipping", "/help/returns", "/help/warranty", "/drafts/pricing"} {
			_, _ = fmt.Fprintf(w, "<url><loc>http://%s%s</loc></url>", r.Host, p)
		}
		_, _ = fmt.Fprint(w, "</urlset>")
	default:
		topic := strings.TrimPrefix(r.URL.Path, "/help/")
		etag := `"` + topic + `-1"`
		w.Header().Set("ETag", etag)
		a.mu.Lock()
		hit := r.Header.Get("If-None-Match") == etag
		if hit {
			a.notMod++
		} else {
			a.full++
		}
		a.mu.Unlock()
		if hit {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		line := fmt.Sprintf("Our %s policy covers every order placed in the online store within the last ninety days. ", topic)
		_, _ = fmt.Fprintf(w, `<html><head><title>%s policy</title></head><body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<article><h1>%s policy</h1><p>%s</p><p>%s</p></article><footer>Example Store. All rights reserved.</footer></body></html>`,
			topic, topic, strings.Repeat(line, 4), strings.Repeat(line, 3))
	}
}

func (a *acceptanceSite) counts() (int, int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.full, a.notMod
}

// The acceptance through the product: a sitemap served from
// 127.0.0.1 with 5 pages (one disallowed by robots.txt) indexes 4; a second
// sync with unchanged pages re-downloads none (304s).
func TestSitemapSourceIndexesAllowedPagesAndResyncsWith304s(t *testing.T) {
	ctx := context.Background()
	site := &acceptanceSite{}
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)

	root := t.TempDir()
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	srcs := &ingest.Sources{Root: root, ContentDir: content, Crawler: siteCrawler{opt: crawl.Options{RatePerSec: 50}}}
	src, err := srcs.Add(ctx, ingest.KindSitemap, srv.URL+"/sitemap.xml", "help")
	if err != nil {
		t.Fatal(err)
	}
	_, rep, err := srcs.Sync(ctx, src.Name)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Written != 4 || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != "disallowed by robots.txt" {
		t.Fatalf("first sync: %+v; want 4 written and the draft page disallowed", rep)
	}

	data := t.TempDir()
	db, err := store.Open(ctx, filepath.Join(data, "continuity.db"))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := retrieval.Open(ctx, db, data, retrieval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ix.Close(); _ = db.Close() })
	first, err := ix.Sync(ctx, content, nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Added != 4 || first.Documents != 4 || len(first.Warnings) != 0 {
		t.Fatalf("index sync: %+v; want 4 documents", first)
	}
	docs, err := ix.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range docs {
		ids = append(ids, d.ID)
	}
	slices.Sort(ids)
	if want := []string{"help/refunds", "help/returns", "help/shipping", "help/warranty"}; !slices.Equal(ids, want) {
		t.Fatalf("indexed %v, want %v", ids, want)
	}

	full1, _ := site.counts()
	_, rep, err = srcs.Sync(ctx, src.Name)
	if err != nil {
		t.Fatal(err)
	}
	full2, notMod := site.counts()
	if full2 != full1 || notMod != 4 {
		t.Fatalf("re-sync downloaded %d pages and got %d 304s; want 0 and 4", full2-full1, notMod)
	}
	if rep.Written != 0 || rep.Unchanged != 4 {
		t.Fatalf("re-sync: %+v; want 4 unchanged", rep)
	}
	second, err := ix.Sync(ctx, content, nil)
	if err != nil {
		t.Fatal(err)
	}
	if second.Unchanged != 4 || second.Added+second.Updated+second.Removed != 0 {
		t.Fatalf("second index sync: %+v; want 4 unchanged", second)
	}
	hits, err := ix.Search(ctx, "warranty policy ninety days", 3, retrieval.BM25)
	if err != nil || len(hits) == 0 || !strings.Contains(hits[0].Text, "warranty") {
		t.Fatalf("search: %v %+v; want the warranty page", err, hits)
	}
	for _, h := range hits {
		if strings.Contains(h.Text, "All rights reserved") {
			t.Errorf("boilerplate indexed: %q", h.Text)
		}
	}
}
