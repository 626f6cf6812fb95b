// Command indexbench measures retrieval quality on BEIR SciFact and indexing
// speed at scale; `make bench` runs it and docs/benchmarks.md records the output.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"

	"continuity/backend/embed"
	"continuity/backend/lexical"
	"continuity/backend/retrieval"
)

func main() {
	scifact := flag.String("scifact", "../shared/benchmarks/scifact", "BEIR SciFact folder (read in place, never copied into the repo)")
	docs := flag.Int("docs", 10000, "documents in the generated scale corpus (0 skips the scale benchmark)")
	split := flag.String("split", "test", "SciFact qrels splits to report, comma-separated, on one index; -alphas sweeps the first only and later splits get the share it chose (e.g. train,test)")
	flag.StringVar(&embedderKind, "embedder", embLSA, "vector embedder: lsa (the corpus-fitted default), glove (SIF, fitted to the corpus), use-lite, or glove+use-lite (equal-weight concatenation); for SciFact and the scale benchmark")
	flag.BoolVar(&sentences, "sentences", false, "also embed every published sentence at index time (what the app does)")
	flag.BoolVar(&sentLeg, "sentleg", false, "handbook: also score chunks by their sentence vectors (max, mean of top 2, max blended with the chunk) alone, fused with BM25, and in a 3-way fusion with BM25 and LSA chunk vectors (an LSA index beside the handbook one)")
	workdir := flag.String("workdir", "", "keep the SciFact index here (reused, so cached vectors are not recomputed) instead of a temporary folder")
	handbook := flag.String("handbook", "", "handbook-dev folder (corpus/ and claims.jsonl, read in place); empty skips it; its index goes under -workdir/handbook when -workdir is set")
	flag.StringVar(&fusion, "fusion", "", "override the hybrid fusion: rrf or weighted")
	flag.Float64Var(&alpha, "alpha", 0, "weighted fusion: BM25 share")
	flag.IntVar(&chunkSize, "chunk", 0, "override the chunk size in words")
	flag.Float64Var(&lexical.DefaultParams.K1, "k1", lexical.DefaultParams.K1, "BM25 k1 (tuning on train only)")
	flag.Float64Var(&lexical.DefaultParams.B, "b", lexical.DefaultParams.B, "BM25 b (tuning on train only)")
	flag.Float64Var(&lexical.DefaultParams.TitleWeight, "titlew", lexical.DefaultParams.TitleWeight, "BM25 title field weight (tuning on train only)")
	flag.StringVar(&alphas, "alphas", "", "also report hybrid weighted fusion at these BM25 shares, e.g. 0.6,0.7,0.8, and RRF")
	flag.IntVar(&lsaOpts.Dim, "lsadim", 0, "LSA embedder dimensions (tuning on train only)")
	flag.Float64Var(&lsaOpts.ScalePower, "lsapow", 0, "LSA singular-value scaling power (tuning on train only)")
	quality := flag.Bool("quality", true, "run the SciFact retrieval-quality benchmark (false: only -pages, -docs, -handbook)")
	pages := flag.Int("pages", 0, "also index this many SciFact pages cold as a session does (sentence vectors deferred) and time the sync, queries and fill (issue 32); 0 skips")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.StringVar(&queryProfile, "queryprofile", "", "write a CPU profile of the scale benchmark's hybrid queries only (adds 2000 queries)")
	flag.Parse()
	ctx := context.Background()
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fail(err)
		}
		defer stop()
	}
	tmp, err := os.MkdirTemp("", "indexbench-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("machine: %d CPUs, %s/%s, %s\n", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if *scifact != "" && *quality {
		work := filepath.Join(tmp, "scifact")
		if *workdir != "" {
			work = *workdir
		}
		if err := runSciFact(ctx, *scifact, *split, work); err != nil {
			fail(err)
		}
	}
	if *handbook != "" {
		work := filepath.Join(tmp, "handbook")
		if *workdir != "" {
			work = filepath.Join(*workdir, "handbook")
		}
		if err := runHandbook(ctx, *handbook, work); err != nil {
			fail(err)
		}
	}
	if *pages > 0 {
		if err := runPages(ctx, *scifact, *pages, filepath.Join(tmp, fmt.Sprintf("pages-%d", *pages))); err != nil {
			fail(err)
		}
	}
	if *docs > 0 {
		if err := runScale(ctx, *docs, filepath.Join(tmp, "scale")); err != nil {
			fail(err)
		}
	}
	fmt.Printf("peak RSS: %s\n", peakRSS())
}

// startProfile starts a CPU profile into path; stop ends it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

var (
	queryProfile string
	embedderKind string
	sentences    bool
	sentLeg      bool
	alphas       string
	lsaOpts      embed.LSAOptions
	chunkSize    int
	fusion       string
	alpha        float64
)

func fusionOpts() retrieval.FusionOptions {
	if fusion == "" {
		return retrieval.FusionOptions{}
	}
	return retrieval.FusionOptions{Method: retrieval.Fusion(fusion), Alpha: alpha}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "indexbench:", err)
	os.Exit(2)
}

func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "not measured (" + err.Error() + ")"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	return "not measured"
}
