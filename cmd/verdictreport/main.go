// Command verdictreport measures the offline claims engine's verdicts on
// every public benchmark set (handbook-dev claims and drafts, SciFact test,
// VitaminC test) and the sample drafts, with the real hybrid index, and
// prints one table per set and a summary.
//
//	go run ./cmd/verdictreport [-sets handbook,handbook-drafts,scifact,vitaminc,vitaminc-train,sample]
//	    [-bench ../shared/benchmarks] [-workdir DIR] [-md] [-v] [-vitaminc-limit N]
//	    [-embedder auto|use-lite|product|lsa] [-k N] [-sample corpus]
//
// Indexes live under -workdir (one folder per set and embedder) so a rerun
// only compares hashes; without -workdir they go to a temporary folder.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"continuity/backend/claims/model"
	"continuity/backend/claims/verifier"
)

// allSets is every set, in the order they are run and reported.
var allSets = []string{"handbook", "handbook-drafts", "pairs-train", "pairs-dev", "pairs-test", "pairs-report", "scifact", "vitaminc", "vitaminc-train", "sample"}

// defaultSets are the sets `make verdict-report` scores and
// docs/verdict-report.json holds; the pairs splits are run by name.
var defaultSets = []string{"handbook", "handbook-drafts", "scifact", "vitaminc", "sample"}

type config struct {
	sets           []string
	bench          string
	workdir        string
	sample         string
	embedder       string
	md, verbose    bool
	jsonOut        string
	fitCalibration string
	vitamincLimit  int
	k              int
	verifier       bool
	model          string // a verdict model file to decide with instead of the shipped one
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "verdictreport:", err)
		os.Exit(1)
	}
}

// logf reports progress on stderr, so stdout holds only the tables.
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "verdictreport: "+format+"\n", args...)
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("verdictreport", flag.ContinueOnError)
	sets := fs.String("sets", strings.Join(defaultSets, ","), "comma-separated sets: "+strings.Join(allSets, ", "))
	fs.StringVar(&c.bench, "bench", "../shared/benchmarks", "the shared benchmarks folder")
	fs.StringVar(&c.workdir, "workdir", "", "folder for the indexes, reused across runs (default: a temporary folder)")
	fs.StringVar(&c.sample, "sample", "corpus", "the sample workspace (content/ and drafts/)")
	fs.StringVar(&c.embedder, "embedder", "product", "auto (use-lite when the model is there, else lsa), use-lite (USE-lite ranks passages), product (LSA ranks passages, USE-lite embeds sentences, as backend/session does) or lsa")
	fs.BoolVar(&c.md, "md", false, "print Markdown for docs/benchmarks.md")
	fs.StringVar(&c.jsonOut, "json", "", "also write every contradicted verdict with its cited sentence to this file")
	fs.BoolVar(&c.verbose, "v", false, "list misses and false alarms per claim")
	fs.BoolVar(&c.verifier, "verifier", false, "decide with the trained pair verifier (backend/claims/verifier) instead of the shipped verdict model")
	fs.StringVar(&c.model, "model", "", "decide with this verdict model file (cmd/trainverdict -verdict-out) instead of the shipped one")
	fs.IntVar(&c.k, "k", 0, "passages each paragraph retrieves (0: the product default, claims.DefaultTopK)")
	fs.IntVar(&c.vitamincLimit, "vitaminc-limit", 0, "score only the first N VitaminC examples (0: all)")
	fs.StringVar(&c.fitCalibration, "fit-calibration", "", "fit the shown-confidence map on the raw probabilities of -sets (development sets only) and write it to this file (backend/claims/calibration/calibration.json)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	for _, s := range strings.Split(*sets, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !slices.Contains(allSets, s) {
			return c, fmt.Errorf("-sets: unknown set %q (want %s)", s, strings.Join(allSets, ", "))
		}
		c.sets = append(c.sets, s)
	}
	if len(c.sets) == 0 {
		return c, errors.New("-sets: no set named")
	}
	if c.k < 0 {
		return c, fmt.Errorf("-k %d: must be 0 or more", c.k)
	}
	if c.fitCalibration != "" {
		if err := developmentOnly(c.sets); err != nil {
			return c, err
		}
	}
	if c.vitamincLimit < 0 {
		return c, fmt.Errorf("-vitaminc-limit %d: must be 0 or more", c.vitamincLimit)
	}
	return c, nil
}

// flags are the options that change the numbers, for the reproduce line.
func (c config) flags() string {
	s := fmt.Sprintf("-sets %s -embedder %s", strings.Join(c.sets, ","), c.embedder)
	if c.verifier {
		s += " -verifier"
	}
	if c.model != "" {
		s += " -model " + c.model
	}
	if c.k > 0 {
		s += fmt.Sprintf(" -k %d", c.k)
	}
	if c.vitamincLimit > 0 {
		s += fmt.Sprintf(" -vitaminc-limit %d", c.vitamincLimit)
	}
	return s
}

// runner holds what the sets of one run share: the embedder, and the
// handbook index both handbook sets check against.
type runner struct {
	cfg      config
	verifier *verifier.Weights // nil: the shipped verdict model
	weights  *model.Weights    // nil: the shipped verdict model
	emb      embedderChoice
	handbook *corpusIndex
}

func run(ctx context.Context, args []string, out io.Writer) (err error) {
	cfg, err := parseFlags(args)
	if err != nil {
		return err
	}
	if cfg.workdir == "" {
		if cfg.workdir, err = os.MkdirTemp("", "verdictreport-"); err != nil {
			return fmt.Errorf("temporary workdir: %w", err)
		}
		defer func() { err = errors.Join(err, os.RemoveAll(cfg.workdir)) }()
	}
	r := &runner{cfg: cfg}
	if cfg.verifier {
		if r.verifier, _, err = verifier.Default(); err != nil {
			return err
		}
	}
	if cfg.model != "" {
		b, err := os.ReadFile(cfg.model)
		if err != nil {
			return fmt.Errorf("-model: %w", err)
		}
		if r.weights, err = model.Parse(b); err != nil {
			return fmt.Errorf("-model %s: %w", cfg.model, err)
		}
	}
	if r.emb, err = chooseEmbedder(ctx, cfg.embedder); err != nil {
		return err
	}
	defer func() { err = errors.Join(err, r.emb.close()) }()
	if r.emb.notice != "" {
		logf("embedder: %s", r.emb.notice)
	}
	defer func() {
		if r.handbook != nil {
			err = errors.Join(err, r.handbook.close())
		}
	}()
	var results []setResult
	for _, s := range cfg.sets {
		start := time.Now()
		logf("%s: running", s)
		res, err := r.runSet(ctx, s)
		if err != nil {
			return fmt.Errorf("set %s: %w", s, err)
		}
		res.Name, res.Took = s, time.Since(start)
		if t, ok := reliabilityTable(res.scored); ok {
			res.Tables = append(res.Tables, t, supportedFloorTable(res.scored))
		}
		logf("%s: done in %s", s, res.Took.Round(time.Second))
		results = append(results, res)
		res.write(out, cfg.md, cfg.verbose)
	}
	sum := summaryTable(results)
	if cfg.md {
		fmt.Fprintf(out, "### Summary\n\nReproduce: `GOMAXPROCS=2 go run ./cmd/verdictreport %s -workdir DIR -md`.\n\n", cfg.flags())
		sum.Title = ""
	}
	sum.write(out, cfg.md)
	if cfg.fitCalibration != "" {
		if err := writeCalibration(cfg.fitCalibration, results); err != nil {
			return err
		}
	}
	if cfg.jsonOut != "" && len(results) > 0 {
		return writeCited(cfg.jsonOut, results[0].Engine, results)
	}
	return nil
}

func (r *runner) runSet(ctx context.Context, name string) (setResult, error) {
	switch name {
	case "handbook":
		return r.runHandbook(ctx)
	case "handbook-drafts":
		return r.runHandbookDrafts(ctx)
	case "scifact":
		return r.runSciFact(ctx)
	case "vitaminc":
		return r.runVitaminC("test")
	case "vitaminc-train":
		return r.runVitaminC("train")
	case "pairs-train":
		return r.runPairs("train")
	case "pairs-dev":
		return r.runPairs("dev")
	case "pairs-test":
		return r.runPairs("test")
	case "pairs-report":
		return r.runPairs("report")
	case "sample":
		return r.runSample(ctx)
	}
	return setResult{}, fmt.Errorf("unknown set %q", name)
}

// dataDir is the index folder of one corpus under the workdir; the
// embedder is part of the name so switching -embedder never re-embeds
// (or worse, mixes) an index built with the other one.
func (r *runner) dataDir(corpus string) string {
	return filepath.Join(r.cfg.workdir, corpus+"-"+r.emb.key)
}

// handbookIndex opens the handbook-dev index once for both handbook sets.
func (r *runner) handbookIndex(ctx context.Context) (*corpusIndex, error) {
	if r.handbook != nil {
		return r.handbook, nil
	}
	ix, err := openIndex(ctx, r.dataDir("handbook"), filepath.Join(r.cfg.bench, "handbook-dev", "corpus"), r.emb)
	if err != nil {
		return nil, err
	}
	r.handbook = ix
	return ix, nil
}
