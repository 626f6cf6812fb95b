package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/index"
	"continuity/backend/retrieve"
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

func runSciFact(ctx context.Context, dir, split, work string) error {
	content := filepath.Join(work, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		return err
	}
	n := 0
	err := readJSONL(filepath.Join(dir, "corpus.jsonl"), func(d beirDoc) {
		y, _ := json.Marshal(d.Title) // JSON strings are valid YAML scalars
		body := fmt.Sprintf("---\nid: %q\ntitle: %s\n---\n\n%s\n", d.ID, y, d.Text)
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("%06d.md", n)), []byte(body), 0o644); err == nil {
			n++
		}
	})
	if err != nil {
		return err
	}
	queries := map[string]string{}
	if err := readJSONL(filepath.Join(dir, "queries.jsonl"), func(q beirDoc) { queries[q.ID] = q.Text }); err != nil {
		return err
	}
	qrels, err := readQrels(filepath.Join(dir, "qrels", split+".tsv"))
	if err != nil {
		return err
	}
	db, err := store.OpenDir(ctx, work)
	if err != nil {
		return err
	}
	defer db.Close()
	ix, err := index.Open(ctx, db, work, index.Options{Fusion: fusionOpts(), LSA: lsaOpts, Chunking: corpus.ChunkOptions{Size: chunkSize, Overlap: chunkSize / 5}})
	if err != nil {
		return err
	}
	defer ix.Close()
	start := time.Now()
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		return err
	}
	if len(rep.Warnings) > 0 {
		return fmt.Errorf("scifact load warnings: %v", rep.Warnings[:min(3, len(rep.Warnings))])
	}
	fmt.Printf("scifact: %d docs, %d chunks indexed in %s; %s split, %d queries\n", rep.Documents, rep.Chunks, time.Since(start).Round(time.Millisecond), split, len(qrels))
	st, err := ix.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("embedder %s %s\n", st.Embedder, st.EmbedModel)
	fmt.Println("| mode | nDCG@10 | recall@100 |\n|---|---|---|")
	eval := func(label string, m retrieve.Mode) error {
		var ndcg, rec float64
		for qid, rel := range qrels {
			hits, err := ix.Search(ctx, queries[qid], 300, m)
			if err != nil {
				return err
			}
			docs := dedupe(hits, 100)
			ndcg += ndcgAt(docs, rel, 10)
			rec += recallAt(docs, rel, 100)
		}
		fmt.Printf("| %s | %.4f | %.4f |\n", label, ndcg/float64(len(qrels)), rec/float64(len(qrels)))
		return nil
	}
	for _, m := range []retrieve.Mode{retrieve.BM25, retrieve.Vector, retrieve.Hybrid} {
		if err := eval(string(m), m); err != nil {
			return err
		}
	}
	if alphas == "" {
		return nil
	}
	var sweep []retrieve.FusionOptions
	for _, a := range strings.Split(alphas, ",") {
		var x float64
		if _, err := fmt.Sscan(a, &x); err != nil {
			return fmt.Errorf("-alphas %q: %w", a, err)
		}
		sweep = append(sweep, retrieve.FusionOptions{Method: retrieve.Weighted, Alpha: x})
	}
	sweep = append(sweep, retrieve.FusionOptions{Method: retrieve.RRF})
	for _, f := range sweep {
		ix.SetFusion(f)
		if err := eval(fmt.Sprintf("hybrid %s α=%.2f", f.Method, f.Alpha), retrieve.Hybrid); err != nil {
			return err
		}
	}
	return nil
}

// dedupe turns chunk hits into a document ranking (first chunk wins).
func dedupe(hits []retrieve.Hit, k int) []string {
	seen := map[string]bool{}
	var out []string
	for _, h := range hits {
		if !seen[h.DocID] {
			seen[h.DocID] = true
			out = append(out, h.DocID)
		}
		if len(out) == k {
			break
		}
	}
	return out
}

func ndcgAt(docs []string, rel map[string]bool, k int) float64 {
	var dcg, idcg float64
	for i, d := range docs[:min(k, len(docs))] {
		if rel[d] {
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	nrel := 0
	for _, r := range rel {
		if r {
			nrel++
		}
	}
	for i := 0; i < min(k, nrel); i++ {
		idcg += 1 / math.Log2(float64(i+2))
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

func recallAt(docs []string, rel map[string]bool, k int) float64 {
	found, nrel := 0, 0
	for _, r := range rel {
		if r {
			nrel++
		}
	}
	for _, d := range docs[:min(k, len(docs))] {
		if rel[d] {
			found++
		}
	}
	if nrel == 0 {
		return 0
	}
	return float64(found) / float64(nrel)
}
