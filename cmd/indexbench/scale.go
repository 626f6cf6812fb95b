package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/lexical"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// genDoc writes a document of five sections of about 150 Zipf-distributed words.
func genDoc(r *rand.Rand, zipf *rand.Zipf, i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: gen-%05d\ntitle: Generated document %d\n---\n\n# Generated document %d\n", i, i, i)
	for s := range 5 {
		fmt.Fprintf(&b, "\n## Section %d w%d\n\n", s, zipf.Uint64())
		for p := range 2 {
			for w := range 75 {
				if w > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "w%d", zipf.Uint64())
			}
			_ = p
			b.WriteString(".\n\n")
		}
	}
	_ = r
	return b.String()
}

func runScale(ctx context.Context, n int, work string) error {
	content := filepath.Join(work, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(1, 2))
	zipf := rand.NewZipf(r, 1.1, 1, 50000)
	for i := range n {
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("d%05d.md", i)), []byte(genDoc(r, zipf, i)), 0o644); err != nil {
			return err
		}
	}
	db, err := store.OpenDir(ctx, filepath.Join(work, "data"))
	if err != nil {
		return err
	}
	defer db.Close()
	// -embedder applies here too; GloVe SIF is fitted to the generated text.
	var fit []string
	if embedderKind == embGloVe || embedderKind == embBoth {
		for i := range n {
			b, err := os.ReadFile(filepath.Join(content, fmt.Sprintf("d%05d.md", i)))
			if err != nil {
				return err
			}
			fit = append(fit, string(b))
		}
	}
	emb, err := newEmbedder(ctx, embedderKind, fit)
	if err != nil {
		return err
	}
	ix, err := retrieval.Open(ctx, db, filepath.Join(work, "data"), retrieval.Options{Fusion: fusionOpts(), Embedder: emb, Sentences: sentences})
	if err != nil {
		return err
	}
	defer ix.Close()
	start := time.Now()
	// Where the wall time of the full index goes, by the sync's own stages.
	var phases []string
	last := ""
	rep, err := ix.Sync(ctx, content, func(e progress.Event) {
		if e.Stage != last {
			last = e.Stage
			phases = append(phases, fmt.Sprintf("%s from %.1fs", e.Stage, time.Since(start).Seconds()))
		}
	})
	if err != nil {
		return err
	}
	full := time.Since(start)
	fmt.Printf("full index phases: %s, done at %.1fs\n", strings.Join(phases, ", "), full.Seconds())
	fmt.Printf("scale: %d docs, %d chunks, embedder %s, sentence vectors %v; full index %s\n", rep.Documents, rep.Chunks, embedderKind, sentences, full.Round(time.Millisecond))

	var resync []time.Duration
	for i := range 5 {
		p := filepath.Join(content, fmt.Sprintf("d%05d.md", i*997))
		b, _ := os.ReadFile(p)
		if err := os.WriteFile(p, append(b, []byte(fmt.Sprintf("\nEdited paragraph %d.\n", i))...), 0o644); err != nil {
			return err
		}
		s := time.Now()
		rep, err := ix.Sync(ctx, content, nil)
		if err != nil {
			return err
		}
		if rep.Updated != 1 {
			return fmt.Errorf("resync updated %d docs, want 1", rep.Updated)
		}
		resync = append(resync, time.Since(s))
	}
	fmt.Printf("one-document resync (includes walking and hashing all %d files): median %s\n", n, median(resync).Round(time.Millisecond))

	stopProfile := func() {}
	if queryProfile != "" {
		if stopProfile, err = startProfile(queryProfile); err != nil {
			return err
		}
	}
	var lat []time.Duration
	for i := range 200 {
		q := fmt.Sprintf("w%d w%d w%d", zipf.Uint64(), zipf.Uint64()+uint64(i%7), zipf.Uint64())
		s := time.Now()
		if _, err := ix.Search(ctx, q, 10, retrieval.Hybrid); err != nil {
			return err
		}
		lat = append(lat, time.Since(s))
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	if queryProfile != "" {
		// Profile only: repeat the queries so the profile has samples.
		for i := range 2000 {
			q := fmt.Sprintf("w%d w%d w%d", zipf.Uint64(), zipf.Uint64()+uint64(i%7), zipf.Uint64())
			if _, err := ix.Search(ctx, q, 10, retrieval.Hybrid); err != nil {
				return err
			}
		}
	}
	stopProfile()
	fmt.Printf("hybrid query k=10 over %d chunks: p50 %s, p95 %s\n", rep.Chunks, lat[len(lat)/2].Round(10*time.Microsecond), lat[len(lat)*95/100].Round(10*time.Microsecond))
	fmt.Printf("peak RSS of the index phases (before bleve-alone loads the whole corpus): %s\n", peakRSS())
	alone, err := bleveAlone(ctx, content, filepath.Join(work, "bleve-alone"))
	if err != nil {
		return err
	}
	fmt.Printf("bleve alone, same chunks and mapping: %s; ratio %.2f×\n", alone.Round(time.Millisecond), full.Seconds()/alone.Seconds())

	return nil
}

// bleveAlone indexes the same chunks with the same mapping and batch size
// but no registry and no vectors: the floor the full index is compared to.
func bleveAlone(ctx context.Context, content, dir string) (time.Duration, error) {
	docs, _, err := corpus.Load(ctx, content)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	lex, err := lexical.Open(dir)
	if err != nil {
		return 0, err
	}
	defer lex.Close()
	var batch []lexical.Doc
	for i, d := range docs {
		for _, c := range corpus.Chunks(d, corpus.DefaultChunkOptions) {
			batch = append(batch, lexical.Doc{ID: c.ID, Title: d.Title, Headings: strings.Join(c.HeadingPath, "\n"), Body: c.Text})
		}
		if (i+1)%200 == 0 || i == len(docs)-1 {
			if err := lex.Apply(ctx, nil, batch); err != nil {
				return 0, err
			}
			batch = nil
		}
	}
	return time.Since(start), nil
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration{}, d...)
	sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
	return s[len(s)/2]
}
