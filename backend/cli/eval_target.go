package cli

import (
	"errors"
	"fmt"
	"os"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/target"
)

// validate checks the flags and returns the engine and judge asked for.
// With the built-in pipeline --engine picks the answerer and the judges;
// with a target it picks the judges unless --judge does.
func (o evalFlags) validate() (engine.Engine, eval.Judge, error) {
	builtin := o.target == "" && o.responses == ""
	switch {
	case o.resume == "" && (o.golden == "") == (o.set == ""):
		return "", "", Usagef("eval needs exactly one of --golden FILE.xlsx or --set NAME (or --resume RUN_ID)")
	case o.resume != "" && (o.golden != "" || o.set != ""):
		return "", "", Usagef("--resume continues a run on its own golden set; drop --golden/--set")
	case o.resume != "" && o.judge != "":
		return "", "", Usagef("--resume continues a run with its own judge; drop --judge")
	case o.repeat < 1 || o.repeat > 10:
		return "", "", Usagef("--repeat must be between 1 and 10, got %d", o.repeat)
	case o.target != "" && o.responses != "":
		return "", "", Usagef("give one target: --target FILE.yaml or --responses FILE, not both")
	case builtin && o.refusal != "":
		return "", "", Usagef("--refusal applies to a target (--target or --responses); the built-in pipeline knows its own refusal")
	}
	e, err := engine.Parse(o.engine)
	if err != nil {
		return "", "", Usagef("--engine must be offline or llm, got %q", o.engine)
	}
	switch o.judge {
	case "":
		return e, eval.JudgeEngine, nil
	case string(eval.JudgeNone):
		return e, eval.JudgeNone, nil
	}
	j, err := engine.Parse(o.judge)
	if err != nil {
		return "", "", Usagef("--judge must be none, offline or llm, got %q", o.judge)
	}
	if builtin && j != e {
		return "", "", Usagef("with the built-in pipeline --engine picks both the answerer and the judges: use --engine %s (or --judge none)", j)
	}
	return j, eval.JudgeEngine, nil
}

func (o evalFlags) targetChoice() evalrun.Target {
	return evalrun.Target{File: o.target, Responses: o.responses, Refusal: o.refusal, Getenv: os.Getenv}
}

// writeTargetNotices warns on stderr before the run, and keeps the
// target's expanded secrets out of every log line.
func writeTargetNotices(env *Env, p *evalrun.Prepared) {
	for _, s := range p.Secrets {
		env.Redactor.AddSecret(s)
	}
	for _, n := range p.Notices {
		fmt.Fprintf(env.Stderr, "warning: %s\n", n)
	}
	if env.JSON { // the text scorecard lists them; with --json stdout is for machines
		for _, w := range p.Run.TargetWarnings {
			fmt.Fprintf(env.Stderr, "warning: %s\n", w)
		}
	}
}

// targetError lists every bad row of a responses file on stderr before
// the one-line error.
func targetError(env *Env, err error) error {
	var re *target.ResponsesError
	if errors.As(err, &re) && len(re.Problems) > 1 {
		for _, p := range re.Problems {
			fmt.Fprintf(env.Stderr, "error: %s\n", p)
		}
		return fmt.Errorf("the responses file has %d problems (listed above); nothing was run: %w", len(re.Problems), err)
	}
	return err
}

// targetOf is the run's target for the JSON contract: the built-in
// pipeline is {"kind": "builtin"}.
func targetOf(r eval.Run) eval.Target {
	if r.Target == nil {
		return eval.Target{Kind: eval.TargetBuiltin}
	}
	return *r.Target
}

// targetLine names what answered a run that is not the built-in pipeline,
// and the judge of one that was judged by none.
func targetLine(r eval.Run) string {
	switch {
	case r.Target != nil:
		return "target " + r.Target.String()
	case r.JudgeOf() == string(eval.JudgeNone):
		return "judge none (deterministic metrics only)"
	}
	return ""
}
