package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/embed/cache"
	"continuity/backend/models"
)

func openSession(t *testing.T, data, corpus string) *Session {
	t.Helper()
	s, err := Open(context.Background(), Options{DataDir: data, CorpusFlag: corpus})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func writeCorpus(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range map[string]string{
		"content/a.md": "---\nid: a\ntitle: Refunds\n---\nYou can ask for a refund within 30 days. We reply in two days.\n",
		"content/b.md": "---\nid: b\ntitle: Support\n---\nOur support team works on weekdays only.\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// Not parallel: the cases set the models and cache folders.
func TestOfflineEmbedderChoice(t *testing.T) {
	t.Run("no model: the LSA fallback with a notice", func(t *testing.T) {
		t.Setenv(models.EnvDir, t.TempDir())
		s := openSession(t, t.TempDir(), writeCorpus(t))
		c, err := s.Embedder(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.Chunks != nil || c.Sentences != nil || c.Name() != "offline-lsa" || c.SentenceName() != "offline-lsa" || !strings.Contains(c.Notice, "USE-lite not found") {
			t.Errorf("choice %q notice %q", c.Name(), c.Notice)
		}
		ix, _, err := s.FreshIndex(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := ix.Stats(context.Background())
		if err != nil || st.Embedder != "offline-lsa" || st.EmbedNotice != c.Notice || st.Chunks == 0 {
			t.Errorf("stats %+v, %v", st, err)
		}
	})
	t.Run("a damaged model: the fallback, saying what is wrong", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "use-lite"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(models.USELite)), []byte("{not json"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Setenv(models.EnvDir, dir)
		s := openSession(t, t.TempDir(), writeCorpus(t))
		c, err := s.Embedder(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.Sentences != nil || !strings.Contains(c.Notice, "unusable") || !strings.Contains(c.Notice, "offline-lsa") {
			t.Errorf("choice %q notice %q", c.Name(), c.Notice)
		}
	})
	t.Run("a second data dir computes no vector the first computed", func(t *testing.T) {
		if _, err := models.Find("", models.USELite); errors.Is(err, models.ErrNotFound) {
			t.Skipf("USE-lite not installed: %v (run `make models`)", err)
		}
		t.Setenv(cache.EnvDir, t.TempDir())
		corpus := writeCorpus(t)
		first := openSession(t, t.TempDir(), corpus)
		if _, _, err := first.FreshIndex(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if _, err := first.FillSentenceVectors(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if st := first.offline.cache.Stats(); st.Misses == 0 {
			t.Fatalf("the first index computed nothing: %+v", st)
		}
		second := openSession(t, t.TempDir(), corpus)
		ix, _, err := second.FreshIndex(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := second.FillSentenceVectors(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if st := second.offline.cache.Stats(); st.Misses != 0 || st.Hits == 0 {
			t.Errorf("the second data dir's cache stats %+v: want hits only", st)
		}
		if st, _ := ix.Stats(context.Background()); st.Embedder != "offline-lsa" || !strings.HasPrefix(st.SentenceEmbedder, "use-lite-") {
			t.Errorf("embedders %q (passages) and %q (sentences)", st.Embedder, st.SentenceEmbedder)
		}
	})
}
