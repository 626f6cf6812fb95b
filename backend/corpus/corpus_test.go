package corpus

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/text"
)

func TestParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, rel, kind, in string
		wantID, wantTitle   string
		wantStatus          string
		wantText            []string
		notText             []string
		wantErr             string
	}{
		{name: "markdown front matter", rel: "help/a.md", kind: "md",
			in:     "---\nid: help-a\ntitle: Refunds\nstatus: archived\n---\n\n# Refunds\n\nWe refund **30 days**. See [policy](http://x).\n",
			wantID: "help-a", wantTitle: "Refunds", wantStatus: "archived", wantText: []string{"We refund 30 days. See policy."}, notText: []string{"http://x", "**"}},
		{name: "markdown without front matter uses path and heading", rel: "b.md", kind: "md",
			in: "# Hello there\n\nBody text.\n", wantID: "b.md", wantTitle: "Hello there", wantText: []string{"Body text."}},
		{name: "html visible text only", rel: "docs/w.html", kind: "html",
			in:     "<html><head><title>Hooks</title><script>var secret=1;</script><style>p{}</style></head><body><h1>Hooks</h1><p>Reply &amp; wait.</p><div hidden>ignore me</div><p style=\"display: none\">nor me</p></body></html>",
			wantID: "docs/w.html", wantTitle: "Hooks", wantText: []string{"Reply & wait."}, notText: []string{"secret", "ignore me", "nor me", "p{}"}},
		{name: "plain text title from first line", rel: "help/k.txt", kind: "txt",
			in: "Keyboard shortcuts\n\nPress ? to see them.\n", wantID: "help/k.txt", wantTitle: "Keyboard shortcuts", wantText: []string{"Press ? to see them."}},
		{name: "invisible characters removed", rel: "z.txt", kind: "txt", in: "Title\n\nzero\u200bwidth\n", wantText: []string{"zerowidth"}, wantID: "z.txt", wantTitle: "Title"},
		{name: "binary", rel: "x.txt", kind: "txt", in: "ab\x00cd", wantErr: "binary"},
		{name: "not utf8", rel: "x.txt", kind: "txt", in: "ok\n\xff\xfe", wantErr: "line 2"},
		{name: "empty", rel: "x.md", kind: "md", in: "---\ntitle: t\n---\n\n", wantErr: "no visible text"},
		{name: "bad front matter", rel: "x.md", kind: "md", in: "---\ntitle: [unclosed\n---\nbody\n", wantErr: "front matter"},
		{name: "unclosed front matter", rel: "x.md", kind: "md", in: "---\ntitle: t\nbody\n", wantErr: "never closed"},
		{name: "byte-order mark before front matter", rel: "old.md", kind: "md",
			in:     "\ufeff---\nid: old-pricing\ntitle: Old pricing\nstatus: archived\n---\n# Old pricing\n\nTeam costs $19.\n",
			wantID: "old-pricing", wantTitle: "Old pricing", wantStatus: "archived", wantText: []string{"Team costs $19."}, notText: []string{"status:", "\ufeff"}},
		{name: "byte-order mark before a heading", rel: "h.md", kind: "md", in: "\ufeff# Title\n\nBody text.\n",
			wantID: "h.md", wantTitle: "Title", wantText: []string{"Body text."}, notText: []string{"\ufeff"}},
		{name: "byte-order mark in plain text", rel: "p.txt", kind: "txt", in: "\ufeffShort title\n\nBody text here.\n",
			wantID: "p.txt", wantTitle: "Short title", wantText: []string{"Body text here."}, notText: []string{"\ufeff"}},
		{name: "byte-order mark in html", rel: "p.html", kind: "html", in: "\ufeff<html><head><title>T</title></head><body><p>Body text.</p></body></html>",
			wantID: "p.html", wantTitle: "T", wantText: []string{"Body text."}, notText: []string{"\ufeff"}},
		{name: "front matter error names the file's line", rel: "x.md", kind: "md", in: "---\nid: x\ntitle: a: b\n---\nbody\n", wantErr: "line 3"},
		{name: "front matter type error names the file's line", rel: "x.md", kind: "md", in: "\ufeff---\nid: x\ntitle: [a, b]\n---\nbody\n", wantErr: "line 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Parse(tc.rel, tc.kind, []byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.ID != tc.wantID || d.Title != tc.wantTitle || d.Status != tc.wantStatus {
				t.Errorf("got id=%q title=%q status=%q", d.ID, d.Title, d.Status)
			}
			for _, w := range tc.wantText {
				if !strings.Contains(d.Text, w) {
					t.Errorf("text %q lacks %q", d.Text, w)
				}
			}
			for _, w := range tc.notText {
				if strings.Contains(d.Text, w) {
					t.Errorf("text %q contains %q", d.Text, w)
				}
			}
			for _, b := range d.Blocks {
				if b.Start < 0 || b.End > len(tc.in) || b.Start > b.End {
					t.Errorf("block %q has bad offsets %d..%d", b.Text, b.Start, b.End)
				}
			}
		})
	}
}

func TestChunksKeepHeadingsAndOffsets(t *testing.T) {
	t.Parallel()
	src := "# Guide\n\nIntro para.\n\n## Part one\n\n" + strings.Repeat("word ", 30) + "\n\n## Part two\n\nLast para here.\n"
	d, err := Parse("g.md", "md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cs := Chunks(d, ChunkOptions{Size: 20, Overlap: 5})
	if len(cs) < 4 {
		t.Fatalf("want ≥4 chunks, got %d: %+v", len(cs), cs)
	}
	last := cs[len(cs)-1]
	if strings.Join(last.HeadingPath, "/") != "Guide/Part two" || !strings.Contains(src[last.Start:last.End], "Last para here.") {
		t.Errorf("last chunk path %v span %q", last.HeadingPath, src[last.Start:last.End])
	}
	for i, c := range cs {
		if c.ID != ChunkID("g.md", i) || c.Hash == "" {
			t.Errorf("chunk %d id %q hash %q", i, c.ID, c.Hash)
		}
	}
}

func TestLoadSampleWorkspace(t *testing.T) {
	t.Parallel()
	docs, warns, err := Load(context.Background(), filepath.Join("..", "..", "corpus", "content"))
	if err != nil {
		t.Fatal(err)
	}
	pub := 0
	ids := map[string]Document{}
	for _, d := range docs {
		if d.Indexable() {
			pub++
		}
		ids[d.ID] = d
	}
	if pub < 40 || len(warns) != 0 {
		t.Fatalf("published %d, warnings %v", pub, warns)
	}
	if d, ok := ids["help/keyboard-shortcuts.txt"]; !ok || !d.Indexable() {
		t.Error("keyboard shortcuts missing")
	}
	if ids["help-refund-policy-2024"].Indexable() {
		t.Error("archived refund policy is indexable")
	}
	if h := ids["docs/webhooks-retry.html"]; strings.Contains(h.Text, "dataLayer") || h.Title == "" {
		t.Errorf("html doc %q: %q", h.Title, h.Text)
	}
}

func TestLoadWarnsAndSkips(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/good.md", "# Good\n\nText.\n")
	write("content/bin.txt", "a\x00b")
	write("content/empty.md", "")
	write("content/odd.md", "---\nstatus: review\n---\nText\n")
	docs, warns, err := Load(context.Background(), filepath.Join(dir, "content"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 || len(warns) != 3 {
		t.Fatalf("docs %d warns %v", len(docs), warns)
	}
	for _, w := range warns {
		if w.Path == "" || w.Message == "" {
			t.Errorf("unlocated warning %+v", w)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("md", "---\nid: x\ntitle: T\n---\n# H\n\npara\n")
	f.Add("md", "---\n: : :\n---\n")
	f.Add("html", "<html><head><title>t</title></head><body><h2>x</h2><p>y<script>z</script></p></body></html>")
	f.Add("html", "<div hidden><div>a</div></div><p>b")
	f.Add("txt", "Title\n\nbody\r\n")
	f.Add("md", "\ufeff---\nstatus: archived\n---\n# Old\n\nTeam costs $19.\n")
	f.Add("md", "---\ntitle: a: b\n---\nx\u200by\n")
	f.Fuzz(func(t *testing.T, kind, in string) {
		d, err := Parse("f", kind, []byte(in))
		if err != nil {
			return
		}
		for _, b := range d.Blocks {
			if strings.ContainsFunc(b.Text, text.Invisible) {
				t.Fatalf("block %q keeps an invisible character", b.Text)
			}
			if b.Start < 0 || b.End > len(in) || b.Start > b.End {
				t.Fatalf("block offsets %d..%d outside %d bytes", b.Start, b.End, len(in))
			}
		}
		for _, c := range Chunks(d, ChunkOptions{Size: 8, Overlap: 2}) {
			if c.Start < 0 || c.End > len(in) || c.Text == "" {
				t.Fatalf("bad chunk %+v", c)
			}
		}
	})
}
