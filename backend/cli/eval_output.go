package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"continuity/backend/eval"
	"continuity/backend/evalwire"
	"continuity/backend/scorecard"
	"continuity/backend/xlsx"
)

func writeEvalResult(env *Env, c *evalwire.Card) error {
	sc := c.Scorecard
	if env.JSON {
		changes := sc.Run.CorpusChanges
		if changes == nil {
			changes = []eval.CorpusChange{}
		}
		return env.WriteJSON(evalJSON{Result: sc.Result(), Status: sc.Run.Status, StartedAt: sc.Run.StartedAt, GoldenSet: sc.Run.GoldenSet,
			GoldenVersion: sc.Run.GoldenVersion, CorpusFingerprint: sc.Run.CorpusFingerprint, CorpusChanges: changes,
			Baseline: sc.Baseline, BaselineChoice: c.Baseline})
	}
	r := sc.Run
	fmt.Fprintf(env.Stdout, "run %s · %s engine · golden set %q v%s · %d questions · started %s\n", r.ID, r.Engine, r.GoldenSet, r.GoldenVersion, r.Questions, r.StartedAt)
	fmt.Fprintf(env.Stdout, "corpus %s", orUnknown(r.CorpusFingerprint))
	for _, ch := range r.CorpusChanges {
		fmt.Fprintf(env.Stdout, " → %s (resumed %s)", orUnknown(ch.Fingerprint), ch.ResumedAt)
	}
	fmt.Fprintln(env.Stdout)
	for _, w := range sc.Warnings {
		fmt.Fprintf(env.Stdout, "warning: %s\n", w)
	}
	tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "METRIC\tMEAN\tTHRESHOLD\tSTATUS\tMEASURED\tNOT MEASURED\tΔ BASELINE")
	deltas := map[string]*float64{}
	if sc.Baseline != nil {
		for _, m := range sc.Baseline.Metrics {
			deltas[m.Metric] = m.Delta
		}
	}
	for _, m := range eval.AllMetrics {
		s := sc.Metrics[string(m)]
		mean, th, status, delta := "-", "-", "not gated", ""
		if s.Mean != nil {
			mean = fmt.Sprintf("%.3f", *s.Mean)
		}
		if s.Threshold != nil {
			th = fmt.Sprintf("≥ %.2f", *s.Threshold)
		}
		switch {
		case s.Mean == nil:
			status = "not measured"
		case s.Pass != nil && *s.Pass:
			status = "PASS"
		case s.Pass != nil:
			status = "FAIL"
		}
		if d := deltas[string(m)]; d != nil {
			delta = fmt.Sprintf("%+.3f", *d)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%s\n", m, mean, th, status, s.Measured, s.NotMeasured, delta)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if c.Baseline != nil {
		fmt.Fprintln(env.Stdout, c.Baseline.Note)
	}
	if sc.Baseline != nil {
		fmt.Fprintf(env.Stdout, "baseline %s: %d regressions, %d improvements, %d new errors\n", sc.Baseline.BaselineRunID,
			len(sc.Baseline.Regressions), len(sc.Baseline.Improvements), len(sc.Baseline.NewErrors))
	}
	fmt.Fprintf(env.Stdout, "errors: %d · review queue: %d questions\n", sc.Errors, len(sc.Review))
	if sc.Gate.Pass {
		fmt.Fprintln(env.Stdout, "gate: PASS")
	} else {
		fmt.Fprintln(env.Stdout, "gate: FAIL")
		for _, f := range sc.Gate.Failures {
			fmt.Fprintf(env.Stdout, "  - %s\n", f)
		}
	}
	return nil
}

func writeEvalFiles(c *evalwire.Card, o evalFlags) error {
	write := func(path string, fn func(io.Writer) error) error {
		if path == "" {
			return nil
		}
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		return f.Close()
	}
	sc := c.Scorecard
	if err := write(o.junit, func(w io.Writer) error { return scorecard.WriteJUnit(w, sc) }); err != nil {
		return err
	}
	if err := write(o.html, func(w io.Writer) error { return scorecard.WriteHTML(w, sc, c.Trend) }); err != nil {
		return err
	}
	return write(o.xlsx, func(w io.Writer) error { return xlsx.WriteScorecard(w, sc, c.Trend) })
}

func evalList(ctx context.Context, env *Env, set string) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	st, err := eval.OpenStore(ctx, s.DB)
	if err != nil {
		return err
	}
	runs, err := st.Runs(ctx, set)
	if err != nil {
		return err
	}
	if runs == nil {
		runs = []eval.Run{}
	}
	if env.JSON {
		return env.WriteJSON(runs)
	}
	tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RUN\tSET\tVERSION\tENGINE\tSTATUS\tQUESTIONS\tSTARTED")
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", r.ID, r.GoldenSet, r.GoldenVersion, r.Engine, r.Status, r.Questions, r.StartedAt)
	}
	return tw.Flush()
}

// evalShow prints a stored run's scorecard, as the run itself printed it.
func evalShow(ctx context.Context, env *Env, runID, baseline string) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	st, err := eval.OpenStore(ctx, s.DB)
	if err != nil {
		return err
	}
	c, err := evalwire.BuildCard(ctx, s.DB, st, runID, baseline)
	if err != nil {
		return err
	}
	return writeEvalResult(env, c)
}
