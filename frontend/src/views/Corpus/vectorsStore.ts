import { api } from '../../api';
import type { SentenceVectorsReport } from '../../api/corpus';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../../events';
import { createStore } from '../../stores/store';

/**
 * The background job that embeds the published sentences a sync left
 * without a vector. Checks and searches work meanwhile; the view only
 * says how far it is and lets the user stop it (what it embedded stays).
 */
export interface VectorsState {
  jobId?: string;
  done: number;
  total: number;
  outcome?: { ok: boolean; canceled: boolean; error?: string; report?: SentenceVectorsReport };
}

export const vectorsStore = createStore<VectorsState>({ done: 0, total: 0 });

/** Counts the fills that ended, so the view loads the index counts again. */
export const vectorsFinished = createStore(0);

let listening = false;

function listenVectors() {
  if (listening) return;
  listening = true;
  on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    if (e.job_id !== vectorsStore.get().jobId) return;
    vectorsStore.set((s) => ({ ...s, done: e.done, total: e.total }));
  });
  on<JobDoneEvent>(JOB_DONE, (e) => {
    if (e.job_id !== vectorsStore.get().jobId) return;
    vectorsStore.set((s) => ({
      ...s,
      jobId: undefined,
      outcome: { ok: e.ok, canceled: e.canceled, error: e.error, report: e.result as SentenceVectorsReport | undefined },
    }));
    vectorsFinished.set((n) => n + 1);
  });
}

/** Follows the fill job a sync started (its report's sentence_job). */
export function followVectors(jobId: string) {
  listenVectors();
  vectorsStore.set({ jobId, done: 0, total: 0 });
}

export async function stopVectors() {
  const id = vectorsStore.get().jobId;
  if (id) await api.jobs.cancel(id);
}
