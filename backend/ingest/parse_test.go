package ingest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

type wantItem struct {
	id, title, url, status, date string
	bodyHas                      string
}

type parser func(ctx context.Context, name string, f *os.File) ([]Item, []Skip, error)

func TestParsersMapExportsToItems(t *testing.T) {
	cases := []struct {
		name      string
		file      string
		parse     parser
		want      []wantItem
		skipWords []string // one word each skipped item's reason contains, in order
	}{
		{
			name: "wordpress WXR posts and pages", file: "testdata/export.xml",
			parse: func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseWXR(c, n, f) },
			want: []wantItem{
				{"wp-12", "Recurring invoices arrive", "https://blog.tallyhub.example/recurring-invoices/", StatusPublished, "2026-01-12T09:30:00Z", "<strong>first business day</strong>"},
				{"wp-15", "Tallyhub Go for Android", "https://blog.tallyhub.example/tallyhub-go-android/", StatusPublished, "2026-02-03T14:00:00Z", "Android 12"},
				{"wp-18", "How refunds work", "https://blog.tallyhub.example/how-refunds-work/", StatusPublished, "2026-03-01T08:15:00Z", "5 business days"},
				{"wp-21", "Pricing changes (draft)", "https://blog.tallyhub.example/?p=21", StatusDraft, "2026-03-10T10:00:00Z", "$19"},
				{"wp-7", "Old roadmap", "https://blog.tallyhub.example/old-roadmap/", StatusTrashed, "2025-06-01T12:00:00Z", "Offline mode"},
			},
			skipWords: []string{"attachment"},
		},
		{
			name: "ghost export posts and pages", file: "testdata/ghost-export.json",
			parse: func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseGhost(c, n, f) },
			want: []wantItem{
				{"ghost-65a1f0c2e4b0a1000156a001", "Expense approvals in two taps", "https://tallyhub.example/blog/expense-approvals/", StatusPublished, "2026-01-06T09:00:00Z", "two taps"},
				{"ghost-65a1f0c2e4b0a1000156a002", "About Tallyhub", "https://tallyhub.example/blog/about/", StatusPublished, "2025-11-20T12:00:00Z", "Lisbon"},
				{"ghost-65a1f0c2e4b0a1000156a003", "Roadmap 2027", "https://tallyhub.example/blog/roadmap-2027/", StatusDraft, "2026-02-01T08:00:00Z", "Offline"},
				{"ghost-65a1f0c2e4b0a1000156a004", "Spring webinar", "https://tallyhub.example/blog/spring-webinar/", StatusDraft, "2026-04-01T08:00:00Z", "April 2"},
			},
			skipWords: []string{"mobiledoc"},
		},
		{
			name: "zendesk help center pages", file: "testdata/zendesk-articles.json",
			parse: func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseZendesk(c, n, f) },
			want: []wantItem{
				{"zd-360001234501", "Reset your password", "https://tallyhub.zendesk.com/hc/en-us/articles/360001234501-Reset-your-password", StatusPublished, "2026-01-10T11:00:00Z", "60 minutes"},
				{"zd-360001234502", "Export invoices", "https://tallyhub.zendesk.com/hc/en-us/articles/360001234502-Export-invoices", StatusDraft, "2026-02-02T10:00:00Z", "CSV or PDF"},
				{"zd-360001234503", "Two-factor sign-in", "https://tallyhub.zendesk.com/hc/en-us/articles/360001234503-Two-factor-sign-in", StatusPublished, "2025-11-15T10:00:00Z", "authenticator"},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := os.Open(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			items, skips, err := tc.parse(context.Background(), tc.file, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != len(tc.want) {
				t.Fatalf("got %d items %+v, want %d", len(items), items, len(tc.want))
			}
			for i, w := range tc.want {
				it := items[i]
				if it.ID != w.id || it.Title != w.title || it.URL != w.url || it.Status != w.status || it.Date.Format(time.RFC3339) != w.date {
					t.Errorf("item %d = {%q %q %q %q %s}, want %+v", i, it.ID, it.Title, it.URL, it.Status, it.Date.Format(time.RFC3339), w)
				}
				if !strings.Contains(it.Body, w.bodyHas) || it.Format != FormatHTML || it.Origin == "" {
					t.Errorf("item %d body %q format %q origin %q; want HTML with %q and an origin", i, it.Body, it.Format, it.Origin, w.bodyHas)
				}
			}
			if len(skips) != len(tc.skipWords) {
				t.Fatalf("skipped %+v, want %d", skips, len(tc.skipWords))
			}
			for i, w := range tc.skipWords {
				if !strings.Contains(skips[i].Reason, w) || !strings.Contains(skips[i].Origin, tc.file) {
					t.Errorf("skip %d = %+v, want a located reason with %q", i, skips[i], w)
				}
			}
		})
	}
}

func TestWXRStatusesMapToUnpublished(t *testing.T) {
	cases := []struct{ wp, want, skip string }{
		{"publish", StatusPublished, ""},
		{"draft", StatusDraft, ""},
		{"pending", StatusDraft, ""},
		{"future", StatusDraft, ""},
		{"private", StatusPrivate, ""},
		{"trash", StatusTrashed, ""},
		{"weird", "", "unknown <wp:status>"},
	}
	for _, tc := range cases {
		t.Run(tc.wp, func(t *testing.T) {
			doc := `<rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item>
<title>T</title><wp:post_id>5</wp:post_id><wp:post_type>post</wp:post_type><wp:status>` + tc.wp + `</wp:status>
<content:encoded><![CDATA[<p>x</p>]]></content:encoded></item></channel></rss>`
			items, skips, err := ParseWXR(context.Background(), "s.xml", strings.NewReader(doc))
			if err != nil {
				t.Fatal(err)
			}
			if tc.skip != "" {
				if len(items) != 0 || len(skips) != 1 || !strings.Contains(skips[0].Reason, tc.skip) {
					t.Fatalf("items %+v skips %+v; want one skip %q", items, skips, tc.skip)
				}
				return
			}
			if len(items) != 1 || items[0].Status != tc.want || items[0].Published() != (tc.want == StatusPublished) {
				t.Fatalf("items %+v, want status %s", items, tc.want)
			}
		})
	}
}

func TestMalformedInputIsLocated(t *testing.T) {
	cases := []struct {
		name, input, want string
		parse             func(ctx context.Context, name string, r *strings.Reader) ([]Item, []Skip, error)
	}{
		{"wxr unclosed element", "<rss>\n<channel>\n<item>\n<title>x</titel>\n</item></channel></rss>", "in.xml line 4",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) { return ParseWXR(c, n, r) }},
		{"wxr not an export", "<feed></feed>", "not a WordPress export",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) { return ParseWXR(c, n, r) }},
		{"ghost bad json", "{\"db\": [\n  {\"data\": {\"posts\": [\n    {\"id\": 1,,}\n]}}]}", "in.json line 3 column",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseGhost(c, n, r)
			}},
		{"ghost wrong type", "{\"db\": [{\"data\": {\"posts\": [\n{\"id\": 12}]}}]}", "in.json line 2 column",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseGhost(c, n, r)
			}},
		{"ghost not an export", `{"posts": []}`, "not a Ghost export",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseGhost(c, n, r)
			}},
		{"zendesk second page broken", "{\"articles\": []}\n{\"articles\": [\n  {\"id\": 1, \"title\": }\n]}", "in.json line 3 column",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseZendesk(c, n, r)
			}},
		{"zendesk not articles", "\n\n{\"tickets\": []}", "in.json line 3 column 1: not Zendesk articles",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseZendesk(c, n, r)
			}},
		{"zendesk empty", "  ", "empty file",
			func(c context.Context, n string, r *strings.Reader) ([]Item, []Skip, error) {
				return ParseZendesk(c, n, r)
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			name := "in.json"
			if strings.HasPrefix(tc.name, "wxr") {
				name = "in.xml"
			}
			_, _, err := tc.parse(context.Background(), name, strings.NewReader(tc.input))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestZendeskAcceptsABareArray(t *testing.T) {
	in := `[{"id": 7, "title": "A", "html_url": "https://h/a", "draft": false, "body": "<p>Alpha text.</p>", "updated_at": "2026-01-01T00:00:00Z"}]`
	items, skips, err := ParseZendesk(context.Background(), "a.json", strings.NewReader(in))
	if err != nil || len(skips) != 0 || len(items) != 1 || items[0].ID != "zd-7" || !items[0].Published() {
		t.Fatalf("items %+v skips %+v err %v; want one published zd-7", items, skips, err)
	}
}
