import * as Eval from '../../wailsjs/go/app/EvalService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type MetricThreshold = app.MetricThresholdDTO;
export type EvalEstimate = app.EvalEstimateDTO;
export type EvalRun = app.EvalRunDTO;
export type Scorecard = app.ScorecardDTO;
export type MetricTile = app.MetricTileDTO;
export type EvalQuestion = app.EvalQuestionDTO;
export type EvalEngine = 'offline' | 'llm';

export const evals = {
  defaultThresholds: () => call('Eval.DefaultThresholds', () => Eval.DefaultThresholds()),
  /** Every metric's gate for a golden set; advisory metrics are reported, not gated. */
  getThresholds: (set: string) => call('Eval.GetThresholds', () => Eval.GetThresholds(set)),
  /** Changes the listed metrics' gates (others keep theirs); returns the set's new gate. */
  setThresholds: (set: string, thresholds: MetricThreshold[]) => call('Eval.SetThresholds', () => Eval.SetThresholds(set, thresholds)),
  estimate: (set: string, engine: EvalEngine, repeat: number) => call('Eval.Estimate', () => Eval.Estimate(set, engine, repeat)),
  /** Starts a run as a job; the job's result is the run ID. */
  startRun: (set: string, engine: EvalEngine, repeat: number) => call('Eval.StartRun', () => Eval.StartRun(set, engine, repeat)),
  resumeRun: (runId: string) => call('Eval.ResumeRun', () => Eval.ResumeRun(runId)),
  listRuns: (set: string) => call('Eval.ListRuns', () => Eval.ListRuns(set)),
  /** baseline: a run ID, 'last', 'pinned' or '' for none. */
  scorecard: (runId: string, baseline: string) => call('Eval.GetScorecard', () => Eval.GetScorecard(runId, baseline)),
  exportScorecard: (runId: string, baseline: string, format: 'xlsx' | 'html') =>
    call('Eval.ExportScorecard', () => Eval.ExportScorecard(runId, baseline, format)),
  setBaseline: (runId: string) => call('Eval.SetBaseline', () => Eval.SetBaseline(runId)),
};
