import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobDoneEvent, JobProgressEvent } from '../../events';

const { handlers, api } = vi.hoisted(() => ({
  handlers: {} as Record<string, (p: unknown) => void>,
  api: {
    corpus: { switchWorkspace: vi.fn(), sync: vi.fn() },
    draft: { saveWorkingDraft: vi.fn(), workingDraft: vi.fn(), replacedDraft: vi.fn() },
    jobs: { cancel: vi.fn() },
  },
}));
vi.mock('../../api', () => ({ api }));
vi.mock('../../events', () => ({
  JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed',
  on: vi.fn((ch: string, h: (p: unknown) => void) => {
    const prev = handlers[ch];
    handlers[ch] = prev ? (p) => { prev(p); h(p); } : h;
    return () => {};
  }),
}));

import { resetWorkspaceStore } from '../../stores/workspace';
import { followSyncs, startSync, syncStore } from './syncStore';
import { stopVectors, vectorsFinished, vectorsStore } from './vectorsStore';

const syncDone = (sentence_job?: string): JobDoneEvent => ({ job_id: 'index-sync-1', kind: 'index-sync', ok: true, canceled: false,
  result: { added: 1, updated: 0, removed: 0, unchanged: 0, documents: 1, chunks: 1, warnings: [], skipped: [], verify: null, workspace_id: '', sentence_job } });
const progress = (job_id: string, done: number, total: number): JobProgressEvent =>
  ({ job_id, kind: 'sentence-vectors', stage: 'embedding', done, total, message: '' });

beforeEach(() => {
  followSyncs();
  resetWorkspaceStore();
  syncStore.set({ done: 0, total: 0 });
  vectorsStore.set({ done: 0, total: 0 });
  api.corpus.sync.mockReset().mockResolvedValue('index-sync-1');
  api.jobs.cancel.mockReset().mockResolvedValue(undefined);
});

describe('the background sentence embedding after a sync', () => {
  it('follows the job the sync report names, its progress and its end', async () => {
    await startSync(() => {});
    handlers['job:done'](syncDone('sentence-vectors-2'));
    expect(vectorsStore.get().jobId).toBe('sentence-vectors-2');
    handlers['job:progress'](progress('sentence-vectors-2', 512, 1200));
    handlers['job:progress'](progress('other-job', 1, 2));
    expect(vectorsStore.get()).toMatchObject({ done: 512, total: 1200 });
    const before = vectorsFinished.get();
    handlers['job:done']({ job_id: 'sentence-vectors-2', kind: 'sentence-vectors', ok: true, canceled: false, result: { embedded: 1200, have: 1200, total: 1200 } });
    expect(vectorsStore.get().jobId).toBeUndefined();
    expect(vectorsStore.get().outcome).toMatchObject({ ok: true, report: { have: 1200, total: 1200 } });
    expect(vectorsFinished.get()).toBe(before + 1);
  });

  it('starts following nothing when every sentence already has a vector', async () => {
    await startSync(() => {});
    handlers['job:done'](syncDone());
    expect(vectorsStore.get().jobId).toBeUndefined();
  });

  it('stops the job it follows', async () => {
    await startSync(() => {});
    handlers['job:done'](syncDone('sentence-vectors-3'));
    await stopVectors();
    expect(api.jobs.cancel).toHaveBeenCalledWith('sentence-vectors-3');
  });
});
