// Command trainverdict trains the offline claims engine's pair verifier
// (backend/claims/verifier/verifier-v2.json). It featurizes every labelled
// claim as Check does (retrieval, alignment, the verifier's candidate
// units with their rule features) on the public training and development
// sets, and the pairs dataset's pairs against their evidence, writes them
// for scripts/train_verifier.py (PyTorch, CPU), and runs it. The trainer
// cross-validates handbook-dev by document, chooses the thresholds on the
// pairs dev split and the handbook-dev folds, and prints the held-out
// sets (SciFact test, VitaminC test, pairs test and report, NLI test),
// which never choose anything.
//
//	GOMAXPROCS=2 go run ./cmd/trainverdict -workdir DIR [-out FILE] [-refresh]
//
// -workdir holds the indexes (the folders cmd/verdictreport builds, so
// either command reuses the other's), the feature cache and the export.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"continuity/backend/embed/glove"
	"continuity/backend/models"
)

type config struct {
	bench, workdir, sample, out string
	refresh                     bool
	vitamincLimit               int
	date, python, script        string
	golden, verdictOut          string
	verdictOnly                 bool
	shares                      map[string]float64
	seeds, epochs               int
	only                        map[string]bool
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
	var c config
	fs := flag.NewFlagSet("trainverdict", flag.ContinueOnError)
	fs.StringVar(&c.bench, "bench", "../shared/benchmarks", "the shared benchmarks folder")
	fs.StringVar(&c.workdir, "workdir", "", "folder for the indexes, the feature cache and the export (required)")
	fs.StringVar(&c.sample, "sample", "corpus", "the sample workspace (content/ and drafts/)")
	fs.StringVar(&c.out, "out", "", "write the trained weights here (default: print tables only)")
	fs.StringVar(&c.date, "date", "", "training date for the manifest, YYYY-MM-DD")
	fs.StringVar(&c.verdictOut, "verdict-out", "", "train the verdict model (logistic regression, in Go) instead of the verifier and write it here")
	shares := fs.String("verdict-shares", "", "override verdict-model set shares, e.g. handbook=0.3,sample=0.2 (a set left out gets none)")
	fs.BoolVar(&c.verdictOnly, "verdict", false, "train the verdict model and print its tables (with -verdict-out: also write it)")
	fs.StringVar(&c.golden, "golden", "", "write a few pairs with PyTorch's probabilities here, for the Go forward-pass test")
	fs.StringVar(&c.python, "python", "/usr/bin/python3", "the Python with PyTorch (Debian's python3-torch)")
	fs.StringVar(&c.script, "script", "scripts/train_verifier.py", "the trainer (empty: featurize and export only)")
	fs.BoolVar(&c.refresh, "refresh", false, "recompute the features even when cached")
	fs.IntVar(&c.vitamincLimit, "vitaminc-limit", 20000, "use at most N VitaminC train examples")
	fs.IntVar(&c.seeds, "seeds", 3, "train this many seeds and report their spread; the first is shipped")
	fs.IntVar(&c.epochs, "epochs", 0, "training epochs (0: the trainer's default)")
	only := fs.String("only", "", "featurize and train on these groups only (handbook,sample,vitaminc,pairs,scifact), for a quick look")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if *shares != "" {
		m, err := parseShares(*shares)
		if err != nil {
			return c, fmt.Errorf("-verdict-shares: %w", err)
		}
		c.shares = m
	}
	c.only = map[string]bool{}
	for _, g := range strings.Split(*only, ",") {
		if g = strings.TrimSpace(g); g != "" {
			c.only[g] = true
		}
	}
	if c.workdir == "" {
		return c, errors.New("-workdir is required")
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

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func run(ctx context.Context, args []string, out io.Writer) error {
	cfg, err := parseFlags(args)
	if err != nil {
		return err
	}
	sets, err := loadSets(ctx, cfg)
	if err != nil {
		return err
	}
	for _, s := range sortedKeys(sets) {
		logf("%s: %d examples", s, len(sets[s]))
	}
	if cfg.verdictOnly || cfg.verdictOut != "" {
		if cfg.shares != nil {
			verdictShares = cfg.shares
		}
		return runVerdictModel(sets, cfg.date, cfg.verdictOut, out)
	}
	p, err := models.Find("", models.GloVe)
	if err != nil {
		return fmt.Errorf("GloVe is needed to train the verifier: %w", err)
	}
	g, err := glove.Load(p)
	if err != nil {
		return err
	}
	dir := filepath.Join(cfg.workdir, "verifier-data")
	if err := exportVerifierData(dir, g, sets); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	logf("wrote %s", dir)
	if cfg.script == "" {
		return nil
	}
	argv := []string{cfg.script, "--data", dir, "--seeds", strconv.Itoa(cfg.seeds), "--date", cfg.date}
	if cfg.out != "" {
		argv = append(argv, "--out", cfg.out)
	}
	if cfg.golden != "" {
		argv = append(argv, "--golden", cfg.golden)
	}
	if cfg.epochs > 0 {
		argv = append(argv, "--epochs", strconv.Itoa(cfg.epochs))
	}
	cmd := exec.CommandContext(ctx, cfg.python, argv...)
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", cfg.python, cfg.script, err)
	}
	return nil
}
