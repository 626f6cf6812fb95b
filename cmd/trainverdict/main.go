// Command trainverdict trains the offline claims engine's verdict model
// (backend/claims/model/verdict-v1.json) on SciFact train, handbook-dev,
// the VitaminC train files and the sample drafts; prints the
// cross-validated tables (handbook-dev folds by document) and, after
// training, the held-out SciFact test and VitaminC test tables, which are
// never used to choose anything.
//
//	GOMAXPROCS=2 go run ./cmd/trainverdict -workdir DIR [-out FILE] [-refresh] [-v]
//
// -workdir holds the indexes (the folders cmd/verdictreport builds, so
// either command reuses the other's) and the feature cache.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
)

type config struct {
	bench, workdir, sample, out string
	refresh, verbose            bool
	vitamincLimit, folds        int
	l2s                         []float64
	selectSets                  map[string]float64
	w                           weights
	date                        string
	debugKind                   string
	minPrecision                float64
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "trainverdict:", err)
		os.Exit(1)
	}
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "trainverdict: "+format+"\n", args...)
}

func parseFlags(args []string) (config, error) {
	c := config{w: weights{share: map[string]float64{}}}
	fs := flag.NewFlagSet("trainverdict", flag.ContinueOnError)
	fs.StringVar(&c.bench, "bench", "../shared/benchmarks", "the shared benchmarks folder")
	fs.StringVar(&c.workdir, "workdir", "", "folder for the indexes and the feature cache (required)")
	fs.StringVar(&c.sample, "sample", "corpus", "the sample workspace (content/ and drafts/)")
	fs.StringVar(&c.out, "out", "", "write the trained weights here (default: print tables only)")
	fs.StringVar(&c.date, "date", "", "training date for the manifest, YYYY-MM-DD")
	fs.StringVar(&c.debugKind, "debug-kind", "", "print the cues of handbook-dev claims of this kind against their gold evidence, then stop")
	fs.BoolVar(&c.refresh, "refresh", false, "recompute the features even when cached")
	fs.BoolVar(&c.verbose, "v", false, "list the cross-validated misses of handbook-dev and the sample drafts")
	fs.IntVar(&c.vitamincLimit, "vitaminc-limit", 20000, "use at most N VitaminC train examples")
	fs.Float64Var(&c.minPrecision, "min-precision", 0.85, "contradicted precision the threshold must reach on the cross-validated dev folds")
	fs.IntVar(&c.folds, "folds", 5, "cross-validation folds")
	l2 := fs.String("l2", "0.001,0.003,0.01,0.03,0.1,0.3", "L2 strengths to choose from by cross-validated log loss")
	shares := fs.String("shares", "handbook=0.35,sample=0.2,scifact-train=0.3,vitaminc-train=0.15", "each set's share of the sample weight")
	sel := fs.String("select", "handbook,sample,scifact-train", "sets whose cross-validated log loss chooses l2")
	fs.Float64Var(&c.w.conflictL2, "conflict-l2", 0.1, "the conflict model's L2 as a multiple of the chosen one")
	fs.Float64Var(&c.w.plain, "plain", 0.5, "weight of each example's copy without sentence vectors")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.workdir == "" {
		return c, errors.New("-workdir is required")
	}
	for _, s := range strings.Split(*l2, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || v < 0 {
			return c, fmt.Errorf("-l2 %q: %w", s, err)
		}
		c.l2s = append(c.l2s, v)
	}
	c.selectSets = map[string]float64{}
	for _, s := range strings.Split(*sel, ",") {
		c.selectSets[strings.TrimSpace(s)] = 1
	}
	for _, kv := range strings.Split(*shares, ",") {
		k, v, ok := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return c, fmt.Errorf("-shares %q: want set=share", kv)
		}
		c.w.share[k] = f
	}
	return c, nil
}

func readJSONFile(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("parse %s: %w", path, err)
	}
	return nil
}

func run(ctx context.Context, args []string, out io.Writer) error {
	cfg, err := parseFlags(args)
	if err != nil {
		return err
	}
	if cfg.debugKind != "" {
		return debugGiven(ctx, out, cfg, cfg.debugKind)
	}
	d, err := loadData(ctx, cfg)
	if err != nil {
		return err
	}
	train := d.train
	counts := map[string]int{}
	for _, e := range train {
		counts[e.Set]++
	}
	logf("training examples: %v", counts)
	bestL2, bestLoss := cfg.l2s[0], 0.0
	var cv []prediction
	for i, l2 := range cfg.l2s {
		ps, err := crossValidate(train, cfg.w, l2, cfg.folds)
		if err != nil {
			return err
		}
		loss := logLoss(ps, cfg.selectSets)
		fmt.Fprintf(out, "cross-validated log loss at l2=%g: %.4f\n", l2, loss)
		if i == 0 || loss < bestLoss {
			bestL2, bestLoss, cv = l2, loss, ps
		}
	}
	threshold := chooseThreshold(cv, map[string]bool{"handbook": true, "sample": true}, cfg.minPrecision)
	fmt.Fprintf(out, "chosen: l2=%g, contradicted threshold %.3f (best contradicted F1 at precision >= %.2f on the handbook-dev and sample folds)\n", bestL2, threshold, cfg.minPrecision)
	writeAll(out, fmt.Sprintf("CV (%d folds by group; handbook-dev by document)", cfg.folds), bySet(cv, threshold))
	kindRecall(out, cv, threshold)
	if cfg.verbose {
		misses(out, cv, "handbook", threshold)
		misses(out, cv, "sample", threshold)
	}
	m, err := cfg.w.train(train, bestL2)
	if err != nil {
		return err
	}
	m.Name = "verdict-v1"
	m.Manifest = manifest(cfg, train, bestL2, threshold)
	printWeights(out, m)
	if err := heldOut(out, d, m); err != nil {
		return err
	}
	if cfg.out == "" {
		return nil
	}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	if err := os.WriteFile(cfg.out, b, 0o644); err != nil {
		return fmt.Errorf("write weights: %w", err)
	}
	logf("wrote %s", filepath.Clean(cfg.out))
	return nil
}
