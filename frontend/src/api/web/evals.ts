// Evaluations over the team server: the runs CI and the desktops recorded,
// their scorecards, gates and pinned baselines. Runs are started in the
// desktop app or by CI (`continuity eval --server`), not from a browser.
import { scoreview } from '../../../wailsjs/go/models';
import type { evals as desktopEvals } from '../evals';
import { request } from './http';
import { desktopOnly, wsPath } from './session';
import { watchEvents } from './events';

type Evals = typeof desktopEvals;

const gatePath = (set: string) => wsPath(`/golden-sets/${encodeURIComponent(set)}/thresholds`);
const runPath = (id: string, rest: string) => wsPath(`/runs/${encodeURIComponent(id)}${rest}`);

/** The desktop's gate rows as the server's edit syntax: metric=0.8, metric=none. */
function edits(thresholds: scoreview.MetricThresholdDTO[]): string[] {
  return thresholds.map((t) => `${t.metric}=${t.advisory ? 'none' : String(t.threshold)}`);
}

const startedElsewhere = 'Starting a run (the desktop app or CI’s `continuity eval --server` records runs here)';

export const webEvals: Evals = {
  defaultThresholds: desktopOnly('Eval.DefaultThresholds', 'The release default gate'),
  getThresholds: async (set: string) =>
    (await request<{ gate: scoreview.MetricThresholdDTO[] }>('Eval.GetThresholds', 'GET', await gatePath(set))).gate.map((g) =>
      scoreview.MetricThresholdDTO.createFrom(g),
    ),
  setThresholds: async (set: string, thresholds: scoreview.MetricThresholdDTO[]) =>
    (await request<{ gate: scoreview.MetricThresholdDTO[] }>('Eval.SetThresholds', 'PUT', await gatePath(set), { edits: edits(thresholds) })).gate.map((g) =>
      scoreview.MetricThresholdDTO.createFrom(g),
    ),
  estimate: desktopOnly('Eval.Estimate', startedElsewhere),
  startRun: desktopOnly('Eval.StartRun', startedElsewhere),
  chooseTargetFile: desktopOnly('Eval.ChooseTargetFile', 'Choosing a target file'),
  validateTarget: desktopOnly('Eval.ValidateTarget', 'Checking a target file'),
  resumeRun: desktopOnly('Eval.ResumeRun', 'Resuming a run'),
  listRuns: async (set: string) =>
    (await request<{ runs: scoreview.EvalRunDTO[] }>('Eval.ListRuns', 'GET', await wsPath(`/run-records?set=${encodeURIComponent(set)}`))).runs.map((r) =>
      scoreview.EvalRunDTO.createFrom(r),
    ),
  scorecard: async (runId: string, baseline: string) =>
    scoreview.ScorecardDTO.createFrom(
      await request('Eval.GetScorecard', 'GET', await runPath(runId, `/scorecard?baseline=${encodeURIComponent(baseline)}`)),
    ),
  exportScorecard: desktopOnly('Eval.ExportScorecard', 'Exporting a scorecard'),
  setBaseline: async (runId: string) =>
    scoreview.EvalRunDTO.createFrom(await request('Eval.SetBaseline', 'POST', await runPath(runId, '/pin'))),
  watchRuns: (set: string, fn: (runId: string) => void) => watchEvents<{ golden_set: string; run_id: string }>('run', (e) => {
    if (e.golden_set === set) fn(e.run_id);
  }),
};
