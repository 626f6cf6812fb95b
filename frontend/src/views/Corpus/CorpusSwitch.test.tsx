import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceChangedEvent } from '../../events';

// Issue 29 item 11: after a switch (here, in Settings, anywhere) the Corpus
// view shows the new folder only: its counts, its sources, its sync.
const { handlers, api, ws } = vi.hoisted(() => {
  const ws = {
    a: { summary: { root: '/a', content_dir: '/a/content', documents: 47, drafts: [], has_guidelines: true, has_golden: true, id: 'ws-a', source: 'settings', saved_dir: '/a' },
      stats: { documents: 43, chunks: 243, last_sync: '', warnings: [{ path: 'a-only.txt', message: 'binary file' }], repairs: [], skipped: [], embedder: 'offline-lsa', embed_model: 'lsa', synced_dir: '/a/content' },
      sources: [{ name: 'content', kind: 'folder', location: '/a/content', builtin: true, last_sync: '', documents: 43, written: 0, unchanged: 0, removed: 0, skipped: [], last_error: '' }] },
    b: { summary: { root: '/b', content_dir: '/b/content', documents: 2, drafts: [], has_guidelines: false, has_golden: false, id: 'ws-b', source: 'settings', saved_dir: '/b' },
      stats: { documents: 2, chunks: 2, last_sync: '', warnings: [], repairs: [], skipped: [], embedder: 'offline-lsa', embed_model: 'lsa', synced_dir: '/b/content' },
      sources: [{ name: 'content', kind: 'folder', location: '/b/content', builtin: true, last_sync: '', documents: 2, written: 0, unchanged: 0, removed: 0, skipped: [], last_error: '' }] },
  };
  return {
    ws,
    handlers: {} as Record<string, (p: unknown) => void>,
    api: {
      corpus: { summary: vi.fn(), indexStats: vi.fn(), verify: vi.fn(), sync: vi.fn(), chooseFolder: vi.fn(), switchWorkspace: vi.fn(), reindex: vi.fn(), search: vi.fn() },
      sources: { list: vi.fn() },
      documents: { list: vi.fn().mockResolvedValue([]) },
      jobs: { cancel: vi.fn() },
      draft: { saveWorkingDraft: vi.fn() },
    },
  };
});
vi.mock('../../api', () => ({ api }));
vi.mock('../../events', () => ({
  JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed',
  on: vi.fn((ch: string, h: (p: unknown) => void) => {
    const prev = handlers[ch];
    handlers[ch] = prev ? (p) => { prev(p); h(p); } : h;
    return () => {};
  }),
}));

import { CorpusView } from '.';
import { resetWorkspaceStore } from '../../stores/workspace';
import { followSyncs, syncStore, verifyStore } from './syncStore';

let current: 'a' | 'b' = 'a';
const fire = (ch: string, p: unknown) => act(() => handlers[ch]?.(p));
const change: WorkspaceChangedEvent = { id: 'ws-b', root: '/b', name: 'b', sync_job_id: 'index-sync-7', previous_id: 'ws-a', previous_root: '/a',
  previous_name: 'a', previous_has_draft: true, previous_draft_words: 9 };
const clean = { clean: true, workspace_documents: 2, indexed_documents: 2, expected_chunks: 2, chunks: 2, lexical_chunks: 2, drift: [], hint: '' };

beforeEach(() => {
  current = 'a';
  followSyncs();
  resetWorkspaceStore();
  verifyStore.set({});
  // the last sync of the old folder finished
  syncStore.set({ done: 3, total: 3, outcome: { ok: true, canceled: false } });
  api.corpus.summary.mockImplementation(async () => ws[current].summary);
  api.corpus.indexStats.mockImplementation(async () => ws[current].stats);
  api.corpus.verify.mockResolvedValue(clean);
  api.sources.list.mockImplementation(async () => ws[current].sources);
});
afterEach(cleanup);

describe('Corpus view after a workspace switch', () => {
  it('drops the old folder’s counts, banner and sync outcome, follows the new sync and reloads the sources', async () => {
    render(<CorpusView />);
    await waitFor(() => expect(screen.getByTestId('indexed-count').textContent).toBe('43'));
    expect(screen.getByText('✓ Sync finished.')).toBeTruthy();
    expect(within(await screen.findByTestId('source-row-content')).getByText(/43/)).toBeTruthy();

    // switched in Settings: the index syncs to /b
    current = 'b';
    api.corpus.indexStats.mockImplementationOnce(async () => ({ ...ws.b.stats, documents: 0, chunks: 0, synced_dir: '/a/content' }));
    fire('workspace:changed', change);
    expect(screen.queryByText('✓ Sync finished.')).toBeNull();
    expect(screen.getByTestId('sync-progress')).toBeTruthy();
    expect(screen.getByTestId('workspace-switched').textContent).toContain('/b');
    await waitFor(() => expect(screen.getByTestId('doc-count').textContent).toBe('2'));
    expect(screen.queryByTestId('sync-warnings')).toBeNull();
    // while the index still holds /a, the view does not call that a finished sync
    expect(screen.queryByTestId('index-elsewhere')).toBeNull();

    fire('job:done', { job_id: 'index-sync-7', kind: 'index-sync', ok: true, canceled: false,
      result: { added: 2, updated: 0, removed: 43, unchanged: 0, documents: 2, chunks: 2, warnings: [], skipped: [], verify: clean, workspace_id: 'ws-b' } });
    await waitFor(() => expect(screen.getByTestId('indexed-count').textContent).toBe('2'));
    expect(screen.getByText('✓ Sync finished.')).toBeTruthy();
    expect(screen.getByTestId('workspace-root').textContent).toContain('/b');
    await waitFor(() => expect(within(screen.getByTestId('source-row-content')).getByText(/\/b\/content/)).toBeTruthy());
    expect(screen.getByTestId('sources-panel').textContent).not.toContain('/a/content');
  });

  it('Refresh reads the sources again, not only the counts', async () => {
    render(<CorpusView />);
    await screen.findByTestId('source-row-content');
    const loads = api.sources.list.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(api.sources.list.mock.calls.length).toBeGreaterThan(loads));
  });
});
