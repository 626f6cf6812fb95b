import { api } from '../../api';
import type { IndexVerification, SyncReport } from '../../api/corpus';
import { JOB_DONE, JOB_PROGRESS, on, WORKSPACE_CHANGED, type JobDoneEvent, type JobProgressEvent, type WorkspaceChangedEvent } from '../../events';
import { flushDraft } from '../../stores/draft';
import { createStore } from '../../stores/store';
import { listenWorkspace, noteWorkspace, workspaceStore } from '../../stores/workspace';
import { followVectors } from './vectorsStore';

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

/** The latest verification of the index against the workspace, from a sync or the Verify button. */
export interface VerifyState {
  result?: IndexVerification;
  error?: string;
  running?: boolean;
}

export const verifyStore = createStore<VerifyState>({});

/** Counts the followed syncs of the workspace in force that ended, so whatever shows the index loads it again. */
export const syncsFinished = createStore(0);

let listening = false;
// The latest caller's: a sync may be started from Corpus or Settings, and
// the view that started the newest one is the one to refresh.
let whenDone: () => void = () => {};

/**
 * Follows sync jobs and workspace switches from page load on, so a switch
 * made anywhere (Corpus, Settings) is followed; idempotent.
 */
export function followSyncs() {
  if (listening) return;
  listening = true;
  listenWorkspace();
  on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    if (e.job_id !== syncStore.get().jobId) return;
    syncStore.set((s) => ({ ...s, stage: e.stage, done: e.done, total: e.total, message: e.message }));
  });
  on<JobDoneEvent>(JOB_DONE, syncEnded);
  on<WorkspaceChangedEvent>(WORKSPACE_CHANGED, switched);
}

function listen(onDone: () => void) {
  whenDone = onDone;
  followSyncs();
}

function syncEnded(e: JobDoneEvent) {
  if (e.job_id !== syncStore.get().jobId) return;
  const rep = e.result as SyncReport | undefined;
  const current = workspaceStore.get().id;
  // A sync of a workspace switched away from says nothing about this one:
  // its outcome, counts and verification are not shown beside this one's.
  if (rep?.workspace_id && current && rep.workspace_id !== current) {
    syncStore.set((s) => ({ ...s, jobId: undefined, outcome: undefined }));
    return;
  }
  syncStore.set((s) => ({ ...s, jobId: undefined, outcome: { ok: e.ok, canceled: e.canceled, error: e.error } }));
  if (e.ok && rep?.sentence_job) followVectors(rep.sentence_job);
  if (e.ok && rep && (rep.verify || rep.verify_error)) {
    verifyStore.set({ result: rep.verify ?? undefined, error: rep.verify_error });
  }
  syncsFinished.set((n) => n + 1);
  whenDone();
}

// What was shown of the old workspace goes: its sync outcome and its
// verification; the new workspace's sync is followed from here on,
// whoever started it.
function switched(e: WorkspaceChangedEvent) {
  verifyStore.set({});
  syncStore.set((s) => (s.jobId === e.sync_job_id ? { ...s, outcome: undefined } : { done: 0, total: 0, stage: 'starting', jobId: e.sync_job_id || undefined }));
}

export async function startSync(onDone: () => void) {
  listen(onDone);
  syncStore.set({ done: 0, total: 0, stage: 'starting' });
  const jobId = await api.corpus.sync();
  syncStore.set((s) => ({ ...s, jobId }));
}

/**
 * Switches the workspace to dir and follows the sync job that brings the
 * index to its content, like a sync started here (onDone runs when it ends).
 */
export async function switchWorkspace(dir: string, onDone: () => void) {
  listen(onDone);
  // the editor's last words are saved to the workspace they were typed in
  await flushDraft();
  syncStore.set({ done: 0, total: 0, stage: 'starting' });
  try {
    const sw = await api.corpus.switchWorkspace(dir);
    noteWorkspace(sw.workspace.id, true);
    syncStore.set((s) => ({ ...s, jobId: sw.job_id }));
    return sw.workspace;
  } catch (e) {
    syncStore.set({ done: 0, total: 0 });
    throw e;
  }
}

/** Re-indexes what the last verification found damaged, then syncs; followed like a sync. */
export async function startReindex(onDone: () => void) {
  listen(onDone);
  syncStore.set({ done: 0, total: 0, stage: 'starting' });
  try {
    const jobId = await api.corpus.reindex();
    syncStore.set((s) => ({ ...s, jobId }));
  } catch (e) {
    syncStore.set({ done: 0, total: 0 });
    throw e;
  }
}

/** Verifies the index against the workspace now, without syncing. */
export async function verifyIndex() {
  verifyStore.set((s) => ({ ...s, running: true }));
  try {
    verifyStore.set({ result: await api.corpus.verify() });
  } catch (e) {
    verifyStore.set({ error: (e as Error).message });
  }
}

export async function cancelSync() {
  const id = syncStore.get().jobId;
  if (id) await api.jobs.cancel(id);
}
