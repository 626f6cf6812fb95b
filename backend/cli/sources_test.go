package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sourcesWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	p := filepath.Join(root, "content", "help", "intro.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\nid: intro\ntitle: Intro\n---\n# Intro\n\nTallyhub sends invoices.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func copyTestFile(t *testing.T, src, dst string) {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSourcesAddSyncListRemove(t *testing.T) {
	data, ws := t.TempDir(), sourcesWorkspace(t)
	export := filepath.Join(t.TempDir(), "blog.xml")
	copyTestFile(t, "../ingest/testdata/export.xml", export)
	g := []string{"--data", data, "--corpus", ws}

	r := run(t, nil, append(g, "--json", "sources", "add", "wxr", export)...)
	if r.code != 0 {
		t.Fatalf("add: exit %d, stderr %s", r.code, r.stderr)
	}
	var added struct {
		Sources []struct {
			Name   string `json:"name"`
			Counts struct {
				Documents int `json:"documents"`
			} `json:"counts"`
			Skipped []struct{ Origin, Reason string } `json:"skipped"`
		} `json:"sources"`
		Index struct{ Added, Documents int } `json:"index"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &added); err != nil {
		t.Fatalf("add --json: %v\n%s", err, r.stdout)
	}
	if len(added.Sources) != 1 || added.Sources[0].Name != "blog" || added.Sources[0].Counts.Documents != 3 ||
		len(added.Sources[0].Skipped) != 3 || added.Index.Added != 4 || added.Index.Documents != 4 {
		t.Fatalf("add: %+v; want blog with 3 documents, 3 skipped, 4 added", added)
	}

	copyTestFile(t, "../ingest/testdata/export-edited.xml", export)
	r = run(t, nil, append(g, "sources", "sync")...)
	if r.code != 0 || !strings.Contains(r.stdout, "written 1, unchanged 1, removed 1") ||
		!strings.Contains(r.stdout, "added 0, updated 1, removed 1") || !strings.Contains(r.stdout, "status trashed; not published") {
		t.Fatalf("sync: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	r = run(t, nil, append(g, "sources", "list")...)
	if r.code != 0 || !strings.Contains(r.stdout, "content  folder") || !strings.Contains(r.stdout, "blog     wxr     2") {
		t.Fatalf("list: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	r = run(t, nil, append(g, "sources", "remove", "blog")...)
	if r.code != 0 || !strings.Contains(r.stdout, "removed 2") {
		t.Fatalf("remove: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

func TestSourcesErrors(t *testing.T) {
	data, ws := t.TempDir(), sourcesWorkspace(t)
	bad := filepath.Join(t.TempDir(), "bad.xml")
	if err := os.WriteFile(bad, []byte("<rss>\n<channel>\n<item><title>x</item>"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := []string{"--data", data, "--corpus", ws}
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no subcommand", []string{"sources"}, 2, "needs a subcommand"},
		{"unknown subcommand", []string{"sources", "frob"}, 2, `unknown sources subcommand "frob"`},
		{"add without location", []string{"sources", "add", "wxr"}, 2, "usage: continuity sources"},
		{"unknown kind", []string{"sources", "add", "rss", bad}, 2, `kind "rss"`},
		{"name on list", []string{"sources", "list", "--name", "x"}, 2, "--name is for sources add"},
		{"sync unknown", []string{"sources", "sync", "nope"}, 2, "no such source: nope"},
		{"broken export is located", []string{"sources", "add", "wxr", bad}, 2, "bad.xml line 3"},
		{"max-pages on list", []string{"sources", "list", "--max-pages", "5"}, 2, "--max-pages is for sources add and sources sync"},
		{"max-pages zero", []string{"sources", "sync", "--max-pages", "0"}, 2, "--max-pages must be at least 1, not 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, nil, append(g, tc.args...)...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.stderr) {
				t.Fatalf("exit %d stderr %q; want %d and %q", r.code, r.stderr, tc.code, tc.stderr)
			}
		})
	}
}

// `sources add sitemap URL` crawls the site (real HTTP on 127.0.0.1) and
// indexes its pages.
func TestSourcesAddSitemapCrawls(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	var base string
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "User-agent: *\nAllow: /\n") })
	mux.HandleFunc("/sitemap.xml", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/pricing</loc></url></urlset>`, base)
	})
	mux.HandleFunc("/pricing", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<html><head><title>Pricing</title></head><body><main><h1>Pricing</h1><p>The Team plan costs $29 per month.</p></main></body></html>`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	base = srv.URL

	r := run(t, nil, "--data", t.TempDir(), "--corpus", sourcesWorkspace(t), "sources", "add", "sitemap", base+"/sitemap.xml", "--name", "site")
	if r.code != 0 || !strings.Contains(r.stdout, "source site (sitemap): 1 documents") || !strings.Contains(r.stdout, "added 2") {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
