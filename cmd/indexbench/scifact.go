package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

type beirDoc struct {
	ID    string `json:"_id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

func readJSONL[T any](path string, fn func(T)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return fmt.Errorf("%s line %d: %w", path, line, err)
		}
		fn(v)
	}
	return sc.Err()
}

func readQrels(path string) (map[string]map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for i, l := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) != 3 {
			continue
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]bool{}
		}
		out[f[0]][f[1]] = f[2] != "0"
	}
	return out, nil
}

// runSciFact indexes the corpus once and evaluates each split in splits
// (comma-separated) on that one index. With -alphas, the fusion sweep runs
// on the first split only and the later splits are reported at the BM25
// share it chose, so train can pick the weight and test is never tuned on.
func runSciFact(ctx context.Context, dir, splits, work string) error {
	content := filepath.Join(work, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		return err
	}
	n := 0
	var fitTexts []string
	err := readJSONL(filepath.Join(dir, "corpus.jsonl"), func(d beirDoc) {
		y, _ := json.Marshal(d.Title) // JSON strings are valid YAML scalars
		body := fmt.Sprintf("---\nid: %q\ntitle: %s\n---\n\n%s\n", d.ID, y, d.Text)
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("%06d.md", n)), []byte(body), 0o644); err == nil {
			n++
			fitTexts = append(fitTexts, d.Title+"\n"+d.Text)
		}
	})
	if err != nil {
		return err
	}
	queries := map[string]string{}
	if err := readJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirDoc) { queries[q.ID] = q.Text }); err != nil {
		return err
	}
	names := strings.Split(splits, ",")
	qrels := make([]map[string]map[string]bool, len(names))
	for i, s := range names {
		if qrels[i], err = readQrels(filepath.Join(dir, "qrels", s+".tsv")); err != nil {
			return err
		}
	}
	start := time.Now()
	var opts retrieval.Options
	var m *meter
	e, err := newEmbedder(ctx, embedderKind, fitTexts)
	if err != nil {
		return err
	}
	if e != nil {
		m = newMeter(e)
		opts.Embedder = m
		fmt.Printf("embedder %s loaded (and fitted) in %s\n", embedderKind, time.Since(start).Round(time.Millisecond))
	}
	db, err := store.OpenDir(ctx, work)
	if err != nil {
		return err
	}
	defer db.Close()
	opts.Fusion, opts.LSA = fusionOpts(), lsaOpts
	opts.Chunking = corpus.ChunkOptions{Size: chunkSize, Overlap: chunkSize / 5}
	ix, err := retrieval.Open(ctx, db, work, opts)
	if err != nil {
		return err
	}
	defer ix.Close()
	syncStart := time.Now()
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		return err
	}
	if len(rep.Warnings) > 0 {
		return fmt.Errorf("scifact load warnings: %v", rep.Warnings[:min(3, len(rep.Warnings))])
	}
	full := time.Since(syncStart)
	fmt.Printf("scifact: %d docs, %d chunks indexed in %s; splits %s\n", rep.Documents, rep.Chunks, full.Round(time.Millisecond), splits)
	if m != nil {
		if r := m.report(); r != "" {
			fmt.Printf("%s, GOMAXPROCS=%d\n", r, runtime.GOMAXPROCS(0))
		}
	}
	if rep.Added > 0 { // a reused -workdir has nothing left to index
		if err := printBleveRatio(ctx, content, filepath.Join(work, "bleve-alone"), full); err != nil {
			return err
		}
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("embedder %s %s\n", st.Embedder, st.EmbedModel)
	best := -1.0
	for i, s := range names {
		fmt.Printf("\n%s split, %d queries\n", s, len(qrels[i]))
		ev := evaluator{ix: ix, queries: queries, qrels: qrels[i]}
		if i == 0 {
			if best, err = ev.tune(ctx, alphas); err != nil {
				return err
			}
			continue
		}
		if err := ev.report(ctx, best, names[0]); err != nil {
			return err
		}
	}
	return nil
}

// printBleveRatio compares the full index to bleve alone on the same
// content; full includes the embedder's work but not its loading.
func printBleveRatio(ctx context.Context, content, dir string, full time.Duration) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	alone, err := bleveAlone(ctx, content, dir)
	if err != nil {
		return err
	}
	fmt.Printf("scifact bleve alone, same chunks and mapping: %s; full index / bleve alone %.2f×\n", alone.Round(time.Millisecond), full.Seconds()/alone.Seconds())
	return nil
}
