import * as Eval from '../../wailsjs/go/app/EvalService';
import type { app, scoreview } from '../../wailsjs/go/models';
import { call } from './call';
import { on, RUNS_RECORDED, type RunsRecordedEvent } from '../events';

export type MetricThreshold = scoreview.MetricThresholdDTO;
export type EvalEstimate = app.EvalEstimateDTO;
export type EvalRun = scoreview.EvalRunDTO;
export type Scorecard = scoreview.ScorecardDTO;
export type MetricTile = scoreview.MetricTileDTO;
export type EvalQuestion = scoreview.EvalQuestionDTO;
/** What the corpus now says against a question's approved answer (its confidence only for kind "contradicted"). */
export type ApprovedContradiction = scoreview.ApprovedContradictionDTO;
export type EvalEngine = 'offline' | 'llm';
export type EvalRunTarget = scoreview.EvalRunTargetDTO;
export type TargetCheck = app.TargetCheckDTO;
export type TargetProblem = app.TargetProblemDTO;
/** What answers a run: the built-in pipeline, the team's assistant (a target file) or recorded responses. */
export type TargetKind = 'builtin' | 'http' | 'responses';
/** What judges: '' = the engine's judges; 'none' = deterministic metrics only. */
export type EvalJudge = '' | 'offline' | 'llm' | 'none';
export interface RunTarget {
  kind: TargetKind;
  /** The target or responses file; '' for the built-in pipeline. */
  path: string;
  judge: EvalJudge;
}
export const BUILTIN_TARGET: RunTarget = { kind: 'builtin', path: '', judge: '' };

export const evals = {
  defaultThresholds: () => call('Eval.DefaultThresholds', () => Eval.DefaultThresholds()),
  /** Every metric's gate for a golden set; advisory metrics are reported, not gated. */
  getThresholds: (set: string) => call('Eval.GetThresholds', () => Eval.GetThresholds(set)),
  /** Changes the listed metrics' gates (others keep theirs); returns the set's new gate. */
  setThresholds: (set: string, thresholds: MetricThreshold[]) => call('Eval.SetThresholds', () => Eval.SetThresholds(set, thresholds)),
  estimate: (set: string, engine: EvalEngine, repeat: number) => call('Eval.Estimate', () => Eval.Estimate(set, engine, repeat)),
  /** Starts a run as a job; the job's result is the run ID. target defaults to the built-in pipeline judged by the engine. */
  startRun: (set: string, engine: EvalEngine, repeat: number, target: RunTarget = BUILTIN_TARGET) =>
    call('Eval.StartRun', () => Eval.StartRun(set, engine, repeat, { ...target })),
  /** Opens the native file dialog (in the workspace folder) for a target or responses file; '' when cancelled. */
  chooseTargetFile: (kind: Exclude<TargetKind, 'builtin'>) => call('Eval.ChooseTargetFile', () => Eval.ChooseTargetFile(kind)),
  /** Parses a target or responses file without running it: located problems and warnings. */
  validateTarget: (kind: Exclude<TargetKind, 'builtin'>, path: string) => call('Eval.ValidateTarget', () => Eval.ValidateTarget(kind, path)),
  resumeRun: (runId: string) => call('Eval.ResumeRun', () => Eval.ResumeRun(runId)),
  listRuns: (set: string) => call('Eval.ListRuns', () => Eval.ListRuns(set)),
  /** baseline: a run ID, 'last', 'pinned' or '' for none. */
  scorecard: (runId: string, baseline: string) => call('Eval.GetScorecard', () => Eval.GetScorecard(runId, baseline)),
  exportScorecard: (runId: string, baseline: string, format: 'xlsx' | 'html') =>
    call('Eval.ExportScorecard', () => Eval.ExportScorecard(runId, baseline, format)),
  setBaseline: (runId: string) => call('Eval.SetBaseline', () => Eval.SetBaseline(runId)),
  /** Calls fn with the ID of each run of set recorded elsewhere (CI on the team server); returns the unsubscribe. */
  watchRuns: (set: string, fn: (runId: string) => void): (() => void) =>
    on<RunsRecordedEvent>(RUNS_RECORDED, (e) => {
      if (e.golden_set === set) fn(e.run_id);
    }),
};
