import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { hit } = vi.hoisted(() => ({ hit: (id: string, bm25: number, vector: number) => ({
  rank: 1, doc_id: id, chunk_id: `${id}#0`, title: `Title ${id}`, url: '', heading_path: ['H'], text: '<b>not html</b>', score: 0.5, bm25_rank: bm25, vector_rank: vector,
}) }));

vi.mock('../../api', () => ({
  api: {
    corpus: {
      summary: vi.fn().mockResolvedValue({ root: '/w', content_dir: '/w/content', documents: 47, drafts: [], has_guidelines: true, has_golden: false }),
      chooseFolder: vi.fn(),
      switchWorkspace: vi.fn(),
      indexStats: vi.fn().mockResolvedValue({ documents: 43, chunks: 243, last_sync: '', warnings: [{ path: 'bad.txt', message: 'binary file' }], repairs: [], embedder: 'offline-lsa', embed_model: 'lsa-v1-d128-0123456789ab' }),
      sync: vi.fn().mockResolvedValue('index-sync-1'),
      verify: vi.fn().mockResolvedValue({ clean: true, workspace_documents: 43, indexed_documents: 43, expected_chunks: 243, chunks: 243, lexical_chunks: 243, drift: [], hint: '' }),
      reindex: vi.fn().mockResolvedValue('index-reindex-1'),
      search: vi.fn().mockResolvedValue({ query: 'q', bm25: [hit('a', 1, 0)], vector: [hit('b', 0, 1)], hybrid: [hit('a', 1, 2)] }),
    },
    jobs: { cancel: vi.fn() },
    sources: { list: vi.fn().mockResolvedValue([]) },
    documents: {
      list: vi.fn().mockResolvedValue([
        { id: 'help-refund-policy', title: 'Refund policy', path: 'content/help/refund-policy.md', url: 'https://x.example/r', chunks: 4, status: 'indexed', publish: 'published' },
        { id: 'help-refund-policy-2024', title: 'Refund policy (2024)', path: 'content/help/refund-policy-2024.md', url: '', chunks: 0, status: 'not indexed', publish: 'archived' },
        { id: 'help-free-trial', title: 'Free trial', path: 'content/help/free-trial.md', url: '', chunks: 2, status: 'removed since index', publish: 'published' },
      ]),
    },
  },
}));
vi.mock('../../events', () => ({ JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

import { CorpusView } from '.';
import { syncStore, verifyStore } from './syncStore';
import { sourceStore } from '../../stores/source';

// The sync store outlives a view on purpose; a test starts with none running.
const noSync = () => syncStore.set({ done: 0, total: 0 });

afterEach(cleanup);

describe('CorpusView', () => {
  it('shows index stats, never-synced state and warnings', async () => {
    render(<CorpusView />);
    await waitFor(() => expect(screen.getByTestId('indexed-count').textContent).toBe('43'));
    expect(screen.getByTestId('last-sync').textContent).toBe('Never');
    expect(screen.getByTestId('sync-warnings').textContent).toContain('bad.txt');
    expect(screen.getByTestId('embed-model').textContent).toBe('offline-lsa · lsa-v1-d128-0123456789ab');
    expect(screen.queryByTestId('embed-notice')).toBeNull();
  });

  it('names a pretrained model once and says when the embedder is a fallback', async () => {
    const { api } = await import('../../api');
    vi.mocked(api.corpus.indexStats).mockResolvedValueOnce({ documents: 1, chunks: 1, last_sync: '', warnings: [], repairs: [],
      embedder: 'offline-lsa', embed_model: 'lsa-v1', embed_notice: 'offline model USE-lite not found (run `make models`); using LSA' } as never);
    render(<CorpusView />);
    await waitFor(() => screen.getByTestId('embed-notice'));
    expect(screen.getByTestId('embed-notice').textContent).toContain('USE-lite not found');
    cleanup();
    vi.mocked(api.corpus.indexStats).mockResolvedValueOnce({ documents: 1, chunks: 1, last_sync: '', warnings: [], repairs: [],
      embedder: 'use-lite-4c6db373cea2', embed_model: 'use-lite-4c6db373cea2', embed_notice: '' } as never);
    render(<CorpusView />);
    await waitFor(() => expect(screen.getByTestId('embed-model').textContent).toBe('use-lite-4c6db373cea2'));
  });

  it('shows three ranking columns with ranks, text rendered as text', async () => {
    render(<CorpusView />);
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => screen.getByTestId('results-hybrid'));
    expect(screen.getByTestId('results-bm25').textContent).toContain('vector rank –');
    expect(screen.getByTestId('results-hybrid').textContent).toContain('<b>not html</b>');
  });

  it('shows progress with a cancel button while syncing', async () => {
    render(<CorpusView />);
    fireEvent.click(screen.getByRole('button', { name: /Sync index/ }));
    await waitFor(() => screen.getByTestId('sync-progress'));
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeTruthy();
  });

  const sources = [
    {
      name: 'started with --corpus: the saved folder is not in force, and choosing replaces --corpus',
      source: 'flag',
      want: ['comes from --corpus', 'The corpus folder saved in Settings (/saved/ws) is not in force.', 'replaces --corpus for the rest of this session'],
      not: [],
    },
    {
      // Issue 29 item 11: an empty saved folder means the launch folder, not the sample.
      name: 'started with --corpus, nothing saved: it does not promise the sample',
      source: 'flag',
      saved: '',
      want: ['comes from --corpus', 'No corpus folder is saved in Settings.'],
      not: ['sample'],
    },
    {
      name: 'started with $CONTINUITY_CORPUS: the same, naming the variable',
      source: 'env',
      want: ['comes from $CONTINUITY_CORPUS', 'is not in force', 'replaces $CONTINUITY_CORPUS'],
      not: ['--corpus'],
    },
    { name: 'the saved folder', source: 'settings', want: ['The corpus folder saved in Settings is in force.', 'switches to it now'], not: ['not in force'] },
    { name: 'the bundled sample', source: 'sample', want: ['The bundled sample workspace is in force'], not: ['not in force'] },
  ];
  for (const c of sources as { name: string; source: string; saved?: string; want: string[]; not: string[] }[]) {
    it(`says which workspace is in force: ${c.name}`, async () => {
      const { api } = await import('../../api');
      vi.mocked(api.corpus.summary).mockResolvedValueOnce({ root: '/w', content_dir: '/w/content', documents: 1, drafts: [], has_guidelines: false,
        has_golden: false, id: 'ws-0123456789abcdef', source: c.source, saved_dir: c.saved ?? '/saved/ws' } as never);
      render(<CorpusView />);
      const note = await screen.findByTestId('workspace-source');
      for (const w of c.want) expect(note.textContent).toContain(w);
      for (const w of c.not) expect(note.textContent).not.toContain(w);
      expect(screen.getByTestId('workspace-root').textContent).toContain('ws-0123456789abcdef');
    });
  }

  it('choosing a folder switches the workspace at once and follows its sync', async () => {
    const { api } = await import('../../api');
    noSync();
    vi.mocked(api.corpus.chooseFolder).mockResolvedValueOnce('/b');
    vi.mocked(api.corpus.switchWorkspace).mockResolvedValueOnce({ job_id: 'index-sync-9',
      workspace: { root: '/b', content_dir: '/b', documents: 3, drafts: [], has_guidelines: false, has_golden: false, id: 'ws-b', source: 'settings', saved_dir: '/b' } } as never);
    render(<CorpusView />);
    await waitFor(() => screen.getByTestId('indexed-count'));
    const loads = vi.mocked(api.corpus.summary).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /Choose folder/ }));
    await waitFor(() => screen.getByTestId('workspace-switched'));
    expect(api.corpus.switchWorkspace).toHaveBeenCalledWith('/b');
    expect(screen.getByTestId('workspace-switched').textContent).toContain('/b');
    expect(screen.getByTestId('sync-progress')).toBeTruthy();
    // The new workspace's summary loads after the switch renders; on a
    // loaded machine that can be a tick later.
    await waitFor(() => expect(vi.mocked(api.corpus.summary).mock.calls.length).toBeGreaterThan(loads));
  });

  it('says when the index holds another folder than the workspace', async () => {
    const { api } = await import('../../api');
    noSync();
    vi.mocked(api.corpus.indexStats).mockResolvedValueOnce({ documents: 5, chunks: 9, last_sync: '', warnings: [], repairs: [],
      embedder: 'offline-lsa', embed_model: 'lsa-v1', embed_notice: '', synced_dir: '/a/content' } as never);
    render(<CorpusView />);
    const banner = await screen.findByTestId('index-elsewhere');
    expect(banner.textContent).toContain('/a/content');
  });

  it('lists the documents with their index status; filtering asks the backend; a row opens the viewer', async () => {
    const { api } = await import('../../api');
    render(<CorpusView />);
    const list = await screen.findByTestId('documents');
    await waitFor(() => expect(list.querySelectorAll('[data-testid="doc-row"]')).toHaveLength(3));
    expect(api.documents.list).toHaveBeenCalledWith('');
    const statuses = [...list.querySelectorAll('[data-testid="doc-status"]')].map((e) => e.textContent);
    expect(statuses).toEqual(['indexed', 'not indexed · archived', 'removed since index']);
    expect(screen.getByTestId('documents-count').textContent).toBe('3 documents');
    fireEvent.change(screen.getByLabelText('Filter documents'), { target: { value: ' REFUND ' } });
    await waitFor(() => expect(api.documents.list).toHaveBeenCalledWith('REFUND'));
    fireEvent.click(list.querySelector('[data-doc-id="help-refund-policy-2024"] td:nth-child(3)')!);
    expect(sourceStore.get()?.docId).toBe('help-refund-policy-2024');
    expect(sourceStore.get()?.opener?.textContent).toBe('Refund policy (2024)');
    sourceStore.set(null);
    expect(screen.getByRole('button', { name: 'Free trial' })).toHaveProperty('disabled', true);
  });

  it('verifies at open and shows nothing when the index matches the workspace', async () => {
    const { api } = await import('../../api');
    noSync();
    verifyStore.set({});
    render(<CorpusView />);
    await waitFor(() => expect(verifyStore.get().result?.clean).toBe(true));
    expect(api.corpus.verify).toHaveBeenCalled();
    expect(screen.queryByTestId('index-drift')).toBeNull();
  });

  it('shows what drifted with counts and a Re-index button that starts the re-index job', async () => {
    const { api } = await import('../../api');
    noSync();
    vi.mocked(api.corpus.verify).mockResolvedValueOnce({ clean: false, workspace_documents: 3, indexed_documents: 3, expected_chunks: 6, chunks: 5,
      lexical_chunks: 5, hint: 'run continuity index --repair to re-index the damaged documents', drift: [
        { kind: 'changed', doc_id: 'a', path: 'help/a.md', message: 'changed in the workspace since it was indexed' },
        { kind: 'changed', doc_id: 'b', path: 'help/b.md', message: 'changed in the workspace since it was indexed' },
        { kind: 'chunks', doc_id: 'c', path: 'help/<c>.md', message: '1 of 2 chunks missing from the index (c#1)' },
      ] } as never);
    render(<CorpusView />);
    const banner = await screen.findByTestId('index-drift');
    expect(banner.textContent).toContain('3 problems');
    expect(screen.getByTestId('drift-changed').textContent).toBe('2 changed but not re-indexed');
    expect(screen.getByTestId('drift-chunks').textContent).toBe('1 with missing or altered chunks');
    expect(banner.textContent).toContain('help/<c>.md: 1 of 2 chunks missing');
    fireEvent.click(screen.getByRole('button', { name: /Re-index/ }));
    await waitFor(() => expect(api.corpus.reindex).toHaveBeenCalled());
    await waitFor(() => screen.getByTestId('sync-progress'));
    expect(screen.queryByTestId('index-drift')).toBeNull();
  });

  it('says when the verification itself failed', async () => {
    const { api } = await import('../../api');
    noSync();
    vi.mocked(api.corpus.verify).mockRejectedValueOnce(new Error('index busy'));
    render(<CorpusView />);
    expect((await screen.findByTestId('verify-error')).textContent).toContain('index busy');
  });
});
