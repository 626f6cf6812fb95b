package app

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/progress"
	"continuity/backend/scorecard"
	"continuity/backend/scoreview"
	"continuity/backend/xlsx"
)

// EvalService runs golden sets and reads scorecards.
type EvalService struct{ c *core }

// store is the run store of the workspace in force, opened per call so a
// workspace switch is seen at once.
func (s *EvalService) store() (*eval.Store, error) {
	s.c.ready()
	ws, err := s.c.sess.WorkspaceID(s.c.ctx)
	if err != nil {
		return nil, err
	}
	return eval.OpenStore(s.c.ctx, s.c.sess.DB, ws)
}

// DefaultThresholds are the release gate's defaults.
func (s *EvalService) DefaultThresholds() []MetricThresholdDTO { return scoreview.Defaults() }

// checkEngine reads the engine the view picked and checks the repeats.
func checkEngine(name string, repeat int) (engine.Engine, error) {
	e, err := engine.Parse(name)
	if err != nil {
		return "", err
	}
	if repeat < 1 || repeat > 10 {
		return "", fmt.Errorf("repeat must be between 1 and 10, got %d", repeat)
	}
	return e, nil
}

func checkRunID(id string) error { return scoreview.CheckRunID(id) }

// Estimate counts the calls, tokens, cost and time of a run before it starts.
func (s *EvalService) Estimate(set, engineName string, repeat int) (EvalEstimateDTO, error) {
	if err := golden.ValidateName(set); err != nil {
		return EvalEstimateDTO{}, err
	}
	if _, err := s.pull(set); err != nil { // on a team server, its version of the set
		return EvalEstimateDTO{}, err
	}
	eng, err := checkEngine(engineName, repeat)
	if err != nil {
		return EvalEstimateDTO{}, err
	}
	s.c.ready()
	e, err := evalrun.EstimateSet(s.c.ctx, s.c.sess, set, eng, repeat)
	if err != nil {
		return EvalEstimateDTO{}, err
	}
	per := 0
	for _, n := range e.CallsPerQuestion {
		per += n
	}
	// the run will record the same; saying it before the run starts is
	// what keeps "43 regressed" from a set of another corpus a surprise
	missing, err := evalrun.MissingReferences(s.c.ctx, s.c.sess, set, nil, nil)
	if err != nil {
		return EvalEstimateDTO{}, err
	}
	out := EvalEstimateDTO{Set: set, Engine: eng.String(), Questions: e.Questions, Calls: e.Calls, CallsPerQuestion: per,
		InputTokens: e.InputTokens, OutputTokens: e.OutputTokens, Cost: e.Cost, CostKnown: e.CostKnown, Seconds: e.Seconds,
		TimeBasis: e.TimeBasis, MissingRefs: append([]string{}, missing...)}
	if w := eval.MissingRefsWarning(missing); w != "" {
		out.Warning = w + ": questions citing them score as retrieval misses. Is this golden set from another workspace?"
	}
	return out, nil
}

// StartRun evaluates a golden set as a cancellable job and returns the job
// ID; the job's result is the run ID. Each question is saved as it
// finishes, so a cancelled or crashed run can be resumed. t chooses what
// answers (the built-in pipeline, a target file or a responses file) and
// what judges, as the command line's --target, --responses and --judge do.
func (s *EvalService) StartRun(set, engineName string, repeat int, t EvalTargetDTO) (string, error) {
	if err := golden.ValidateName(set); err != nil {
		return "", err
	}
	// on a team server the run is of the server's set, made here, and
	// recorded there when it stops
	sent, err := s.pull(set)
	if err != nil {
		return "", err
	}
	eng, err := checkEngine(engineName, repeat)
	if err != nil {
		return "", err
	}
	choice, err := targetChoice(t)
	if err != nil {
		return "", err
	}
	eng, judge, err := judgeOf(eng, t.Judge, choice.Builtin())
	if err != nil {
		return "", err
	}
	s.c.ready()
	opts := evalrun.Options{Engine: eng, Repeat: repeat, Judge: judge, Target: choice}
	return s.c.jobs.start("eval", func(ctx context.Context, report progress.Func) (any, error) {
		p, err := evalrun.Prepare(ctx, s.c.sess, set, opts, nil, stage(report, "syncing index"))
		if err != nil {
			return nil, err
		}
		defer p.Close()
		run, err := p.Start(ctx, report)
		if err != nil {
			return nil, err
		}
		if sent != nil {
			if err := sent.send(ctx, s.c, run.ID); err != nil {
				return nil, err
			}
		}
		return run.ID, nil
	}), nil
}

// ResumeRun continues a cancelled or crashed run as a job.
func (s *EvalService) ResumeRun(runID string) (string, error) {
	if err := s.c.localOnly("Resuming a run"); err != nil {
		return "", err
	}
	if err := checkRunID(runID); err != nil {
		return "", err
	}
	st, err := s.store()
	if err != nil {
		return "", err
	}
	run, err := st.Run(s.c.ctx, runID)
	if err != nil {
		return "", err
	}
	if run.Status == eval.StatusDone { // the view offers resume only for unfinished runs
		return "", fmt.Errorf("run %s already finished", runID)
	}
	return s.c.jobs.start("eval", func(ctx context.Context, report progress.Func) (any, error) {
		p, _, err := evalrun.PrepareResume(ctx, s.c.sess, runID, nil, stage(report, "syncing index"))
		if err != nil {
			return nil, err
		}
		defer p.Close()
		if _, err := p.Resume(ctx, runID, report); err != nil {
			return nil, err
		}
		return runID, nil
	}), nil
}

// stage relabels a sub-step's progress so the bar says what is happening.
func stage(report progress.Func, name string) progress.Func {
	return func(e progress.Event) {
		e.Stage = name
		report.Report(e)
	}
}

// ListRuns lists a set's runs, newest first ("" lists every set).
func (s *EvalService) ListRuns(set string) ([]EvalRunDTO, error) {
	if set != "" {
		if err := golden.ValidateName(set); err != nil {
			return nil, err
		}
	}
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.listRuns(s.c, set)
	}
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	return scoreview.Runs(s.c.ctx, s.c.sess.DB, st, set)
}

// GetScorecard builds a run's scorecard. baseline is a run ID, "last",
// "pinned" (the set's pinned baseline, else the last) or "" for none.
func (s *EvalService) GetScorecard(runID, baseline string) (ScorecardDTO, error) {
	if r, err := s.c.team(); err != nil {
		return ScorecardDTO{}, err
	} else if r != nil {
		return r.scorecard(s.c, runID, baseline)
	}
	sc, _, err := s.card(runID, baseline)
	return sc, err
}

func (s *EvalService) card(runID, baseline string) (ScorecardDTO, *evalrun.Card, error) {
	st, err := s.store()
	if err != nil {
		return ScorecardDTO{}, nil, err
	}
	return scoreview.Load(s.c.ctx, s.c.sess.DB, st, runID, baseline)
}

// SetBaseline pins a run as its golden set's baseline.
func (s *EvalService) SetBaseline(runID string) (EvalRunDTO, error) {
	if err := checkRunID(runID); err != nil {
		return EvalRunDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return EvalRunDTO{}, err
	} else if r != nil {
		return r.pin(s.c, runID)
	}
	st, err := s.store()
	if err != nil {
		return EvalRunDTO{}, err
	}
	run, err := evalrun.PinBaseline(s.c.ctx, s.c.sess.DB, st, runID)
	if err != nil {
		return EvalRunDTO{}, err
	}
	d := scoreview.Run(run)
	d.Pinned = true
	return d, nil
}

// ExportScorecard asks where to save and writes the scorecard as xlsx
// (conditional formatting and a chart) or self-contained html. It returns
// the path, or "" when the dialog was cancelled.
func (s *EvalService) ExportScorecard(runID, baseline, format string) (string, error) {
	if format != "xlsx" && format != "html" {
		return "", fmt.Errorf("export format must be xlsx or html, got %q", format)
	}
	if err := s.c.localOnly("Exporting a scorecard"); err != nil {
		return "", err
	}
	_, c, err := s.card(runID, baseline)
	if err != nil {
		return "", err
	}
	filter := runtime.FileFilter{DisplayName: "Excel workbook (*.xlsx)", Pattern: "*.xlsx"}
	if format == "html" {
		filter = runtime.FileFilter{DisplayName: "Web page (*.html)", Pattern: "*.html"}
	}
	path, err := runtime.SaveFileDialog(s.c.ctx, runtime.SaveDialogOptions{Title: "Export scorecard",
		DefaultFilename: "scorecard-" + runID + "." + format, Filters: []runtime.FileFilter{filter}})
	if err != nil || path == "" {
		return "", err
	}
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if format == "xlsx" {
		err = xlsx.WriteScorecard(f, c.Scorecard, c.Trend)
	} else {
		err = scorecard.WriteHTML(f, c.Scorecard, c.Trend)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", errors.Join(fmt.Errorf("export %s", path), err)
	}
	return path, nil
}
