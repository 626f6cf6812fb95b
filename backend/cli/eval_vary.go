package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/goldenset"
	"continuity/backend/retrieval"
)

// varyFlag collects repeated --vary KEY=V1,V2 flags.
type varyFlag []string

func (v *varyFlag) String() string { return strings.Join(*v, " ") }

func (v *varyFlag) Set(s string) error {
	*v = append(*v, s)
	return nil
}

// validateVary refuses what an experiment cannot honour: a target (its
// configuration is not ours to vary), a resume, and the outputs of a
// regular run (gate, baseline, files).
func (o evalFlags) validateVary() (evalrun.Vary, error) {
	other := map[string]bool{"--target": o.target != "", "--responses": o.responses != "", "--resume": o.resume != "",
		"--gate": o.gate, "--baseline": o.baseline != "", "--junit": o.junit != "", "--html": o.html != "", "--xlsx": o.xlsx != ""}
	for _, name := range []string{"--target", "--responses", "--resume", "--gate", "--baseline", "--junit", "--html", "--xlsx"} {
		if !other[name] {
			continue
		}
		if name == "--target" || name == "--responses" {
			return evalrun.Vary{}, Usagef("--vary varies the built-in pipeline; drop %s (the team's assistant's configuration is not ours to vary)", name)
		}
		return evalrun.Vary{}, Usagef("--vary compares configurations and stores no regular run; drop %s", name)
	}
	v, err := evalrun.ParseVary(o.vary)
	if err != nil {
		return evalrun.Vary{}, Usagef("%v", err)
	}
	return v, nil
}

// evalVary runs the golden set once per configuration of the grid and
// prints the comparison.
func evalVary(ctx context.Context, env *Env, o evalFlags, eng engine.Engine, judge eval.Judge) error {
	v, err := o.validateVary()
	if err != nil {
		return err
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	// The grid is checked against the workspace's settings before the
	// workbook is imported: an import syncs the index, and a usage error
	// must not wait for that.
	base, err := evalrun.WorkspaceConfig(ctx, s)
	if err != nil {
		return err
	}
	grid, err := v.Grid(base)
	if err != nil {
		return Usagef("%v", err)
	}
	cols := evalrun.Columns(v, grid, base)
	set := o.set
	if o.golden != "" {
		notice := func(rep retrieval.Report) { reportSync(env, rep) }
		gs, imported, err := evalrun.ImportWorkbook(ctx, s, o.golden, notice)
		if err != nil {
			return err
		}
		for _, w := range imported.Warnings {
			fmt.Fprintf(env.Stderr, "warning: %s\n", goldenset.Where(imported.File, w))
		}
		set = gs.Name
	}
	if eng == engine.LLM {
		if e, err := evalrun.EstimateSet(ctx, s, set, eng, o.repeat); err == nil && e.Calls > 0 {
			fmt.Fprintf(env.Stderr, "%d configurations, each:\n", len(cols))
			writeEstimate(env, e.Estimate, e.TimeBasis)
		}
	}
	folderNotice := func(f *evalrun.IndexFolder) {
		if env.JSON { // the JSON lists the folders; say it on stderr too, stdout is for machines
			fmt.Fprintf(env.Stderr, "%s\n", folderLine(f))
		}
	}
	x, err := evalrun.RunExperiment(ctx, s, set, cols, evalrun.Options{Engine: eng, Repeat: o.repeat, Judge: judge},
		folderNotice, progressBar(env))
	if err != nil {
		if errors.Is(err, evalrun.ErrVary) {
			return Usagef("%v", err)
		}
		return evalPrepareError(env, err)
	}
	if w := eval.MissingRefsWarning(x.MissingRefs); w != "" {
		fmt.Fprintf(env.Stderr, "warning: %s; questions citing them score as retrieval misses\n", w)
	}
	if env.JSON {
		return env.WriteJSON(x)
	}
	return writeExperiment(env, x)
}
