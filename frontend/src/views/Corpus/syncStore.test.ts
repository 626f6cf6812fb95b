import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobDoneEvent, WorkspaceChangedEvent } from '../../events';

const { handlers, api } = vi.hoisted(() => ({
  handlers: {} as Record<string, (p: unknown) => void>,
  api: {
    corpus: { switchWorkspace: vi.fn(), sync: vi.fn() },
    draft: { saveWorkingDraft: vi.fn(), workingDraft: vi.fn(), replacedDraft: vi.fn() },
  },
}));
vi.mock('../../api', () => ({ api }));
vi.mock('../../events', () => ({
  JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed',
  on: vi.fn((ch: string, h: (p: unknown) => void) => {
    const prev = handlers[ch];
    // every subscriber of a channel hears it, in order
    handlers[ch] = prev ? (p) => { prev(p); h(p); } : h;
    return () => {};
  }),
}));

import { draftStore, resetDraftStore, restoreDraft, setDraftText } from '../../stores/draft';
import { resetWorkspaceStore, workspaceStore } from '../../stores/workspace';
import { followSyncs, startSync, switchWorkspace, syncsFinished, syncStore, verifyStore } from './syncStore';

const change = (over: Partial<WorkspaceChangedEvent> = {}): WorkspaceChangedEvent => ({
  id: 'ws-b', root: '/b', name: 'b', sync_job_id: 'index-sync-2', previous_id: 'ws-a', previous_root: '/a', previous_name: 'a',
  previous_has_draft: false, previous_draft_words: 0, ...over,
});
const verified = { clean: true, workspace_documents: 2, indexed_documents: 2, expected_chunks: 2, chunks: 2, lexical_chunks: 2, drift: [], hint: '' };
const done = (job_id: string, workspace_id: string): JobDoneEvent => ({ job_id, kind: 'index-sync', ok: true, canceled: false,
  result: { added: 2, updated: 0, removed: 0, unchanged: 0, documents: 2, chunks: 2, warnings: [], skipped: [], verify: verified, workspace_id } });

beforeEach(() => {
  followSyncs();
  resetWorkspaceStore();
  resetDraftStore();
  syncStore.set({ done: 0, total: 0 });
  verifyStore.set({});
  api.draft.saveWorkingDraft.mockReset().mockImplementation(async (text: string) => ({ text, file_name: '', cursor: 0, version: 2, saved_at: 'now' }));
  api.draft.workingDraft.mockReset().mockResolvedValue({ text: '', file_name: '', cursor: 0, version: 0, saved_at: '' });
  api.draft.replacedDraft.mockReset().mockResolvedValue(null);
});

describe('sync store across a workspace switch', () => {
  it('drops what was shown of the old workspace and follows the new one’s sync, wherever the switch was made', () => {
    syncStore.set({ done: 5, total: 5, outcome: { ok: true, canceled: false } });
    verifyStore.set({ result: { ...verified, clean: false } as never });
    handlers['workspace:changed'](change());
    expect(syncStore.get()).toMatchObject({ jobId: 'index-sync-2', done: 0 });
    expect(syncStore.get().outcome).toBeUndefined();
    expect(verifyStore.get()).toEqual({});
    expect(workspaceStore.get()).toMatchObject({ id: 'ws-b', changes: 1 });

    const before = syncsFinished.get();
    handlers['job:done'](done('index-sync-2', 'ws-b'));
    expect(syncStore.get()).toMatchObject({ jobId: undefined, outcome: { ok: true } });
    expect(verifyStore.get().result?.clean).toBe(true);
    expect(syncsFinished.get()).toBe(before + 1);
  });

  it('a sync of another workspace that ends after the switch leaves the new view alone', async () => {
    handlers['workspace:changed'](change());
    // a sync followed here whose report turns out to be of the old folder
    api.corpus.sync.mockResolvedValueOnce('index-sync-1');
    const onDone = vi.fn();
    await startSync(onDone);
    const before = syncsFinished.get();
    handlers['job:done'](done('index-sync-1', 'ws-a'));
    expect(syncStore.get().jobId).toBeUndefined();
    expect(syncStore.get().outcome).toBeUndefined();
    expect(verifyStore.get()).toEqual({});
    expect(syncsFinished.get()).toBe(before);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('saves the editor’s last words to their workspace before switching', async () => {
    const order: string[] = [];
    api.draft.saveWorkingDraft.mockImplementation(async (text: string) => {
      order.push(`save ${text}`);
      return { text, file_name: '', cursor: 0, version: 2, saved_at: 'now' };
    });
    api.corpus.switchWorkspace.mockImplementation(async (dir: string) => {
      order.push(`switch ${dir}`);
      return { job_id: 'index-sync-3', workspace: { root: dir, id: 'ws-b' } };
    });
    await restoreDraft();
    setDraftText('Typed in A.', 11);
    const ws = await switchWorkspace('/b', () => {});
    expect(order).toEqual(['save Typed in A.', 'switch /b']);
    expect(ws.root).toBe('/b');
    expect(syncStore.get().jobId).toBe('index-sync-3');
    expect(workspaceStore.get().id).toBe('ws-b');
    expect(draftStore.get().dirty).toBe(false);
  });
});
