import { api, type EvalEngine } from '../api';
import { BUILTIN_TARGET, type RunTarget } from '../api/evals';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../events';
import { createStore } from './store';

/** The running evaluation job, kept outside the view so it survives navigation. */
export interface EvalJobState {
  jobId?: string;
  set?: string;
  stage?: string;
  done: number;
  total: number;
  /** How the last job ended; runId is set when it finished. */
  outcome?: { ok: boolean; canceled: boolean; error?: string; runId?: string };
}

export const evalJobStore = createStore<EvalJobState>({ done: 0, total: 0 });

let listening = false;
let onFinished: (runId?: string) => void = () => {};

function listen() {
  if (listening) return;
  listening = true;
  on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    if (e.job_id !== evalJobStore.get().jobId) return;
    evalJobStore.set((s) => ({ ...s, stage: e.stage, done: e.done, total: e.total }));
  });
  on<JobDoneEvent>(JOB_DONE, (e) => {
    if (e.job_id !== evalJobStore.get().jobId) return;
    const runId = typeof e.result === 'string' ? e.result : undefined;
    evalJobStore.set((s) => ({ ...s, jobId: undefined, outcome: { ok: e.ok, canceled: e.canceled, error: e.error, runId } }));
    onFinished(runId);
  });
}

/** Called with the run ID when a job ends (undefined when it did not finish). */
export function onEvalFinished(fn: (runId?: string) => void) {
  onFinished = fn;
}

async function track(set: string, start: () => Promise<string>) {
  listen();
  evalJobStore.set({ set, done: 0, total: 0, stage: 'starting' });
  try {
    const jobId = await start();
    evalJobStore.set((s) => ({ ...s, jobId }));
  } catch (e) {
    evalJobStore.set({ set, done: 0, total: 0, outcome: { ok: false, canceled: false, error: (e as Error).message } });
  }
}

/** Starts a run of set answered by target (the built-in pipeline unless given). */
export const startEval = (set: string, engine: EvalEngine, repeat: number, target: RunTarget = BUILTIN_TARGET) =>
  track(set, () => api.eval.startRun(set, engine, repeat, target));

export const resumeEval = (set: string, runId: string) => track(set, () => api.eval.resumeRun(runId));

export async function cancelEval() {
  const id = evalJobStore.get().jobId;
  if (id) await api.jobs.cancel(id);
}
