package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/scorecard"
	"continuity/backend/xlsx"
)

func writeEvalResult(env *Env, c *evalrun.Card) error {
	sc := c.Scorecard
	if env.JSON {
		changes := sc.Run.CorpusChanges
		if changes == nil {
			changes = []eval.CorpusChange{}
		}
		return env.WriteJSON(evalJSON{Result: sc.Result(), Judge: sc.Run.JudgeOf(), Target: targetOf(sc.Run), Status: sc.Run.Status, StartedAt: sc.Run.StartedAt, GoldenSet: sc.Run.GoldenSet,
			GoldenVersion: sc.Run.GoldenVersion, CorpusFingerprint: sc.Run.CorpusFingerprint, CorpusChanges: changes,
			Baseline: sc.Baseline, BaselineChoice: c.Baseline})
	}
	r := sc.Run
	how := string(r.Engine) + " engine"
	if r.Target != nil { // the target answers; the engine only judges
		how = "judge " + r.JudgeOf()
	}
	fmt.Fprintf(env.Stdout, "run %s · %s · golden set %q v%s · %d questions · started %s\n", r.ID, how, r.GoldenSet, r.GoldenVersion, r.Questions, r.StartedAt)
	if l := targetLine(r); l != "" {
		fmt.Fprintln(env.Stdout, l)
	}
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
	deltas := map[string]scorecard.MetricDelta{}
	if sc.Baseline != nil {
		for _, m := range sc.Baseline.Metrics {
			deltas[m.Metric] = m
		}
	}
	for _, m := range eval.AllMetrics {
		s := sc.Metrics[string(m)]
		mean, th := "-", "-"
		if s.Mean != nil {
			mean = fmt.Sprintf("%.3f", *s.Mean)
		}
		if s.Threshold != nil {
			th = fmt.Sprintf("≥ %.2f", *s.Threshold)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%s\n", m, mean, th, statusWord[s.Status()], s.Measured, s.NotMeasured, deltaText(deltas[string(m)]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if c.Baseline != nil {
		fmt.Fprintln(env.Stdout, c.Baseline.Note)
	}
	if d := sc.Baseline; d != nil {
		s := d.Summary
		// regressions and improvements count questions; a new contradiction of the approved answer is a regression
		fmt.Fprintf(env.Stdout, "baseline %s: %d regressions, %d improvements, %d new errors (questions; %d metric drops, %d answers changed, %d contradict the approved answer, %d approved answers the corpus contradicts)\n",
			d.BaselineRunID, s.Regressed, s.Improved, s.NewErrors, len(d.Regressions), s.AnswersChanged, s.ContradictsApproved, s.ApprovedContradicted)
		for _, q := range d.Questions {
			if q.ContradictsApproved {
				fmt.Fprintf(env.Stdout, "  %s now contradicts its approved answer: %s\n", q.QuestionID, strings.Join(q.ContradictedClaims, " | "))
			}
		}
	}
	failing := 0
	for _, q := range sc.Questions {
		if q.Status() != scorecard.QuestionPass {
			failing++
		}
	}
	fmt.Fprintf(env.Stdout, "errors: %d · failing questions: %d · review queue: %d questions\n", sc.Errors, failing, len(sc.Review))
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

// statusWord is how the terminal table names a metric's status.
var statusWord = map[scorecard.Status]string{scorecard.StatusPass: "PASS", scorecard.StatusFail: "FAIL",
	scorecard.StatusNotGated: "not gated", scorecard.StatusNotMeasured: "not measured"}

// deltaText is a mean's change against the baseline and how it moved;
// "" without a baseline.
func deltaText(d scorecard.MetricDelta) string {
	switch {
	case d.Movement == "":
		return ""
	case d.Delta == nil:
		return strings.ReplaceAll(string(d.Movement), "_", " ")
	}
	return fmt.Sprintf("%+.3f %s", *d.Delta, d.Movement)
}

func writeEvalFiles(c *evalrun.Card, o evalFlags) error {
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
	_, cur, err := scope(ctx, env)
	if err != nil {
		return err
	}
	_, st, err := evalStore(ctx, env)
	if err != nil {
		return err
	}
	runs, err := st.Runs(ctx, set)
	if err != nil {
		return err
	}
	if len(runs) == 0 {
		runs = []eval.Run{}
		emptyHint(env, "evaluation runs", cur)
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
	s, st, err := evalStore(ctx, env)
	if err != nil {
		return err
	}
	c, err := evalrun.BuildCard(ctx, s.DB, st, runID, baseline)
	if err != nil {
		return runHint(ctx, env, err)
	}
	return writeEvalResult(env, c)
}
