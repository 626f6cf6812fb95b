package cli

import (
	"context"
	"fmt"
	"text/tabwriter"

	"continuity/backend/evalrun"
	"continuity/backend/scorecard"
)

type thresholdsJSON struct {
	Set        string            `json:"set"`
	Thresholds []evalrun.GateRow `json:"thresholds"`
}

// evalThresholds prints a set's gate and, given metric=value arguments,
// changes it first; every argument is checked before anything is saved.
func evalThresholds(ctx context.Context, env *Env, set string, args []string) error {
	if set == "" {
		return Usagef("eval thresholds needs --set NAME")
	}
	edits := make([]scorecard.ThresholdEdit, 0, len(args))
	for _, a := range args {
		e, err := scorecard.ParseThresholdEdit(a)
		if err != nil {
			return Usagef("eval thresholds: %v", err)
		}
		edits = append(edits, e)
	}
	s, cur, err := scope(ctx, env)
	if err != nil {
		return err
	}
	var g evalrun.SetGate
	if len(edits) > 0 {
		g, err = evalrun.SaveThresholds(ctx, s.DB, cur.ID, set, edits)
	} else {
		g, err = evalrun.Thresholds(ctx, s.DB, cur.ID, set)
	}
	if err != nil {
		return goldenSetHint(err, false)
	}
	out := thresholdsJSON{Set: g.Set, Thresholds: g.Rows()}
	if env.JSON {
		return env.WriteJSON(out)
	}
	fmt.Fprintf(env.Stdout, "gate thresholds of golden set %q (new runs use these; earlier runs keep their own)\n", g.Set)
	tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "METRIC\tTHRESHOLD\tSOURCE")
	for _, t := range out.Thresholds {
		th, src := "none (not gated)", "default"
		if t.Threshold != nil {
			th = fmt.Sprintf("≥ %.2f", *t.Threshold)
		}
		if t.Custom {
			src = "set"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", t.Metric, th, src)
	}
	return tw.Flush()
}
