import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type Source } from '../../api';
import { SourcesPanel } from './SourcesPanel';

vi.mock('../../api', () => ({
  api: { sources: { list: vi.fn(), kinds: vi.fn(), chooseLocation: vi.fn(), add: vi.fn(), sync: vi.fn(), remove: vi.fn() } },
}));
vi.mock('../../events', () => ({ JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

afterEach(cleanup);

const folder: Source = { name: 'content', kind: 'folder', location: '/w/content', builtin: true, last_sync: '', documents: 12, written: 0,
  unchanged: 0, removed: 0, skipped: [], last_error: '' };
const blog: Source = { name: 'blog', kind: 'wxr', location: '/x/blog.xml', builtin: false, last_sync: '2026-12-01T09:00:00Z', documents: 3,
  written: 1, unchanged: 2, removed: 1, last_error: '',
  skipped: [{ origin: 'blog.xml item 4 (line 90, <wp:post_id>21)', reason: 'status draft; not published' }] };

describe('SourcesPanel', () => {
  it('lists the content folder first and each source with counts; skipped items expand as text', async () => {
    vi.mocked(api.sources.list).mockResolvedValueOnce([folder, blog]);
    render(<SourcesPanel />);
    await screen.findByTestId('source-row-blog');
    expect(screen.getByTestId('source-row-content').textContent).toContain('Content folder');
    expect(screen.getByTestId('source-docs-blog').textContent).toContain('+1 written · 2 unchanged · −1 removed');
    expect(screen.queryByTestId('source-skipped-list-blog')).toBeNull();
    fireEvent.click(screen.getByTestId('source-skipped-blog'));
    // an origin with markup is shown as text, never HTML
    expect(screen.getByText('blog.xml item 4 (line 90, <wp:post_id>21)')).toBeTruthy();
  });

  it('shows a failed last sync and the add dialog refuses with the backend error', async () => {
    vi.mocked(api.sources.list).mockResolvedValueOnce([folder, { ...blog, last_error: 'blog.xml line 3: unexpected EOF' }]);
    vi.mocked(api.sources.add).mockRejectedValueOnce(new Error('invalid source: stat /nope.xml: no such file'));
    render(<SourcesPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('blog.xml line 3');
    fireEvent.click(screen.getByTestId('add-source'));
    fireEvent.change(screen.getByTestId('source-location'), { target: { value: '/nope.xml' } });
    fireEvent.click(screen.getByTestId('source-add-submit'));
    await waitFor(() => expect(screen.getByTestId('add-source-dialog').textContent).toContain('no such file'));
    expect(api.sources.add).toHaveBeenCalledWith('wxr', '/nope.xml', '');
  });
});
