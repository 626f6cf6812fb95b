package sources

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/retrieval"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// Offsets count UTF-16 units of the body with "\n" line ends, whatever the
// file's line ends, byte-order mark or non-ASCII text.
func TestChunkOffsetsAreUTF16OfTheNormalizedBody(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	page := "\ufeff---\r\nid: emoji\r\ntitle: Émoji 🎉\r\nupdated: 2026-05-01T10:30:00+02:00\r\npublished: 2026-01-01\r\n---\r\n" +
		"# Über 🎉 café\r\n\r\nFirst paragraph with 😀 and ü.\r\n\r\n## Second\r\n\r\nSecond paragraph.\r\n"
	if err := os.WriteFile(filepath.Join(content, "emoji.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
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
	if _, err := ix.Sync(ctx, content, nil); err != nil {
		t.Fatal(err)
	}
	lib, _ := New(workspace.Workspace{Root: root}, ix)
	v, err := lib.Get(ctx, "emoji")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(v.Body, "\r") || strings.Contains(v.Body, "\ufeff") {
		t.Errorf("body keeps CR or BOM: %q", v.Body)
	}
	if want := time.Date(2026, 5, 1, 8, 30, 0, 0, time.UTC); !v.Modified.Equal(want) || v.ModifiedSource != "front_matter:updated" {
		t.Errorf("got modified %v from %q, want %v from updated", v.Modified, v.ModifiedSource, want)
	}
	if len(v.Chunks) != 2 {
		t.Fatalf("got chunks %+v, want 2", v.Chunks)
	}
	if got := slice16(v.Body, v.Chunks[0].Start, v.Chunks[0].End); got != "# Über 🎉 café\n\nFirst paragraph with 😀 and ü." {
		t.Errorf("chunk 0 reads %q", got)
	}
	if got := slice16(v.Body, v.Chunks[1].Start, v.Chunks[1].End); got != "## Second\n\nSecond paragraph." {
		t.Errorf("chunk 1 reads %q", got)
	}
}

func TestEscapeMarkdownReadsAsText(t *testing.T) {
	got := escapeMarkdown("  # not a heading <script>x</script> 1. *a*  \n  - b")
	want := `\# not a heading \<script\>x\<\/script\> 1\. \*a\*` + "\n" + `\- b`
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestBrowserURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"https://help.tallyhub.example/refund-policy", true},
		{"http://localhost:8080/a?b=c&d=e#f", true},
		{"HTTPS://Example.com/", true},
		{"", false},
		{"javascript:alert(1)", false},
		{"file:///etc/passwd", false},
		{"data:text/html,<b>x</b>", false},
		{"ftp://example.com/x", false},
		{"//example.com/x", false},
		{"https://", false},
		{"https:///path", false},
		{"https://user:pw@example.com/", false},
		{"https://example.com/a b", false},
		{"https://example.com/\u200bx", false},
		{"https://example.com/$(rm -rf)", false},
		{"https://example.com/a;b", false},
		{"https://example.com/" + strings.Repeat("a", MaxURL), false},
	} {
		_, err := BrowserURL(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("BrowserURL(%q): got error %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}
