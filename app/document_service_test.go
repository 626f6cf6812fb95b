package app

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/session"
)

// documentService is the bound service over a real, synced session on two
// sample pages: one with front matter and a URL, one plain text without.
func documentService(t *testing.T) *DocumentService {
	t.Helper()
	t.Setenv("CONTINUITY_MODELS", t.TempDir()) // LSA: indexing two pages takes a moment
	t.Setenv("CONTINUITY_CACHE_DIR", t.TempDir())
	root := t.TempDir()
	for src, dst := range map[string]string{
		"content/help/refund-policy.md":       "content/help/refund-policy.md",
		"content/help/keyboard-shortcuts.txt": "content/help/keyboard-shortcuts.txt",
		"content/help/refund-policy-2024.md":  "content/help/refund-policy-2024.md",
	} {
		b, err := os.ReadFile(filepath.Join("..", "corpus", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, dst)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: root})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	if _, _, err := sess.FreshIndex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	return &DocumentService{c: &core{ctx: ctx, sess: sess, log: log, startupDone: ready}}
}

func TestGetDocumentDTO(t *testing.T) {
	svc := documentService(t)
	v, err := svc.GetDocument("help-refund-policy")
	if err != nil {
		t.Fatal(err)
	}
	if v.Path != "content/help/refund-policy.md" || v.URL == "" || v.Status != "indexed" || v.Format != "markdown" {
		t.Errorf("got %+v", v)
	}
	if _, err := time.Parse(time.RFC3339, v.Modified); err != nil || v.ModifiedSource != "front_matter:published" {
		t.Errorf("got modified %q from %q: %v", v.Modified, v.ModifiedSource, err)
	}
	if strings.Contains(v.Markdown, "url: https") || !strings.Contains(v.Markdown, "# Refund policy") {
		t.Error("markdown keeps the front matter or lost the body")
	}
	if len(v.Chunks) == 0 || v.Chunks[0].ChunkID != "help-refund-policy#0" {
		t.Fatalf("got chunks %+v", v.Chunks)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"id":`, `"title":`, `"path":`, `"url":`, `"modified":`, `"modified_source":`, `"markdown":`, `"chunks":[{"chunk_id":`, `"start":`, `"end":`, `"status":`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s: %s", key, b[:200])
		}
	}

	txt, err := svc.GetDocument("help/keyboard-shortcuts.txt")
	if err != nil {
		t.Fatal(err)
	}
	if txt.URL != "" || txt.Format != "text" || txt.ModifiedSource != "file_mtime" || len(txt.Chunks) == 0 {
		t.Errorf("got url %q format %q modified from %q, %d chunks", txt.URL, txt.Format, txt.ModifiedSource, len(txt.Chunks))
	}

	// not indexed (archived): no chunks key at all
	arch, err := svc.GetDocument("help-refund-policy-2024")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(arch); arch.Status != "not indexed" || strings.Contains(string(b), `"chunks"`) {
		t.Errorf("archived page: status %q, JSON %s", arch.Status, b[:120])
	}
	if _, err := svc.GetDocument("nope"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("unknown id: got %v", err)
	}
}

func TestListDocumentsDTO(t *testing.T) {
	svc := documentService(t)
	rows, err := svc.ListDocuments("")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("got %d rows, want 3: %+v", len(rows), rows)
	}
	got := map[string]DocumentRowDTO{}
	for _, r := range rows {
		got[r.ID] = r
	}
	if r := got["help-refund-policy"]; r.Status != "indexed" || r.Chunks == 0 || r.Publish != "published" {
		t.Errorf("got %+v", r)
	}
	if r := got["help-refund-policy-2024"]; r.Status != "not indexed" || r.Publish != "archived" {
		t.Errorf("got %+v", r)
	}
	only, err := svc.ListDocuments("KEYBOARD")
	if err != nil || len(only) != 1 || only[0].ID != "help/keyboard-shortcuts.txt" || only[0].URL != "" {
		t.Errorf("filtered: got %+v, %v", only, err)
	}
}

func TestOpenInBrowser(t *testing.T) {
	ready := make(chan struct{})
	close(ready)
	var opened []string
	fail := false
	svc := &DocumentService{c: &core{ctx: context.Background(), startupDone: ready}, launch: func(_ context.Context, u string) error {
		opened = append(opened, u)
		if fail {
			return errors.New("exec: xdg-open: not found")
		}
		return nil
	}}
	for _, bad := range []string{"", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "help/refund-policy.md",
		"https://", "https://example.com/$(id)", "https://user:pw@example.com/"} {
		if err := svc.OpenInBrowser(bad); err == nil {
			t.Errorf("OpenInBrowser(%q) was accepted", bad)
		}
	}
	if len(opened) != 0 {
		t.Fatalf("refused links reached the launcher: %v", opened)
	}
	if err := svc.OpenInBrowser("https://help.tallyhub.example/refund-policy"); err != nil {
		t.Fatal(err)
	}
	if len(opened) != 1 || opened[0] != "https://help.tallyhub.example/refund-policy" {
		t.Errorf("got %v", opened)
	}
	fail = true
	if err := svc.OpenInBrowser("https://help.tallyhub.example/"); err == nil || !strings.Contains(err.Error(), "xdg-open") {
		t.Errorf("a launch failure was not returned: %v", err)
	}
}
