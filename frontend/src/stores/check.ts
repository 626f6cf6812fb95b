import { api } from '../api';
import type { CheckEngine, CheckHistoryEntry, CheckReport, TriageItem, Verdict, Vote } from '../api/check';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../events';
import type { BandFilter, ClaimSort } from '../views/Check/claimOrder';
import { createStore } from './store';

export interface CheckJob {
  id: string;
  stage: string;
  done: number;
  total: number;
  message: string;
}

export interface CheckState {
  job?: CheckJob;
  report?: CheckReport;
  error?: Error;
  history: CheckHistoryEntry[];
  historyError?: Error;
  triage: TriageItem[];
  filters: Record<Verdict, boolean>;
  band: BandFilter;
  sort: ClaimSort;
  announce: string;
}

const allOn: Record<Verdict, boolean> = { contradicted: true, not_covered: true, supported: true };

export const checkStore = createStore<CheckState>({ history: [], triage: [], filters: allOn, band: 'all', sort: 'verdict', announce: '' });

const patch = (p: Partial<CheckState>) => checkStore.set((s) => ({ ...s, ...p }));
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

let unsubscribe: (() => void) | undefined;

// Job events arrive for every job; only the running check's count.
function listen() {
  if (unsubscribe) return;
  const offProgress = on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    const job = checkStore.get().job;
    if (job && e.job_id === job.id) patch({ job: { ...job, stage: e.stage, done: e.done, total: e.total, message: e.message } });
  });
  const offDone = on<JobDoneEvent>(JOB_DONE, (e) => {
    const job = checkStore.get().job;
    if (!job || e.job_id !== job.id) return;
    if (e.ok) {
      const report = e.result as CheckReport;
      patch({ job: undefined, report, error: undefined, announce: `${report.claims.length} claims checked` });
      void refreshHistory();
    } else {
      patch({ job: undefined, error: e.canceled ? undefined : new Error(e.error ?? 'check failed'), announce: e.canceled ? 'Check cancelled' : 'Check failed' });
    }
  });
  unsubscribe = () => {
    offProgress();
    offDone();
  };
}

export async function startCheck(text: string, engine: CheckEngine) {
  listen();
  patch({ error: undefined, announce: 'Checking…' });
  try {
    const id = await api.check.check(text, engine);
    patch({ job: { id, stage: 'starting', done: 0, total: 0, message: '' } });
  } catch (e) {
    patch({ error: asError(e), announce: '' });
  }
}

export async function cancelCheck() {
  const job = checkStore.get().job;
  if (!job) return;
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

export function toggleFilter(v: Verdict) {
  checkStore.set((s) => ({ ...s, filters: { ...s.filters, [v]: !s.filters[v] } }));
}

export function setBand(band: BandFilter) {
  checkStore.set((s) => ({ ...s, band }));
}

export function setSort(sort: ClaimSort) {
  checkStore.set((s) => ({ ...s, sort }));
}
