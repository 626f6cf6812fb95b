package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/goldenset"
	"continuity/backend/llm"
	"continuity/backend/retrieval"
	"continuity/backend/scorecard"
)

func evalCommand() *Command {
	return &Command{
		Name:    "eval",
		Args:    "[list|show RUN_ID|thresholds]",
		Summary: "evaluate a golden set and print the release scorecard (CI gate)",
		Help: `eval (--golden FILE.xlsx | --set NAME) [--engine offline|llm] [--gate]
     [--target FILE.yaml | --responses FILE] [--judge none|offline|llm] [--refusal REGEX]
     [--baseline RUN_ID|last] [--junit FILE] [--html FILE] [--xlsx FILE]
     [--repeat N] [--resume RUN_ID] [--json]
eval (--golden FILE.xlsx | --set NAME) --vary KEY=V1,V2 [--vary ...] [--engine|--judge] [--json]
                                             compare configurations of the built-in pipeline
eval --server URL --set NAME [...]           run the team server's current NAME (token from
                                             $CONTINUITY_TOKEN) and record the run there
eval list [--set NAME]                       list runs
eval show RUN_ID [--baseline RUN_ID|last|pinned] [--json]
                                             print a stored run's scorecard
eval thresholds --set NAME [metric=0..1|metric=none|metric=default ...]
                                             print (and change) the set's gate

What answers (the target): the built-in pipeline by default; --target
FILE.yaml asks the team's own assistant over HTTP (url, method, headers
with ${VAR} from the environment, a JSON body with {{question}}, {{id}},
{{category}}, JSONPaths answer, contexts, context_ids, a refusal regex,
timeout, concurrency, retries); --responses FILE scores recorded cases
(JSONL, CSV or .xlsx: id or question, response, retrieved_contexts,
retrieved_context_ids), matched by id, else by exact question text.
--judge none computes only the metrics that need no model (ID context
recall and precision, supporting-line recall, refusal correctness and the
schema checks) and calls no LLM or embedder to judge; the rest read "not
measured". With a target, --judge offline|llm picks its judges (default:
--engine). A target that times out, fails with 5xx after its retries,
replies with something other than JSON or without an answer at the answer
path makes that question an error.

Thresholds are per golden set (defaults: faithfulness 0.90, answer_relevancy,
context_recall and id_context_recall 0.80); "none" reports a metric without
gating it. Each run records the thresholds it was gated with.

--golden imports the workbook into the set named after the file (a new
version only when it changed), so every run records a golden-set version.
Each question's result is saved as it finishes: an interrupted run is
continued with --resume RUN_ID. Before an LLM run the estimate (calls,
tokens, cost, time) is printed on stderr.
Runs, baselines and thresholds belong to the workspace (--corpus) they were
made in. A set citing documents the index lacks warns on stderr before the
run and the run records them ("missing_refs", and a line in "warnings").
--baseline last compares with the newest earlier run that is finished,
error-free and on the same engine and models; the output names the run
chosen (or says none qualified) and the newer runs skipped, with why.
A resume that finds the corpus changed warns and records both corpus
fingerprints ("corpus_changes"); the run's "warnings" say so.
--json prints {"run_id","engine","judge","target":{"kind","url","method","file",
"sha256","refusal"},"answer_model","judge_model","metrics":{name:
{"mean","threshold","pass","measured","not_measured"}},"gate":{"pass","failures"},
"errors","questions":[...],"warnings","corpus_fingerprint","corpus_changes"}
plus "baseline" and "baseline_choice" with --baseline.
--vary KEY=V1,V2 (keys chunk, overlap, k, embedder=lsa|use-lite; at most 8
configurations) builds each configuration's index in <data dir>/experiments/<hash>/
(reused, or continued after an interruption, by the next run), runs the set on
each and prints one table: metrics × configurations, the best marked, wins and
losses per question against the workspace's configuration (the baseline
column). Experiment runs are not runs of the set: no baseline, no trend.
With --gate: exit 1 when a gated metric is below its threshold, when the corpus
contradicts a question's approved answer (named with the passage) or, with
--baseline, a question's answer now contradicts its approved answer; 2 when any
question failed with an error (errors also fail the gate) or on runtime errors; and 2
when an offline model (USE-lite, GloVe, WordNet) the run would use is missing, unless
--allow-degraded (then a warning says so): a gate must not pass for want of a model.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			o := &evalFlags{}
			fs.StringVar(&o.golden, "golden", "", "golden set workbook (.xlsx) to import and run")
			fs.StringVar(&o.set, "set", "", "stored golden set to run")
			fs.StringVar(&o.engine, "engine", engine.Offline.String(), "offline (no key, deterministic) or llm")
			fs.BoolVar(&o.gate, "gate", false, "exit 1 when the gate fails, 2 on question errors")
			fs.BoolVar(&o.allowDegraded, "allow-degraded", false, "with --gate: "+allowDegradedUsage)
			fs.StringVar(&o.baseline, "baseline", "", "compare with RUN_ID, 'last' comparable run of the set, or 'pinned'")
			fs.StringVar(&o.junit, "junit", "", "write JUnit XML (one case per question and per metric gate)")
			fs.StringVar(&o.html, "html", "", "write a self-contained HTML scorecard")
			fs.StringVar(&o.xlsx, "xlsx", "", "write the scorecard as an .xlsx workbook")
			fs.IntVar(&o.repeat, "repeat", 1, "judge repeats per LLM metric (mean, spread, flaky flag)")
			fs.StringVar(&o.resume, "resume", "", "continue an interrupted run")
			fs.StringVar(&o.target, "target", "", "target file (.yaml) describing the HTTP endpoint that answers")
			fs.StringVar(&o.responses, "responses", "", "recorded responses to score (.jsonl, .csv or .xlsx)")
			fs.StringVar(&o.judge, "judge", "", "none (deterministic metrics only), offline or llm; default: --engine")
			fs.StringVar(&o.refusal, "refusal", "", "regex marking a target's refusal (overrides the target file's)")
			fs.StringVar(&o.server, "server", "", "team server URL: run its --set and record the run there (token: $CONTINUITY_TOKEN)")
			fs.StringVar(&o.serverWorkspace, "server-workspace", "", "with --server: the server's workspace ID, when the token may use several")
			fs.Var(&o.vary, "vary", "KEY=V1,V2: compare configurations (chunk, overlap, k, embedder); repeatable")
			return func(ctx context.Context, env *Env, args []string) error { return runEval(ctx, env, *o, args) }
		},
	}
}

type evalFlags struct {
	golden, set, engine, baseline, junit, html, xlsx, resume string
	target, responses, judge, refusal                        string
	server, serverWorkspace                                  string
	gate, allowDegraded                                      bool
	repeat                                                   int
	vary                                                     varyFlag
}

func runEval(ctx context.Context, env *Env, o evalFlags, args []string) error {
	if len(args) > 0 {
		if args[0] == "list" && len(args) == 1 {
			return evalList(ctx, env, o.set)
		}
		if args[0] == "show" {
			if len(args) != 2 {
				return Usagef("eval show takes one run ID")
			}
			return evalShow(ctx, env, args[1], o.baseline)
		}
		if args[0] == "thresholds" {
			return evalThresholds(ctx, env, o.set, args[1:])
		}
		return Usagef("eval takes no arguments except 'list', 'show RUN_ID' or 'thresholds', got %q", strings.Join(args, " "))
	}
	eng, judge, err := o.validate()
	if err != nil {
		return err
	}
	if len(o.vary) > 0 {
		return evalVary(ctx, env, o, eng, judge)
	}
	s, st, err := evalStore(ctx, env)
	if err != nil {
		return err
	}
	if err := evalModelGate(env, s.DataDir, o, eng, judge); err != nil {
		return err
	}
	var remote *serverRun
	if o.server != "" {
		if remote, err = pullServerSet(ctx, env, o); err != nil {
			return err
		}
	}
	notice := func(rep retrieval.Report) { reportSync(env, rep) }
	var run eval.Run
	if o.resume != "" {
		run, err = evalResume(ctx, env, o, notice)
		err = runHint(ctx, env, err)
	} else {
		run, err = evalStart(ctx, env, o, eng, judge, notice)
	}
	if err != nil {
		return err
	}
	if remote != nil {
		if err := remote.send(ctx, env, st, run.ID); err != nil {
			return err
		}
	}
	c, err := evalrun.BuildCard(ctx, s.DB, st, run.ID, o.baseline)
	if err != nil {
		return err
	}
	if err := writeEvalFiles(c, o); err != nil {
		return err
	}
	if err := writeEvalResult(env, c); err != nil {
		return err
	}
	if !o.gate {
		return nil
	}
	sc := c.Scorecard
	switch {
	case sc.Errors > 0:
		return fmt.Errorf("gate failed: %d question(s) failed with an error (see the \"error\" of each question)", sc.Errors)
	case !sc.Gate.Pass:
		return Failed("gate failed: %s", strings.Join(sc.Gate.Failures, "; "))
	}
	return nil
}

func evalStart(ctx context.Context, env *Env, o evalFlags, eng engine.Engine, judge eval.Judge, notice evalrun.SyncNotice) (eval.Run, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return eval.Run{}, err
	}
	set := o.set
	if o.golden != "" {
		gs, imported, err := evalrun.ImportWorkbook(ctx, s, o.golden, notice)
		if err != nil {
			return eval.Run{}, err
		}
		for _, w := range imported.Warnings { // stderr: --json keeps stdout to the result
			fmt.Fprintf(env.Stderr, "warning: %s\n", goldenset.Where(imported.File, w))
		}
		set = gs.Name
	}
	p, err := evalrun.Prepare(ctx, s, set, evalrun.Options{Engine: eng, Repeat: o.repeat, Judge: judge, Target: o.targetChoice()}, notice, progressBar(env))
	if err != nil {
		return eval.Run{}, evalPrepareError(env, err)
	}
	defer p.Close()
	writeMissingRefs(env, p.Run)
	// Stale rows are run warnings: the text scorecard lists them, and
	// with --json the target notices say them on stderr, once either way.
	writeTargetNotices(env, p)
	if eng == engine.LLM && p.Estimate.Calls > 0 {
		writeEstimate(env, p.Estimate, p.TimeBasis)
	}
	run, err := p.Start(ctx, progressBar(env))
	return evalDone(env, run, err)
}

func evalResume(ctx context.Context, env *Env, o evalFlags, notice evalrun.SyncNotice) (eval.Run, error) {
	runID := o.resume
	s, err := env.Session(ctx)
	if err != nil {
		return eval.Run{}, err
	}
	p, stopped, err := evalrun.PrepareResumeOn(ctx, s, runID, o.targetChoice(), notice, progressBar(env))
	if err != nil {
		return eval.Run{}, evalPrepareError(env, err)
	}
	defer p.Close()
	writeMissingRefs(env, p.Run)
	writeTargetNotices(env, p)
	if stopped.Engine == engine.LLM && p.Estimate.Calls > 0 {
		writeEstimate(env, p.Estimate, p.TimeBasis)
	}
	if p.CorpusChanged(stopped) {
		fmt.Fprintf(env.Stderr, "warning: the corpus changed since run %s was last evaluated (fingerprint %s, now %s): the remaining questions are scored against the current corpus; the run records both\n",
			stopped.ID, orUnknown(stopped.Corpus()), orUnknown(p.Run.CorpusFingerprint))
	}
	run, err := p.Resume(ctx, runID, progressBar(env))
	return evalDone(env, run, err)
}

// evalDone says how to continue a cancelled run.
func evalDone(env *Env, run eval.Run, err error) (eval.Run, error) {
	if err != nil && run.ID != "" && run.Status == eval.StatusCancelled {
		fmt.Fprintf(env.Stderr, "finished questions are saved; continue with: continuity eval --resume %s\n", run.ID)
	}
	return run, err
}

func evalPrepareError(env *Env, err error) error {
	if errors.Is(err, llm.ErrNoAPIKey) {
		return fmt.Errorf("%w (or run with --engine offline, which needs no key)", err)
	}
	return goldenSetHint(targetError(env, err), true)
}

// writeMissingRefs warns on stderr, before anything runs, that the set's
// reference documents are not all in the index: the set may belong to
// another corpus, and its retrieval metrics would read as regressions.
func writeMissingRefs(env *Env, r eval.Run) {
	if w := eval.MissingRefsWarning(r.MissingRefs); w != "" {
		fmt.Fprintf(env.Stderr, "warning: %s; questions citing them score as retrieval misses (is golden set %q from another workspace?)\n", w, r.GoldenSet)
	}
}

// writeEstimate says what a run will cost; basis says what its time
// assumes (measured or assumed latency), "" to leave it out.
func writeEstimate(env *Env, e eval.Estimate, basis string) {
	cost := "unknown (no price set for the judge model)"
	if e.CostKnown {
		cost = fmt.Sprintf("$%.2f", e.Cost)
	}
	if basis != "" {
		basis = " (" + basis + ")"
	}
	fmt.Fprintf(env.Stderr, "estimate: %d questions, %d calls, ~%d input + ~%d output tokens, cost %s, ~%s%s\n",
		e.Questions, e.Calls, e.InputTokens, e.OutputTokens, cost, (time.Duration(e.Seconds) * time.Second).String(), basis)
}

// evalJSON is the --json contract (scorecard.Result) plus how it was produced.
type evalJSON struct {
	scorecard.Result
	Judge             string                  `json:"judge"`
	Target            eval.Target             `json:"target"`
	Status            string                  `json:"status"`
	StartedAt         string                  `json:"started_at"`
	GoldenSet         string                  `json:"golden_set"`
	GoldenVersion     string                  `json:"golden_version"`
	CorpusFingerprint string                  `json:"corpus_fingerprint"` // the corpus the run started with
	CorpusChanges     []eval.CorpusChange     `json:"corpus_changes"`     // resumes that scored against another corpus
	Baseline          *scorecard.Diff         `json:"baseline,omitempty"`
	BaselineChoice    *evalrun.BaselineChoice `json:"baseline_choice,omitempty"`
}

func orUnknown(fp string) string {
	if fp == "" {
		return "unknown"
	}
	return fp
}
