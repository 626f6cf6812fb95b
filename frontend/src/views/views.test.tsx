import { cleanup, render, screen, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({
  api: {
    corpus: {
      summary: vi.fn().mockResolvedValue({ root: '/w', content_dir: '/w/content', documents: 43, drafts: ['a.md'], has_guidelines: true, has_golden: false }),
      chooseFolder: vi.fn(),
      indexStats: vi.fn().mockResolvedValue({ documents: 43, chunks: 243, last_sync: '', warnings: [], repairs: [], skipped: [] }),
      verify: vi.fn().mockResolvedValue({ clean: true, workspace_documents: 43, indexed_documents: 43, expected_chunks: 243, chunks: 243, lexical_chunks: 243, drift: [], hint: '' }),
      ignoreRules: vi.fn().mockResolvedValue({ path: '/w/.continuityignore', text: '', defaults: ['node_modules/'], rules: [], errors: [] }),
    },
    documents: { list: vi.fn().mockResolvedValue([]) },
    sources: { list: vi.fn().mockResolvedValue([]) },
    voice: { getVoiceRules: vi.fn().mockResolvedValue({ kind: 'guidelines', path: '/w/guidelines.md', describe: 'guidelines.md', warnings: [] }) },
    jobs: { cancel: vi.fn() },
    check: { listDrafts: vi.fn().mockResolvedValue(['pricing-faq.md']), readDraft: vi.fn().mockResolvedValue('# Pricing\n\nBody') },
    golden: { workspaceFile: vi.fn().mockResolvedValue({ path: '/w/golden.xlsx', exists: false }) },
    eval: { defaultThresholds: vi.fn().mockResolvedValue([{ metric: 'faithfulness', threshold: 0.9, meaning: 'm' }]) },
    team: { status: vi.fn().mockResolvedValue({ connected: false, url: '', user: '', role: '', workspace: '', workspace_name: '', error: '', note: '' }) },
    settings: {
      get: vi.fn().mockResolvedValue({ engine: 'offline', base_url: '', models: { answer: 'a', judge: 'j', embedding: 'e' }, corpus_dir: '', audit_log: false, timeout_seconds: 60, max_concurrency: 4, max_retries: 3 }),
      save: vi.fn().mockRejectedValue(new Error('invalid settings: base_url: "x" is not an http(s) URL')),
      keyStatus: vi.fn().mockResolvedValue({ present: false, source: 'none', warning: '' }),
    },
  },
  offersWorkspaceFiles: true,
}));

vi.mock('../events', () => ({ JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

import { CorpusView } from './Corpus';
import { CheckView } from './Check';
import { SettingsView } from './Settings';

afterEach(cleanup);

describe('views', () => {
  it('Corpus shows the document count from the backend', async () => {
    render(<CorpusView />);
    await waitFor(() => expect(screen.getByTestId('doc-count').textContent).toBe('43'));
  });
  it('Check loads a sample draft into the editor as plain text', async () => {
    render(<CheckView />);
    fireEvent.click(await screen.findByText('pricing-faq.md'));
    await waitFor(() => expect((screen.getByLabelText('Draft') as HTMLTextAreaElement).value).toContain('# Pricing'));
  });
  it('Settings shows a backend validation error in words', async () => {
    render(<SettingsView />);
    fireEvent.click(await screen.findByText('Save settings'));
    expect((await screen.findByRole('alert')).textContent).toContain('not an http(s) URL');
    expect(screen.getByTestId('key-status').textContent).toContain('not set');
  });
});
