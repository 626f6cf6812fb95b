package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"

	"continuity/backend/calibrate"
)

func calibrateCommand() *Command {
	return &Command{
		Name:    "calibrate",
		Summary: "measure the offline verifier on the workspace's own fact changes and fit its threshold",
		Help: `Turns the facts this workspace's pages changed into labelled pairs: each old
sentence, checked as a one-line draft, should be contradicted by the corpus
now; the sentence in its place should not. Changes of a value, a negation
(polarity) or a name count; removals and rewordings do not. The index is synced
and, in a git workspace, the history imported first, as for 'changes'.

It reports the offline verifier's contradicted recall and precision per kind
at the model's threshold (before), fits the threshold that maximizes F1 at a
precision of at least 0.85, and measures it held out by document (after: half
the documents fit, the other half measure, and back). The fitted threshold is
saved for this workspace only when the held-out result is no worse; every
offline check of the workspace then applies it and says so. It needs at least
10 usable changes in at least 2 documents. Nothing leaves the machine.

--dry-run reports without saving. --reset removes the saved threshold.
--json prints the result: {"model","default_threshold","changes","pairs",
"documents","skipped","no_claim","kinds":[{"kind","changes","before","after"}],
"all","fold_thresholds","fitted","threshold","saved","decision","previous",
"history","elapsed_ms"}; before and after are {"old","caught","current",
"false_flags","supported","recall","precision","f1","threshold","held_out"}.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			dry := fs.Bool("dry-run", false, "report without saving the fitted threshold")
			reset := fs.Bool("reset", false, "remove the workspace's calibrated threshold")
			return func(ctx context.Context, env *Env, args []string) error {
				switch {
				case len(args) > 0:
					return Usagef("calibrate takes no arguments")
				case *reset && *dry:
					return Usagef("--reset and --dry-run cannot be combined")
				case *reset:
					return runCalibrateReset(ctx, env)
				}
				return runCalibrate(ctx, env, calibrate.Options{DryRun: *dry})
			}
		},
	}
}

type calibrateJSON struct {
	calibrate.Result
	History   *historyJSON `json:"history"`
	ElapsedMS int64        `json:"elapsed_ms"`
}

func runCalibrate(ctx context.Context, env *Env, o calibrate.Options) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	res, err := calibrate.Run(ctx, s, o, progressBar(env))
	if res.Synced.Added+res.Synced.Updated+res.Synced.Removed > 0 {
		reportSync(env, res.Synced)
	}
	hist := historyOf(env, res.History)
	var few *calibrate.TooFewError
	if errors.As(err, &few) {
		writeUnpaired(env.Stderr, few.Skipped)
		if !hist.Ran {
			writeHistory(env.Stderr, hist) // why there is so little history
		}
	}
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(calibrateJSON{Result: res, History: hist, ElapsedMS: res.Elapsed.Milliseconds()})
	}
	writeCalibration(env.Stdout, res)
	writeHistory(env.Stdout, hist)
	return nil
}

func runCalibrateReset(ctx context.Context, env *Env) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	removed, err := calibrate.Reset(ctx, s)
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(map[string]bool{"removed": removed})
	}
	if removed {
		fmt.Fprintln(env.Stdout, "removed the workspace's calibrated threshold: checks use the model's again")
	} else {
		fmt.Fprintln(env.Stdout, "the workspace had no calibrated threshold")
	}
	return nil
}

func writeCalibration(w io.Writer, r calibrate.Result) {
	fmt.Fprintf(w, "model      %s\n", r.Model)
	fmt.Fprintf(w, "pairs      %d from %d changes in %d documents (%.1f s)\n", r.Pairs, r.Changes, r.Documents, r.Elapsed.Seconds())
	if r.NoClaim > 0 {
		fmt.Fprintf(w, "           %d sentences had no claim to check\n", r.NoClaim)
	}
	writeUnpaired(w, r.Skipped)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-10s %7s  %-29s %s\n", "", "", "before (model's threshold)", "after (held out by document)")
	fmt.Fprintf(w, "%-10s %7s  %-12s %-16s %-12s %s\n", "kind", "changes", "recall", "precision", "recall", "precision")
	for _, k := range append(r.Kinds, r.All) {
		name := string(k.Kind)
		if name == "" {
			name = "all"
		}
		fmt.Fprintf(w, "%-10s %7d  %-12s %-16s %-12s %s\n", name, k.Changes,
			recallText(k.Before), precisionText(k.Before), recallText(k.After), precisionText(k.After))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "threshold  model's %.3f", r.DefaultThreshold)
	if r.Fitted {
		fmt.Fprintf(w, ", fitted %.3f (per fold %.3f, %.3f)", r.Threshold, r.FoldThresholds[0], r.FoldThresholds[1])
	}
	fmt.Fprintln(w)
	if r.Previous != nil && !r.Saved {
		fmt.Fprintf(w, "stored     %s\n", r.Previous.Describe())
	}
	fmt.Fprintln(w, r.Decision)
}

// recallText is "5/7 71%": old sentences caught of those judged.
func recallText(m calibrate.Metrics) string {
	return fmt.Sprintf("%d/%d %s", m.Caught, m.Old, percent(m.Recall))
}

// precisionText is "100% (0 false)": false flags are current sentences
// judged contradicted.
func precisionText(m calibrate.Metrics) string {
	return fmt.Sprintf("%s (%d false)", percent(m.Precision), m.FalseFlags)
}

func percent(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("%.0f%%", *p*100)
}

func writeUnpaired(w io.Writer, skipped map[string]int) {
	reasons := make([]string, 0, len(skipped))
	for r := range skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Fprintf(w, "skipped    %d %s\n", skipped[r], r)
	}
}
