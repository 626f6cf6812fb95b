package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/store"
)

// countingEmbedder counts the texts it is asked to embed.
type countingEmbedder struct {
	*embed.Offline
	texts atomic.Int64
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.texts.Add(int64(len(texts)))
	return c.Offline.Embed(ctx, texts)
}

type fixture struct {
	t       *testing.T
	dataDir string
	content string
	db      *store.DB
	ix      *Index
	emb     *countingEmbedder
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{t: t, dataDir: filepath.Join(root, "data"), content: filepath.Join(root, "content"),
		emb: &countingEmbedder{Offline: embed.NewOffline()}}
	if err := os.MkdirAll(f.content, 0o755); err != nil {
		t.Fatal(err)
	}
	f.open()
	t.Cleanup(func() { f.ix.Close(); f.db.Close() })
	return f
}

func (f *fixture) open() {
	f.t.Helper()
	db, err := store.OpenDir(context.Background(), f.dataDir)
	if err != nil {
		f.t.Fatal(err)
	}
	ix, err := Open(context.Background(), db, f.dataDir, Options{Embedder: f.emb})
	if err != nil {
		f.t.Fatal(err)
	}
	f.db, f.ix = db, ix
}

func (f *fixture) write(name, s string) {
	f.t.Helper()
	p := filepath.Join(f.content, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) sync() Report {
	f.t.Helper()
	rep, err := f.ix.Sync(context.Background(), f.content, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return rep
}

func (f *fixture) docsFound(q string) map[string]bool {
	f.t.Helper()
	out := map[string]bool{}
	for _, m := range []Mode{BM25, Vector, Hybrid} {
		hits, err := f.ix.Search(context.Background(), q, 50, m)
		if err != nil {
			f.t.Fatal(err)
		}
		for _, h := range hits {
			out[string(m)+":"+h.ChunkID] = true
		}
	}
	return out
}

const longDoc = "---\nid: guide\ntitle: Guide\n---\n# Guide\n\n## Alpha\n\nThe aardvark section talks about aardvarks.\n\n## Beta\n\nThe zebra section talks about zebras.\n"

func TestShrinkingRemovesOrphanedChunksFromEveryMode(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("guide.md", longDoc+"\n## Gamma\n\nThe xylophone section talks about xylophones.\n")
	f.write("other.md", "# Other\n\nNothing about instruments.\n")
	f.ix.opts.Chunking.Size = 12
	if rep := f.sync(); rep.Added != 2 || rep.Chunks < 4 {
		t.Fatalf("first sync %+v", rep)
	}
	if found := f.docsFound("xylophone"); !found["bm25:guide#2"] && !found["bm25:guide#3"] {
		t.Fatalf("xylophone chunk not found before shrink: %v", found)
	}
	f.write("guide.md", "---\nid: guide\ntitle: Guide\n---\n# Guide\n\nShort now.\n")
	if rep := f.sync(); rep.Updated != 1 || rep.Unchanged != 1 {
		t.Fatalf("second sync %+v", rep)
	}
	for key := range f.docsFound("xylophone aardvark zebra") {
		if strings.Contains(key, "guide#1") || strings.Contains(key, "guide#2") || strings.Contains(key, "guide#3") {
			t.Errorf("orphaned chunk still returned: %s", key)
		}
	}
}

func TestDeletingOrArchivingRemovesDocument(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		change func(f *fixture)
	}{
		{"deleted", func(f *fixture) { os.Remove(filepath.Join(f.content, "gone.md")) }},
		{"archived", func(f *fixture) { f.write("gone.md", "---\nstatus: archived\n---\n# Gone\n\nPlatypus facts.\n") }},
		{"unpublished", func(f *fixture) { f.write("gone.md", "---\nstatus: unpublished\n---\n# Gone\n\nPlatypus facts.\n") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.write("gone.md", "# Gone\n\nPlatypus facts.\n")
			f.write("stay.md", "# Stay\n\nOther facts.\n")
			f.sync()
			if len(f.docsFound("platypus")) == 0 {
				t.Fatal("not indexed")
			}
			tc.change(f)
			if rep := f.sync(); rep.Removed != 1 || rep.Documents != 1 {
				t.Fatalf("report %+v", rep)
			}
			for key := range f.docsFound("platypus facts") {
				if strings.Contains(key, "gone.md") {
					t.Errorf("removed document returned: %s", key)
				}
			}
			if _, ok, _ := f.ix.Document(context.Background(), "gone.md"); ok {
				t.Error("Document still returns it")
			}
		})
	}
}

func TestUnchangedDocumentNotReembedded(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nFirst document.\n")
	f.write("b.md", "# B\n\nSecond document.\n")
	f.sync()
	first := f.emb.texts.Load()
	if first == 0 {
		t.Fatal("nothing embedded")
	}
	f.write("b.md", "# B\n\nSecond document, edited.\n")
	rep := f.sync()
	if rep.Unchanged != 1 || rep.Updated != 1 {
		t.Fatalf("report %+v", rep)
	}
	if got := f.emb.texts.Load() - first; got != 1 {
		t.Fatalf("second sync embedded %d texts, want 1 (only b's chunk)", got)
	}
	// Reopening and syncing unchanged files embeds nothing.
	f.ix.Close()
	f.db.Close()
	f.open()
	before := f.emb.texts.Load()
	f.sync()
	if got := f.emb.texts.Load() - before; got != 0 {
		t.Fatalf("resync after reopen embedded %d texts", got)
	}
}

func sampleContent(t *testing.T) string {
	p, err := filepath.Abs(filepath.Join("..", "..", "corpus", "content"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSampleWorkspace(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	rep, err := f.ix.Sync(context.Background(), sampleContent(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Documents < 40 || len(rep.Warnings) != 0 {
		t.Fatalf("report %+v", rep)
	}
	for _, q := range []string{"refund policy 14 days", "Refund policy (2024)", "request a full refund within 14 days of a payment"} {
		for _, m := range []Mode{BM25, Vector, Hybrid} {
			hits, err := f.ix.Search(context.Background(), q, 100, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hits {
				if h.DocID == "help-refund-policy-2024" {
					t.Fatalf("archived page returned for %q in %s", q, m)
				}
			}
		}
	}
	doc, ok, err := f.ix.Document(context.Background(), "help/keyboard-shortcuts.txt")
	if err != nil || !ok || !strings.Contains(doc.Text, "Press ?") {
		t.Fatalf("document: %v %v", ok, err)
	}
	// Every published document is found first by one of its own sentences.
	_, docs, err := f.ix.registry(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for id := range docs {
		d, _, _ := f.ix.Document(context.Background(), id)
		texts[id] = d.Text
	}
	for id, text := range texts {
		sentence := longestUniqueSentence(text, texts)
		hits, err := f.ix.Search(context.Background(), sentence, 5, Hybrid)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].DocID != id {
			t.Errorf("exact sentence of %s: first hit %+v", id, hits)
		}
		if len(hits) > 0 && (hits[0].BM25Rank == 0 || hits[0].Rank != 1) {
			t.Errorf("%s: first hit ranks %+v", id, hits[0])
		}
	}
}

var sentenceEnd = regexp.MustCompile(`[.!?]\s+|\n`)

// longestUniqueSentence picks the longest sentence no other document
// repeats (the sample corpus restates facts across pages on purpose).
func longestUniqueSentence(text string, all map[string]string) string {
	best := ""
	for _, s := range sentenceEnd.Split(text, -1) {
		s = strings.TrimSpace(s)
		if len(s) <= len(best) {
			continue
		}
		n := 0
		for _, other := range all {
			if strings.Contains(other, s) {
				n++
			}
		}
		if n == 1 {
			best = s
		}
	}
	return best
}

func TestRepairsMissingCaches(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nWombats dig burrows.\n")
	f.sync()
	f.ix.Close()
	os.RemoveAll(filepath.Join(f.dataDir, "index", "bleve"))
	os.Remove(filepath.Join(f.dataDir, "index", "vectors.bin"))
	f.db.Close()
	f.open()
	if len(f.ix.Repairs) == 0 {
		t.Fatal("no repair reported")
	}
	for _, m := range []Mode{BM25, Vector} {
		hits, err := f.ix.Search(context.Background(), "wombats burrows", 5, m)
		if err != nil || len(hits) != 1 || hits[0].DocID != "a.md" {
			t.Fatalf("%s after repair: %+v %v", m, hits, err)
		}
	}
}
