package sources

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"continuity/backend/retrieval"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

const sampleCorpus = "../../corpus"

// sampleLibrary copies the sample workspace's content, lets edit change the
// copy, builds a real index over it (before edit when indexFirst) and
// returns a Library over both.
func sampleLibrary(t *testing.T, edit func(root string), indexFirst bool) (*Library, string) {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	copyTree(t, filepath.Join(sampleCorpus, "content"), filepath.Join(root, "content"))
	if edit != nil && !indexFirst {
		edit(root)
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
	if _, err := ix.Sync(ctx, filepath.Join(root, "content"), nil); err != nil {
		t.Fatal(err)
	}
	if edit != nil && indexFirst {
		edit(root)
	}
	lib, err := New(workspace.Workspace{Root: root}, ix)
	if err != nil {
		t.Fatal(err)
	}
	return lib, root
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// slice16 cuts s at UTF-16 offsets, as the frontend does.
func slice16(s string, start, end int) string {
	u := utf16.Encode([]rune(s))
	return string(utf16.Decode(u[start:end]))
}

func assertChunksLocated(t *testing.T, v View) {
	t.Helper()
	if len(v.Chunks) == 0 {
		t.Fatalf("%s: no chunks located", v.ID)
	}
	prev := -1
	for _, c := range v.Chunks {
		if c.Start < prev || c.End < c.Start {
			t.Errorf("%s: chunk %s at [%d,%d) after %d", v.ID, c.ID, c.Start, c.End, prev)
		}
		prev = c.Start
		if !strings.HasPrefix(c.ID, v.ID+"#") {
			t.Errorf("chunk %s is not of %s", c.ID, v.ID)
		}
	}
}

func TestGetMarkdownDocument(t *testing.T) {
	lib, _ := sampleLibrary(t, nil, false)
	v, err := lib.Get(context.Background(), "help-refund-policy")
	if err != nil {
		t.Fatal(err)
	}
	if v.Title != "Refund policy" || v.Path != "content/help/refund-policy.md" || v.URL != "https://help.tallyhub.example/refund-policy" {
		t.Errorf("got title %q path %q url %q", v.Title, v.Path, v.URL)
	}
	if v.Format != FormatMarkdown || !strings.HasPrefix(v.Body, "\n# Refund policy\n") || strings.Contains(v.Body, "status: published") {
		t.Errorf("got format %q, body starting %q; want Markdown without front matter", v.Format, v.Body[:min(40, len(v.Body))])
	}
	if !strings.Contains(v.Body, "within **30 days** of any payment") {
		t.Error("body lost its Markdown")
	}
	if want := time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC); !v.Modified.Equal(want) || v.ModifiedSource != "front_matter:published" {
		t.Errorf("got modified %v from %q, want %v from the front matter", v.Modified, v.ModifiedSource, want)
	}
	if v.Status != StatusIndexed {
		t.Errorf("got status %q", v.Status)
	}
	assertChunksLocated(t, v)
	// The first chunk starts at the title heading.
	if got := slice16(v.Body, v.Chunks[0].Start, v.Chunks[0].End); !strings.HasPrefix(got, "# Refund policy") {
		t.Errorf("first chunk reads %q", got)
	}
}

func TestGetDocumentsWithoutFrontMatter(t *testing.T) {
	lib, _ := sampleLibrary(t, nil, false)
	ctx := context.Background()
	txt, err := lib.Get(ctx, "help/keyboard-shortcuts.txt")
	if err != nil {
		t.Fatal(err)
	}
	if txt.URL != "" || txt.Format != FormatText || txt.ModifiedSource != ModifiedFileTime || txt.Modified.IsZero() {
		t.Errorf("got url %q format %q modified %v from %q", txt.URL, txt.Format, txt.Modified, txt.ModifiedSource)
	}
	if !strings.Contains(txt.Body, "G then I    Go to Invoices\n") {
		t.Error("plain text lost its lines")
	}
	assertChunksLocated(t, txt)
	if got := slice16(txt.Body, txt.Chunks[0].Start, txt.Chunks[0].End); !strings.HasPrefix(got, "Keyboard shortcuts in Tallyhub") {
		t.Errorf("first chunk reads %q", got)
	}

	page, err := lib.Get(ctx, "docs/webhooks-retry.html")
	if err != nil {
		t.Fatal(err)
	}
	if page.Format != FormatMarkdown || !strings.HasPrefix(page.Body, "# Webhook retries and failures\n\n") {
		t.Errorf("got format %q, body %q", page.Format, page.Body[:min(60, len(page.Body))])
	}
	for _, hidden := range []string{"<script", "dataLayer", "font-family", "<p>"} {
		if strings.Contains(page.Body, hidden) {
			t.Errorf("HTML body shows %q", hidden)
		}
	}
	if !strings.Contains(page.Body, `a 2xx status code within 10 seconds\.`) {
		t.Errorf("paragraph text not escaped as Markdown text: %q", page.Body)
	}
	assertChunksLocated(t, page)
	if got := slice16(page.Body, page.Chunks[0].Start, page.Chunks[0].End); !strings.HasPrefix(got, "# Webhook retries") {
		t.Errorf("first chunk reads %q", got)
	}
}

func TestGetFindsUnindexedDocumentsAndRefusesUnknownOnes(t *testing.T) {
	lib, _ := sampleLibrary(t, nil, false)
	ctx := context.Background()
	arch, err := lib.Get(ctx, "help-refund-policy-2024")
	if err != nil {
		t.Fatal(err)
	}
	if arch.Status != StatusNotIndexed || arch.Chunks != nil || !strings.Contains(arch.Body, "14 days") {
		t.Errorf("archived page: got status %q chunks %v", arch.Status, arch.Chunks)
	}
	for _, id := range []string{"no-such-doc", "../../etc/passwd"} {
		if _, err := lib.Get(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get(%q): got %v, want ErrNotFound", id, err)
		}
	}
	if _, err := lib.Get(ctx, " "); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("blank id: got %v, want a usage error", err)
	}
}

// A file edited after the sync is shown as it is now, flagged, and its
// stale chunk offsets are not offered.
func TestGetChangedDocument(t *testing.T) {
	lib, _ := sampleLibrary(t, func(root string) {
		p := filepath.Join(root, "content", "help", "refund-policy.md")
		b, _ := os.ReadFile(p)
		_ = os.WriteFile(p, []byte(strings.Replace(string(b), "30 days", "60 days", 1)), 0o644)
	}, true)
	v, err := lib.Get(context.Background(), "help-refund-policy")
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != StatusChanged || v.Chunks != nil || !strings.Contains(v.Body, "60 days") {
		t.Errorf("got status %q chunks %v", v.Status, v.Chunks)
	}
}
