import { api } from '../../api';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../../events';
import { createStore } from '../../stores/store';

/** The running or last sync job, kept outside the view so it survives navigation. */
export interface SyncState {
  jobId?: string;
  stage?: string;
  done: number;
  total: number;
  message?: string;
  outcome?: { ok: boolean; canceled: boolean; error?: string };
}

export const syncStore = createStore<SyncState>({ done: 0, total: 0 });

let listening = false;

function listen(onDone: () => void) {
  if (listening) return;
  listening = true;
  on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    if (e.job_id !== syncStore.get().jobId) return;
    syncStore.set((s) => ({ ...s, stage: e.stage, done: e.done, total: e.total, message: e.message }));
  });
  on<JobDoneEvent>(JOB_DONE, (e) => {
    if (e.job_id !== syncStore.get().jobId) return;
    syncStore.set((s) => ({ ...s, jobId: undefined, outcome: { ok: e.ok, canceled: e.canceled, error: e.error } }));
    onDone();
  });
}

export async function startSync(onDone: () => void) {
  listen(onDone);
  syncStore.set({ done: 0, total: 0, stage: 'starting' });
  const jobId = await api.corpus.sync();
  syncStore.set((s) => ({ ...s, jobId }));
}

export async function cancelSync() {
  const id = syncStore.get().jobId;
  if (id) await api.jobs.cancel(id);
}
