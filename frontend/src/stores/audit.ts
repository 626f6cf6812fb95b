import { api } from '../api';
import type { AuditConflict, AuditReport, ConflictStatus } from '../api/audit';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../events';
import { createStore } from './store';

/** The running or last audit job and the report shown, kept outside the view so it survives navigation. */
export interface AuditState {
  jobId?: string;
  stage?: string;
  done: number;
  total: number;
  message?: string;
  outcome?: { ok: boolean; canceled: boolean; error?: string };
  report?: AuditReport;
  loadError?: string;
}

export const auditStore = createStore<AuditState>({ done: 0, total: 0 });

export type StatusFilter = ConflictStatus | 'all';
export const auditFilterStore = createStore<StatusFilter>('open');

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  on<JobProgressEvent>(JOB_PROGRESS, (e) => {
    if (e.job_id !== auditStore.get().jobId) return;
    auditStore.set((s) => ({ ...s, stage: e.stage, done: e.done, total: e.total, message: e.message }));
  });
  on<JobDoneEvent>(JOB_DONE, (e) => {
    if (e.job_id !== auditStore.get().jobId) return;
    const rep = e.ok ? (e.result as AuditReport | undefined) : undefined;
    auditStore.set((s) => ({
      ...s,
      jobId: undefined,
      stage: undefined,
      outcome: { ok: e.ok, canceled: e.canceled, error: e.error },
      report: rep ?? s.report,
    }));
  });
}

/** Loads the session's last audit (after a reload the job's result is gone, the backend keeps it). */
export async function loadAudit() {
  try {
    const report = await api.audit.conflicts();
    auditStore.set((s) => ({ ...s, report, loadError: undefined }));
  } catch (e) {
    auditStore.set((s) => ({ ...s, loadError: (e as Error).message }));
  }
}

export async function startAudit() {
  listen();
  auditStore.set((s) => ({ ...s, done: 0, total: 0, stage: 'starting', message: undefined, outcome: undefined }));
  try {
    const jobId = await api.audit.start();
    auditStore.set((s) => ({ ...s, jobId }));
  } catch (e) {
    auditStore.set((s) => ({ ...s, stage: undefined, outcome: { ok: false, canceled: false, error: (e as Error).message } }));
  }
}

export async function cancelAudit() {
  const id = auditStore.get().jobId;
  if (id) await api.jobs.cancel(id);
}

/** Stores a status and shows it at once; the backend is the record. */
export async function markConflict(key: string, status: ConflictStatus, note: string) {
  await api.audit.setStatus(key, status, note);
  auditStore.set((s) => {
    if (!s.report) return s;
    const conflicts = s.report.conflicts.map((c) =>
      c.key === key ? { ...c, status, note: status === 'open' ? '' : note } : c,
    ) as AuditConflict[];
    return { ...s, report: { ...s.report, conflicts } as AuditReport };
  });
}

export interface TopicGroup {
  topic: string;
  conflicts: AuditConflict[];
}

/** Conflicts passing filter, grouped by topic in first-seen order. */
export function groupByTopic(conflicts: AuditConflict[], filter: StatusFilter): TopicGroup[] {
  const groups = new Map<string, AuditConflict[]>();
  for (const c of conflicts) {
    if (filter !== 'all' && c.status !== filter) continue;
    const list = groups.get(c.topic) ?? [];
    list.push(c);
    groups.set(c.topic, list);
  }
  return [...groups].map(([topic, cs]) => ({ topic, conflicts: cs }));
}

/** How many conflicts have each status. */
export function countByStatus(conflicts: AuditConflict[]): Record<ConflictStatus, number> {
  const out = { open: 0, resolved: 0, intended: 0 };
  for (const c of conflicts) out[c.status as ConflictStatus] += 1;
  return out;
}
