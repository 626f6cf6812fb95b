// Draft checks over the team server. A check is one request; the page
// sends its job events itself, so the Check view's store follows it as it
// follows the desktop's job. Cancel aborts the request, and the server
// stops the check with it.
import { checkview } from '../../../wailsjs/go/models';
import { emitLocal, JOB_DONE, JOB_PROGRESS, type JobDoneEvent, type JobProgressEvent } from '../../events';
import { ApiError } from '../call';
import type { check as desktopCheck, Cause, CheckEngine, FindingKind, Vote } from '../check';
import { request } from './http';
import { wsPath } from './session';

type Check = typeof desktopCheck;

const running = new Map<string, AbortController>();
let jobs = 0;

const checkPath = async (id: number, rest = '') => wsPath(`/checks/${id}${rest}`);
const claimPath = (id: number, claim: number, rest: string) => checkPath(id, `/claims/${claim}${rest}`);

async function getCheck(id: number): Promise<checkview.Report> {
  return checkview.Report.createFrom(await request('Check.GetCheck', 'GET', await checkPath(id)));
}

async function runCheck(jobId: string, text: string, engine: CheckEngine, abort: AbortController) {
  const done = (e: Omit<JobDoneEvent, 'job_id' | 'kind'>) => emitLocal<JobDoneEvent>(JOB_DONE, { job_id: jobId, kind: 'check', ...e });
  try {
    emitLocal<JobProgressEvent>(JOB_PROGRESS, { job_id: jobId, kind: 'check', stage: 'checking', done: 0, total: 0, message: 'The team server is checking the draft' });
    const body: Record<string, unknown> = { draft: text };
    if (engine) body.engine = engine;
    const r = await request<{ check_id: number }>('Check.Check', 'POST', await wsPath('/checks'), body, abort.signal);
    done({ ok: true, canceled: false, result: await getCheck(r.check_id) });
  } catch (e) {
    if (abort.signal.aborted) done({ ok: false, canceled: true });
    else done({ ok: false, canceled: false, error: (e as Error).message });
  } finally {
    running.delete(jobId);
  }
}

/** Aborts a check the page is running; false when jobId is none of them. */
export function cancelWebJob(jobId: string): boolean {
  const abort = running.get(jobId);
  abort?.abort();
  return !!abort;
}

/** Offers the text as a file download, as the desktop's save dialog would write it. */
function download(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function exportReport(id: number, format: 'md' | 'html'): Promise<checkview.Export> {
  return checkview.Export.createFrom(await request('Check.ExportReport', 'GET', await checkPath(id, `?format=${format}`)));
}

export const webCheck: Check = {
  // the server's sample drafts are its folder's; a writer brings their own
  listDrafts: async () => [],
  readDraft: async () => {
    throw new ApiError('the team server offers no sample drafts; open, paste or drop your own', 'Check.ReadDraft');
  },
  check: async (text: string, engine: CheckEngine) => {
    if (!text.trim()) throw new ApiError('the draft is empty', 'Check.Check');
    const jobId = `web-check-${++jobs}`;
    const abort = new AbortController();
    running.set(jobId, abort);
    // after the caller has the job's ID: its events name it
    queueMicrotask(() => void runCheck(jobId, text, engine, abort));
    return jobId;
  },
  listHistory: async () =>
    (await request<{ checks: unknown[] }>('Check.ListHistory', 'GET', await wsPath('/checks'))).checks.map((c) => checkview.HistoryEntry.createFrom(c)),
  getCheck,
  deleteCheck: async (id: number) => {
    await request('Check.DeleteCheck', 'DELETE', await checkPath(id));
  },
  setFeedback: async (id: number, claimIndex: number, vote: Vote, note: string) => {
    await request('Check.SetFeedback', 'PUT', await claimPath(id, claimIndex, '/feedback'), { vote, note });
  },
  triageCause: async (id: number, claimIndex: number) =>
    checkview.TriageCause.createFrom(await request('Check.TriageCause', 'GET', await claimPath(id, claimIndex, '/cause'))),
  setCause: async (id: number, claimIndex: number, cause: Cause) => {
    await request('Check.SetCause', 'PUT', await claimPath(id, claimIndex, '/cause'), { cause });
  },
  listTriage: async () =>
    (await request<{ items: unknown[] }>('Check.ListTriage', 'GET', await wsPath('/triage'))).items.map((t) => checkview.TriageItem.createFrom(t)),
  dismiss: async (id: number, kind: FindingKind, index: number, reason: string) => {
    await request('Check.Dismiss', 'PUT', await checkPath(id, '/dismissal'), { kind, index, reason });
  },
  exportReport,
  /** The browser downloads the report; the name it saves under is returned, as the desktop returns the path. */
  saveReport: async (id: number, format: 'md' | 'html') => {
    const exp = await exportReport(id, format);
    download(exp.filename, exp.text, format === 'html' ? 'text/html;charset=utf-8' : 'text/markdown;charset=utf-8');
    return exp.filename;
  },
};
