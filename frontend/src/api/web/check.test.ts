import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_DONE, on, type JobDoneEvent } from '../../events';
import { webCheck } from './check';
import { webDraft } from './draft';
import { webSession } from './session';
import { serve } from './testServer';

const ws: [number, unknown] = [200, { workspaces: [{ id: 'ws-1', name: 'docs' }] }];
const report = { id: 7, title: 'Refunds', draft: 'Refunds take 14 days.', claims: [{ index: 0, text: 'Refunds take 14 days.', verdict: 'contradicted' }], voice: [] };

beforeAll(async () => {
  document.head.innerHTML = '<meta name="continuity-transport" content="http">';
  serve([ws]); // the workspace is asked for once per page
  await webSession.workspace();
});
afterEach(() => vi.unstubAllGlobals());

function nextDone(): Promise<JobDoneEvent> {
  return new Promise((resolve) => {
    const off = on<JobDoneEvent>(JOB_DONE, (e) => {
      off();
      resolve(e);
    });
  });
}

describe('checks over the team server', () => {
  it('runs a check as a job whose done event carries the stored check', async () => {
    const sent = serve([[201, { check_id: 7 }], [200, report]]);
    const done = nextDone();
    const id = await webCheck.check('Refunds take 14 days.', 'offline');
    const e = await done;
    expect(e).toMatchObject({ job_id: id, kind: 'check', ok: true });
    expect((e.result as typeof report).claims[0].verdict).toBe('contradicted');
    const paths = sent.filter((s) => s.path.includes('/checks'));
    expect(paths.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/v1/workspaces/ws-1/checks', 'GET /api/v1/workspaces/ws-1/checks/7']);
    expect(paths[0].body).toEqual({ draft: 'Refunds take 14 days.', engine: 'offline' });
  });

  it('says why a check failed in its done event', async () => {
    serve([[409, { error: { code: 'no_key', message: 'the server has no model key: use engine "offline"' } }]]);
    const done = nextDone();
    await webCheck.check('Refunds take 14 days.', 'llm');
    expect(await done).toMatchObject({ ok: false, canceled: false, error: 'the server has no model key: use engine "offline"' });
  });

  it('cancels a running check by aborting its request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }),
    );
    const { api } = await import('../index');
    const done = nextDone();
    const id = await webCheck.check('Refunds take 14 days.', '');
    await new Promise((r) => setTimeout(r, 0));
    await api.jobs.cancel(id);
    expect(await done).toMatchObject({ job_id: id, ok: false, canceled: true });
    await expect(api.jobs.cancel('web-check-999')).rejects.toThrow('no job web-check-999 is running');
  });

  it('sends votes, causes and dismissals where the server keeps them', async () => {
    const sent = serve([[204, null], [204, null], [204, null], [201, { set: 'triage', row: { id: 'T001', question: 'How long?', reference_doc_ids: null, tags: null } }]]);
    await webCheck.setFeedback(7, 0, 'down', 'the page says 30 days');
    await webCheck.setCause(7, 0, 'wrong_verdict');
    await webCheck.dismiss(7, 'voice', 2, 'Quoted');
    const { webGolden } = await import('./golden');
    const r = await webGolden.addFromTriage('', 7, 0, 'How long?');
    expect(r.row.reference_doc_ids).toEqual([]);
    expect(sent.filter((s) => s.method !== 'GET').map((s) => [s.method, s.path, s.body])).toEqual([
      ['PUT', '/api/v1/workspaces/ws-1/checks/7/claims/0/feedback', { vote: 'down', note: 'the page says 30 days' }],
      ['PUT', '/api/v1/workspaces/ws-1/checks/7/claims/0/cause', { cause: 'wrong_verdict' }],
      ['PUT', '/api/v1/workspaces/ws-1/checks/7/dismissal', { kind: 'voice', index: 2, reason: 'Quoted' }],
      ['POST', '/api/v1/workspaces/ws-1/checks/7/claims/0/golden', { set: '', question: 'How long?' }],
    ]);
  });
});

describe('the web working draft', () => {
  it('is saved in this browser, and a replaced edited draft can be undone', async () => {
    serve([]);
    localStorage.clear();
    expect((await webDraft.workingDraft()).version).toBe(0);
    const saved = await webDraft.saveWorkingDraft('My edited draft.', '', 5);
    expect(saved).toMatchObject({ text: 'My edited draft.', version: 1, cursor: 5 });
    expect((await webDraft.saveWorkingDraft('My edited draft.', '', 5)).version).toBe(1); // unchanged: nothing written
    const r = await webDraft.replaceWorkingDraft('# Plans', 'plans.md', 'plans.md');
    expect(r.draft).toMatchObject({ text: '# Plans', file_name: 'plans.md', version: 2 });
    expect(r.replaced).toMatchObject({ text: 'My edited draft.', by: 'plans.md', words: 3 });
    // a file opened and left alone is not kept when it is replaced in turn
    const again = await webDraft.replaceWorkingDraft('# Other', 'other.md', 'other.md');
    expect(again.replaced).toBeUndefined();
    expect(await webDraft.replacedDraft()).toBeNull();
  });

  it('brings the kept draft back, keeping the one it replaces', async () => {
    serve([]);
    localStorage.clear();
    await webDraft.saveWorkingDraft('First words.', '', 0);
    await webDraft.replaceWorkingDraft('Second.', 'b.md', 'b.md');
    await webDraft.saveWorkingDraft('Second, edited.', 'b.md', 3);
    const back = await webDraft.undoReplacement('undo');
    expect(back.draft.text).toBe('First words.');
    expect(back.replaced).toMatchObject({ text: 'Second, edited.', by: 'undo' });
    await webDraft.dropReplacedDraft();
    await expect(webDraft.undoReplacement('undo')).rejects.toThrow('no replaced draft');
  });

  it('has the server read a file as the desktop reads it', async () => {
    const sent = serve([[200, { name: 'plans.docx', format: 'docx', markdown: '# Plans' }]]);
    const d = await webDraft.readDroppedFile(new File([new Uint8Array([80, 75, 3, 4])], 'plans.docx'));
    expect(d.markdown).toBe('# Plans');
    const post = sent.find((s) => s.method === 'POST');
    expect(post).toMatchObject({ path: '/api/v1/workspaces/ws-1/draft-files', body: { name: 'plans.docx', data_base64: 'UEsDBA==' } });
  });
});
