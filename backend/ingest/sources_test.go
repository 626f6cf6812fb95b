package ingest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/draftfile/docxtest"
)

func newSources(t *testing.T) *Sources {
	t.Helper()
	root := t.TempDir()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	return &Sources{Root: root, ContentDir: filepath.Join(root, "content"), Now: func() time.Time { return now }}
}

func TestAddValidatesAndRegistryPersists(t *testing.T) {
	ctx := context.Background()
	s := newSources(t)
	export, _ := filepath.Abs("testdata/ghost-export.json")
	cases := []struct {
		name, kind, loc, srcName string
		wantErr                  error
		wantName                 string
	}{
		{"name from the file", KindGhost, export, "", nil, "ghost-export"},
		{"explicit name", KindZendesk, "testdata/zendesk-articles.json", "help", nil, "help"},
		{"sitemap named by host", KindSitemap, "https://docs.tallyhub.example/sitemap.xml", "", nil, "docs-tallyhub-example"},
		{"same name twice", KindGhost, export, "", ErrSourceExists, ""},
		{"unknown kind", "rss", export, "x", ErrBadSource, ""},
		{"missing file", KindWXR, "testdata/nope.xml", "", ErrBadSource, ""},
		{"folder kind given a file", KindHTMLFolder, export, "pages", ErrBadSource, ""},
		{"sitemap must be http", KindSitemap, "file:///etc/passwd", "", ErrBadSource, ""},
		{"bad name", KindGhost, export, "Bad Name!", ErrBadSource, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src, err := s.Add(ctx, tc.kind, tc.loc, tc.srcName)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("error %v, want %v", err, tc.wantErr)
				}
				return
			}
			if err != nil || src.Name != tc.wantName || (tc.kind != KindSitemap && !filepath.IsAbs(src.Location)) {
				t.Fatalf("source %+v err %v; want %s with an absolute location", src, err, tc.wantName)
			}
		})
	}
	// a fresh Sources over the same workspace (an app restart) sees them
	again := &Sources{Root: s.Root, ContentDir: s.ContentDir}
	list, err := again.List(ctx)
	if err != nil || len(list) != 3 || list[0].Name != "ghost-export" || list[2].Kind != KindSitemap {
		t.Fatalf("list %+v err %v; want the three sources in order", list, err)
	}
}

func TestSyncRecordsCountsAndRemoveDeletes(t *testing.T) {
	ctx := context.Background()
	s := newSources(t)
	if _, err := s.Add(ctx, KindZendesk, "testdata/zendesk-articles.json", "help"); err != nil {
		t.Fatal(err)
	}
	src, _, err := s.Sync(ctx, "help")
	if err != nil {
		t.Fatal(err)
	}
	want := Counts{Documents: 2, Written: 2, Skipped: 1}
	if src.Counts != want || !src.LastSync.Equal(s.Now()) || len(src.Skipped) != 1 || !strings.Contains(src.Skipped[0].Reason, "draft") {
		t.Fatalf("source %+v; want counts %+v, the sync time and the draft skipped", src, want)
	}
	for _, f := range []string{"_sources/.gitignore", "_sources/help/.source.json", "_sources/help/zd-360001234501.md"} {
		if _, err := os.Stat(filepath.Join(s.ContentDir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	list, _ := s.List(ctx)
	if len(list) != 1 || list[0].Counts != want {
		t.Fatalf("registry %+v; want the counts saved", list)
	}
	if err := s.Remove(ctx, "help"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Dir("help")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("source folder still there: %v", err)
	}
	if err := s.Remove(ctx, "help"); !errors.Is(err, ErrUnknownSource) {
		t.Fatalf("second remove: %v, want ErrUnknownSource", err)
	}
}

func TestFailedSyncKeepsDocumentsAndRecordsError(t *testing.T) {
	ctx := context.Background()
	s := newSources(t)
	export := filepath.Join(t.TempDir(), "site.xml")
	copyFile(t, "testdata/export.xml", export)
	if _, err := s.Add(ctx, KindWXR, export, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Sync(ctx, "site"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(export, []byte("<rss>\n<channel><item></channel>"), 0o644); err != nil {
		t.Fatal(err)
	}
	src, _, err := s.Sync(ctx, "site")
	if err == nil || !strings.Contains(src.LastError, "site.xml line 2") || src.Counts.Documents != 3 {
		t.Fatalf("source %+v err %v; want a located error and the old counts", src, err)
	}
	if got := mdFiles(t, s.Dir("site")); len(got) != 3 {
		t.Fatalf("files %v; a broken export must not delete the documents", got)
	}
}

func TestSitemapWithoutCrawlerSaysSo(t *testing.T) {
	ctx := context.Background()
	s := newSources(t)
	if _, err := s.Add(ctx, KindSitemap, "https://docs.example/sitemap.xml", "docs"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Sync(ctx, "docs"); !errors.Is(err, ErrNoCrawler) {
		t.Fatalf("error %v, want ErrNoCrawler", err)
	}
}

type fakeCrawler struct{ gotState []byte }

func (f *fakeCrawler) CrawlSite(_ context.Context, u string, state []byte) ([]Item, []Skip, []byte, error) {
	f.gotState = state
	return []Item{{ID: "page-1", Title: "Home", URL: u, Status: StatusPublished, Body: "<p>Welcome home.</p>", Format: FormatHTML, Origin: u}},
		[]Skip{{Origin: "https://docs.example/404", Reason: "HTTP 404"}}, []byte(`{"etag":"1"}`), nil
}

func TestSitemapSourceKeepsCrawlState(t *testing.T) {
	ctx := context.Background()
	s := newSources(t)
	c := &fakeCrawler{}
	s.Crawler = c
	if _, err := s.Add(ctx, KindSitemap, "https://docs.example/sitemap.xml", "docs"); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, _, err := s.Sync(ctx, "docs"); err != nil {
			t.Fatal(err)
		}
	}
	if string(c.gotState) != `{"etag":"1"}` {
		t.Fatalf("second crawl got state %q, want the first crawl's", c.gotState)
	}
	list, _ := s.List(ctx)
	if list[0].Counts.Documents != 1 || len(list[0].Skipped) != 1 {
		t.Fatalf("source %+v; want 1 document and the 404 skipped", list[0])
	}
}

func docx(t *testing.T, heading, para string) []byte {
	t.Helper()
	return docxtest.Docx(t, docxtest.Para("Heading1", heading)+docxtest.Para("", para))
}

func TestFolderReaders(t *testing.T) {
	dir := t.TempDir()
	write := func(rel string, b []byte) {
		p := filepath.Join(dir, rel)
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("guides/setup.html", []byte("<html><head><title>Set up Tallyhub</title></head><body><h1>Setup</h1><p>Install the app.</p></body></html>"))
	write("faq.htm", []byte("<h1>FAQ</h1><p>Answers.</p>"))
	write("policy.docx", docx(t, "Refund policy", "Refunds take 5 days."))
	write("broken.docx", []byte("not a zip"))
	write(".hidden/x.html", []byte("<p>no</p>"))
	write("notes/a.md", []byte("---\nid: note-a\ntitle: Note A\nstatus: draft\n---\nBody A.\n"))
	write("b.md", []byte("# B\n\nBody B.\n"))

	items, skips, err := ReadHTMLFolder(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, it := range items {
		got[it.ID] = it.Title + "|" + it.Format
	}
	want := map[string]string{"faq": "FAQ|html", "guides/setup": "Set up Tallyhub|html", "policy": "Refund policy|md"}
	if len(got) != len(want) || got["faq"] != want["faq"] || got["guides/setup"] != want["guides/setup"] || got["policy"] != want["policy"] {
		t.Fatalf("html folder items %v, want %v", got, want)
	}
	if len(skips) != 1 || skips[0].Origin != "broken.docx" {
		t.Fatalf("skips %+v, want broken.docx", skips)
	}

	mds, skips, err := ReadMarkdownFolder(context.Background(), dir)
	if err != nil || len(skips) != 0 || len(mds) != 2 {
		t.Fatalf("markdown items %+v skips %+v err %v; want 2", mds, skips, err)
	}
	if mds[0].ID != "b" || !mds[0].Published() || mds[1].ID != "note-a" || mds[1].Status != StatusDraft || strings.Contains(mds[1].Body, "---") {
		t.Fatalf("markdown items %+v; want b published and note-a draft without its front matter", mds)
	}
}
