package crawl

import (
	"net/url"
	"strings"
	"testing"
)

func TestExtractMain(t *testing.T) {
	u, _ := url.Parse("https://a.example/p")
	cases := []struct {
		name      string
		in        string
		wantOK    bool
		wantText  string
		wantTitle string
	}{
		{"article among boilerplate", pageHTML("/p", 1), true, articleText("/p", 1), "Guide /p"},
		{"short body still has text", "<html><head><title> Short  page </title></head><body><main><p>Opening hours are nine to five.</p></main></body></html>", true, "Opening hours are nine to five.", "Short page"},
		{"script only", "<html><body><script>document.write('x')</script></body></html>", false, "", ""},
		{"empty", "", false, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := extractMain([]byte(tc.in), u)
			if ok != tc.wantOK {
				t.Fatalf("ok %v, want %v (%+v)", ok, tc.wantOK, got)
			}
			if !strings.Contains(got.HTML, tc.wantText) || got.Title != tc.wantTitle {
				t.Fatalf("got title %q html %.200q; want title %q and text %q", got.Title, got.HTML, tc.wantTitle, tc.wantText)
			}
		})
	}
}
