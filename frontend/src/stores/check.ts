import { api } from '../api';
import type { CheckEngine, CheckHistoryEntry, CheckReport, FindingKind, TriageItem, Vote } from '../api/check';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../events';
import { createStore } from './store';

export interface CheckJob {
  id: string;
  stage: string;
  done: number;
  total: number;
  message: string;
  /** Date.now() when the check was asked for. */
  startedAt: number;
}

export interface CheckState {
  job?: CheckJob;
  /** The check shown; undefined while a check runs, so old findings never pass for new ones. */
  report?: CheckReport;
  error?: Error;
  history: CheckHistoryEntry[];
  historyError?: Error;
  triage: TriageItem[];
  announce: string;
}

export const checkStore = createStore<CheckState>({ history: [], triage: [], announce: '' });

const patch = (p: Partial<CheckState>) => checkStore.set((s) => ({ ...s, ...p }));
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a finished check found, in words for the live region. */
export function checkedWords(r: CheckReport): string {
  const voice = r.voice_score === undefined || r.voice_score === null ? 'voice not checked' : plural(r.voice?.length ?? 0, 'voice issue');
  return `Check done: ${plural(r.claims.length, 'claim')} checked, ${voice}`;
}

let unsubscribe: (() => void) | undefined;
const early = new Map<string, JobDoneEvent>();

function finish(e: JobDoneEvent) {
  early.clear();
  if (e.ok) {
    const report = e.result as CheckReport;
    patch({ job: undefined, report, error: undefined, announce: checkedWords(report) });
    void refreshHistory();
  } else {
    patch({ job: undefined, error: e.canceled ? undefined : new Error(e.error ?? 'check failed'), announce: e.canceled ? 'Check cancelled' : 'Check failed' });
  }
}

// Job events arrive for every job; only the running check's count.
function listen() {
  if (unsubscribe) return;
  const offProgress = on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    const job = checkStore.get().job;
    if (job && e.job_id === job.id) patch({ job: { ...job, stage: e.stage, done: e.done, total: e.total, message: e.message } });
  });
  const offDone = on<JobDoneEvent>(JOB_DONE, (e) => {
    const job = checkStore.get().job;
    if (job && job.id === '' && e.kind === 'check') early.set(e.job_id, e); // done before Check() returned its ID
    if (job && e.job_id === job.id) finish(e);
  });
  unsubscribe = () => {
    offProgress();
    offDone();
  };
}

/** Starts a check; the old results and counts go at once. */
export async function startCheck(text: string, engine: CheckEngine) {
  if (checkStore.get().job) return;
  listen();
  patch({ error: undefined, report: undefined, announce: 'Checking…', job: { id: '', stage: 'starting', done: 0, total: 0, message: '', startedAt: Date.now() } });
  try {
    const id = await api.check.check(text, engine);
    const job = checkStore.get().job;
    if (!job) return;
    patch({ job: { ...job, id } });
    const done = early.get(id);
    if (done) finish(done);
  } catch (e) {
    patch({ job: undefined, error: asError(e), announce: '' });
  }
}

export async function cancelCheck() {
  const job = checkStore.get().job;
  if (!job?.id) return;
  try {
    await api.jobs.cancel(job.id);
  } catch (e) {
    patch({ error: asError(e) });
  }
}

export async function refreshHistory() {
  try {
    const [history, triage] = await Promise.all([api.check.listHistory(), api.check.listTriage()]);
    patch({ history, triage, historyError: undefined });
  } catch (e) {
    patch({ historyError: asError(e) });
  }
}

export async function openCheck(id: number): Promise<CheckReport | undefined> {
  try {
    const report = await api.check.getCheck(id);
    patch({ report, error: undefined });
    return report;
  } catch (e) {
    patch({ error: asError(e) });
    return undefined;
  }
}

/** Forgets the check shown (its draft is gone from the editor). */
export function clearReport() {
  patch({ report: undefined });
}

/** A draft's title as the history names it (backend/check Title). */
export function draftTitle(draft: string): string {
  for (const raw of draft.split('\n')) {
    const line = raw.trim().replace(/^#+/, '').trim();
    if (!line) continue;
    const runes = [...line];
    return runes.length > 80 ? runes.slice(0, 79).join('') + '…' : line;
  }
  return 'Untitled draft';
}

/**
 * Shows the newest past check of the draft in the editor after a reload:
 * one of exactly this text is current; one of an earlier version (same
 * title) comes back marked stale, with only its unchanged findings marked.
 */
export async function restoreReportFor(text: string): Promise<void> {
  if (!text.trim() || checkStore.get().job) return;
  try {
    if (checkStore.get().history.length === 0) await refreshHistory();
    const title = draftTitle(text);
    const entry = checkStore.get().history.find((h) => h.title === title);
    if (!entry) return;
    const report = await api.check.getCheck(entry.id);
    if (!checkStore.get().job && !checkStore.get().report) patch({ report });
  } catch {
    // nothing to restore; a new check will do
  }
}

export async function deleteCheck(id: number) {
  try {
    await api.check.deleteCheck(id);
    if (checkStore.get().report?.id === id) patch({ report: undefined });
    await refreshHistory();
  } catch (e) {
    patch({ error: asError(e) });
  }
}

export async function vote(claimIndex: number, v: Vote, note = '') {
  const report = checkStore.get().report;
  if (!report) return;
  try {
    await api.check.setFeedback(report.id, claimIndex, v, note);
    const claims = report.claims.map((c) => (c.index === claimIndex ? { ...c, vote: v, note } : c));
    patch({ report: { ...report, claims } as CheckReport, announce: v === 'down' ? 'Added to triage' : v === 'up' ? 'Thanks for the feedback' : 'Vote cleared' });
    await refreshHistory();
  } catch (e) {
    patch({ error: asError(e) });
  }
}

/**
 * Dismisses a finding of the check shown, for reason ("" restores it). The
 * backend keeps it with the check; a dismissed claim is also a 👎 with the
 * reason as its note, so it shows in triage.
 */
export async function dismiss(kind: FindingKind, index: number, reason: string): Promise<boolean> {
  const report = checkStore.get().report;
  if (!report) return false;
  reason = reason.trim();
  try {
    await api.check.dismiss(report.id, kind, index, reason);
    const now = checkStore.get().report;
    if (now?.id !== report.id) return true;
    const dismissed = reason !== '';
    const next =
      kind === 'claim'
        ? {
            ...now,
            claims: now.claims.map((c) => {
              if (c.index !== index) return c;
              const vote = dismissed ? 'down' : c.vote === 'down' && c.note === c.dismiss_reason ? '' : c.vote;
              const note = dismissed ? reason : vote === '' ? '' : c.note;
              return { ...c, dismissed, dismiss_reason: reason, vote, note };
            }),
          }
        : { ...now, voice: now.voice.map((v, i) => ((v.index ?? i) === index ? { ...v, dismissed, dismiss_reason: reason } : v)) };
    patch({ report: next as CheckReport, announce: dismissed ? `Dismissed: ${reason}` : 'Finding restored' });
    if (kind === 'claim') await refreshHistory();
    return true;
  } catch (e) {
    patch({ error: asError(e) });
    return false;
  }
}
