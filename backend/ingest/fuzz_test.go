package ingest

import (
	"context"
	"os"
	"strings"
	"testing"
)

func seed(f *testing.F, files ...string) {
	for _, p := range files {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(raw))
	}
}

// every parser of a user's export must return items or an error, never
// panic, and every item must carry an id and an origin
func checkItems(t *testing.T, items []Item, skips []Skip) {
	for _, it := range items {
		if it.ID == "" || it.Origin == "" {
			t.Fatalf("item without id or origin: %+v", it)
		}
	}
	for _, s := range skips {
		if s.Reason == "" {
			t.Fatalf("skip without reason: %+v", s)
		}
	}
}

func FuzzParseWXR(f *testing.F) {
	seed(f, "testdata/export.xml")
	f.Add("<rss><channel><item><wp:post_id>1</wp:post_id></item></channel></rss>")
	f.Fuzz(func(t *testing.T, in string) {
		items, skips, err := ParseWXR(context.Background(), "f.xml", strings.NewReader(in))
		if err == nil {
			checkItems(t, items, skips)
		}
	})
}

func FuzzParseGhost(f *testing.F) {
	seed(f, "testdata/ghost-export.json")
	f.Add(`{"db":[{"data":{"posts":[{"id":"1","status":"published","html":"<p>x</p>"}]}}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		items, skips, err := ParseGhost(context.Background(), "f.json", strings.NewReader(in))
		if err == nil {
			checkItems(t, items, skips)
		}
	})
}

func FuzzParseZendesk(f *testing.F) {
	seed(f, "testdata/zendesk-articles.json")
	f.Add(`[{"id":1,"body":"<p>x</p>"}] {"articles":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		items, skips, err := ParseZendesk(context.Background(), "f.json", strings.NewReader(in))
		if err == nil {
			checkItems(t, items, skips)
		}
	})
}

func FuzzMaterializeHTMLPage(f *testing.F) {
	f.Add("page/1", "<title>T</title><h1>H</h1><p>text</p>")
	f.Add("../x", "<table><tr><td>a</td></tr></table>")
	f.Fuzz(func(t *testing.T, id, page string) {
		_ = htmlTitle(page)
		dir := t.TempDir()
		rep, err := Materialize(context.Background(), dir, []Item{{ID: id, Status: StatusPublished, Body: page, Format: FormatHTML, Origin: "fuzz"}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Written+len(rep.Skipped) != 1 {
			t.Fatalf("report %+v: the item must be written or skipped", rep)
		}
	})
}
