package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"time"

	"continuity/backend/embed/cache"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// runPages measures what a team pointing Continuity at n pages waits for
// (issue 32): the SciFact abstracts written as pages (n above 5,183 pairs
// two random abstracts a page, seed 7), indexed cold as a session does it
// (LSA passages, USE-lite sentences deferred): the sync until search and
// check are usable, hybrid query latency right after it, then the fill of
// the sentence vectors, peak RSS and disk.
func runPages(ctx context.Context, dir string, n int, work string) error {
	var abstracts []beirDoc
	if err := readJSONL(filepath.Join(dir, "corpus.jsonl"), func(d beirDoc) { abstracts = append(abstracts, d) }); err != nil {
		return err
	}
	var queries []string
	if err := readJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirDoc) { queries = append(queries, q.Text) }); err != nil {
		return err
	}
	content := filepath.Join(work, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(7, 7))
	for i := range n {
		a := abstracts[i%len(abstracts)]
		body := a.Text
		if n > len(abstracts) {
			a = abstracts[r.IntN(len(abstracts))]
			body = a.Text + "\n\n## Related\n\n" + abstracts[r.IntN(len(abstracts))].Text
		}
		y, _ := json.Marshal(a.Title)
		page := fmt.Sprintf("---\nid: p%05d\ntitle: %s\n---\n\n%s\n", i, y, body)
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("p%05d.md", i)), []byte(page), 0o644); err != nil {
			return err
		}
	}
	enc, err := loadUSE()
	if err != nil {
		return fmt.Errorf("pages benchmark needs USE-lite (make models): %w", err)
	}
	// A cold shared cache behind the encoder, as a session has: the data
	// dir then keeps references to the sentence vectors, not copies.
	cacheFile := filepath.Join(work, "cache", cache.FileName)
	vc, err := cache.Open(ctx, cacheFile, cache.Options{})
	if err != nil {
		return err
	}
	defer vc.Close()
	data := filepath.Join(work, "data")
	db, err := store.OpenDir(ctx, data)
	if err != nil {
		return err
	}
	defer db.Close()
	opts := retrieval.Options{Sentences: true, SentenceEmbedder: vc.Wrap(enc), DeferSentences: true}
	start := time.Now()
	ix, err := retrieval.Open(ctx, db, data, opts)
	if err != nil {
		return err
	}
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		ix.Close()
		return err
	}
	usable := time.Since(start)
	var lat []time.Duration
	for _, q := range queries[:min(300, len(queries))] {
		t := time.Now()
		if _, err := ix.Search(ctx, q, 10, retrieval.Hybrid); err != nil {
			ix.Close()
			return err
		}
		lat = append(lat, time.Since(t))
	}
	if err := ix.Close(); err != nil {
		return err
	}
	t := time.Now()
	fill, err := retrieval.FillSentences(ctx, db, opts, nil)
	if err != nil {
		return err
	}
	filled := time.Since(t)
	var vecBytes int64
	if err := db.Reader().QueryRowContext(ctx, `SELECT COALESCE(SUM(length(vec)), 0) FROM index_embeddings`).Scan(&vecBytes); err != nil {
		return err
	}
	slices.Sort(lat)
	fmt.Printf("pages %d (%d chunks): usable after %.1f s; hybrid query p50 %.1f ms, p95 %.1f ms (%d queries); "+
		"fill %d sentences (%d distinct embedded) in %.1f s; whole %.1f s; data dir %s (vectors %.0f MB, BM25 %s); shared cache %s; peak RSS %s\n",
		rep.Documents, rep.Chunks, usable.Seconds(), ms(lat[len(lat)/2]), ms(lat[len(lat)*95/100]), len(lat),
		fill.Total, fill.Embedded, filled.Seconds(), (usable + filled).Seconds(), diskSize(data), float64(vecBytes)/1e6, diskSize(filepath.Join(data, "index", "bleve")), diskSize(filepath.Dir(cacheFile)), peakRSS())
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func diskSize(dir string) string {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return fmt.Sprintf("%.0f MB", float64(n)/1e6)
}
