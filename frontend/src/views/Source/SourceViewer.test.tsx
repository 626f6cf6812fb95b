import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { doc } = vi.hoisted(() => ({
  doc: (over: Record<string, unknown> = {}) => ({
    id: 'help-refund-policy', title: 'Refund policy', path: 'content/help/refund-policy.md', url: 'https://help.tallyhub.example/refund-policy',
    modified: '2026-03-14T00:00:00Z', modified_source: 'front_matter:published', format: 'markdown', status: 'indexed',
    markdown: [
      '# Refund policy', '', 'We want you to pay only if it works.', '', '## Full refunds within 30 days', '',
      'You can request a full refund within **30 days** of any payment to Tallyhub. Fees &amp; taxes too.', '',
      '| Plan | Window |', '|------|-------:|', '| Monthly | 30 days |', '| Annual | 30 days |', '',
      '- one item', '- [a link](javascript:alert(1)) and ![logo](https://cdn.example/logo.png)', '',
      '<script>alert("x")</script>', '', 'Inline <b>bold?</b> stays text.', '', '```sh', 'curl https://api.example', '```', '',
    ].join('\n'),
    chunks: [{ chunk_id: 'help-refund-policy#0', start: 0, end: 54 }, { chunk_id: 'help-refund-policy#1', start: 56, end: 200 }],
    ...over,
  }),
}));

vi.mock('../../api', () => ({
  api: { documents: { get: vi.fn(), openInBrowser: vi.fn(), list: vi.fn() } },
}));

import { api } from '../../api';
import { openSource, sourceStore } from '../../stores/source';
import { findQuote } from './highlight';
import { parseDocument } from './markdown';
import { SourceViewer } from '.';

const scrolled = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrolled;
  vi.mocked(api.documents.get).mockResolvedValue(doc() as never);
});
afterEach(() => {
  cleanup();
  sourceStore.set(null);
  vi.clearAllMocks();
});

// Renders a button that opens the viewer, as a view would, and clicks it.
async function openFrom(req: Parameters<typeof openSource>[0]) {
  render(
    <>
      <button type="button" onClick={() => openSource(req)}>
        opener
      </button>
      <SourceViewer />
    </>,
  );
  const opener = screen.getByText('opener');
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole('heading', { level: 1, name: 'Refund policy' });
  return opener;
}

describe('SourceViewer', () => {
  it('renders the structure as elements and every piece of corpus text as text', async () => {
    await openFrom({ docId: 'help-refund-policy' });
    const body = screen.getByTestId('source-body');
    expect(body.querySelector('h1')?.textContent).toBe('Refund policy');
    expect(body.querySelector('h2')?.textContent).toBe('Full refunds within 30 days');
    expect(body.querySelector('strong')?.textContent).toBe('30 days');
    expect(body.querySelectorAll('table th')).toHaveLength(2);
    expect(body.querySelectorAll('table tbody tr')).toHaveLength(2);
    expect(body.querySelector('th:nth-child(2)')?.getAttribute('style')).toContain('right');
    expect(body.querySelectorAll('ul > li')).toHaveLength(2);
    expect(body.querySelector('pre code')?.textContent).toBe('curl https://api.example');
    expect(body.textContent).toContain('Fees & taxes too.');
    // raw HTML is shown, never run or built
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('b')).toBeNull();
    expect(body.textContent).toContain('<script>alert("x")</script>');
    expect(body.textContent).toContain('Inline <b>bold?</b> stays text.');
    // no live links or remote images
    expect(body.querySelector('a, img')).toBeNull();
    expect(body.textContent).toContain('[image: logo]');
  });

  it('shows title, path, URL and last-modified, and is an accessible dialog', async () => {
    const opener = await openFrom({ docId: 'help-refund-policy' });
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Refund policy');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByTestId('source-path').textContent).toBe('content/help/refund-policy.md');
    expect(screen.getByTestId('source-url').textContent).toContain('https://help.tallyhub.example/refund-policy');
    expect(screen.getByTestId('source-modified').textContent).toMatch(/2026.*“published” in the front matter/);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    await openFrom({ docId: 'help-refund-policy' });
    const dialog = screen.getByRole('dialog');
    const buttons = [...dialog.querySelectorAll('button')];
    buttons[buttons.length - 1].focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
  });

  it('marks the quote across markup and white space and scrolls to it', async () => {
    await openFrom({ docId: 'help-refund-policy', chunkId: 'help-refund-policy#1', quote: 'request a full refund  within 30 days\nof any payment' });
    const marks = screen.getAllByTestId('source-mark');
    expect(marks.map((m) => m.textContent).join('')).toBe('request a full refund within 30 days of any payment');
    expect(marks.some((m) => m.closest('strong'))).toBe(true);
    // the scroll is an effect after the marks render: under a loaded CI it can land a tick later
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    // the indexed chunk it came from is outlined, and named
    const outlined = screen.getByTestId('source-chunk');
    expect(outlined.contains(marks[0])).toBe(true);
    expect(outlined.querySelector('h1')).toBeNull();
    expect(outlined.querySelector('h2')?.textContent).toBe('Full refunds within 30 days');
    expect(screen.getByRole('dialog').textContent).toContain('indexed chunk help-refund-policy#1');
    expect(screen.queryByTestId('quote-missing')).toBeNull();
  });

  it('says so when the quote is no longer in the document', async () => {
    vi.mocked(api.documents.get).mockResolvedValue(doc({ status: 'changed since index', chunks: undefined }) as never);
    await openFrom({ docId: 'help-refund-policy', quote: 'a full refund within 14 days of any payment' });
    expect(screen.queryByTestId('source-mark')).toBeNull();
    const note = screen.getByTestId('quote-missing');
    expect(note.textContent).toContain('The quoted passage is no longer in this document');
    expect(note.textContent).toContain('changed since it was indexed');
    expect(note.textContent).toContain('14 days');
    expect(screen.getByTestId('source-status').textContent).toBe('changed since index');
  });

  it('offers Open in browser only for http(s) links and shows a failed launch', async () => {
    vi.mocked(api.documents.openInBrowser).mockRejectedValue(new Error('no program to open links was found'));
    await openFrom({ docId: 'help-refund-policy' });
    fireEvent.click(screen.getByRole('button', { name: /Open in browser/ }));
    expect(api.documents.openInBrowser).toHaveBeenCalledWith('https://help.tallyhub.example/refund-policy');
    expect((await screen.findByTestId('launch-error')).textContent).toContain('no program to open links');
    cleanup();
    for (const url of ['', 'javascript:alert(1)', 'file:///etc/passwd']) {
      vi.mocked(api.documents.get).mockResolvedValue(doc({ url }) as never);
      await openFrom({ docId: 'help-refund-policy' });
      expect(screen.queryByRole('button', { name: /Open in browser/ })).toBeNull();
      cleanup();
    }
  });

  it('shows plain text with its line breaks', async () => {
    vi.mocked(api.documents.get).mockResolvedValue(
      doc({ title: 'Keys', format: 'text', url: '', modified_source: 'file_mtime', markdown: 'Keys\n\nG then I    Go to Invoices\n# not a heading\n', chunks: [] }) as never,
    );
    render(<SourceViewer />);
    act(() => openSource({ docId: 'help/keyboard-shortcuts.txt', quote: 'Go to Invoices # not a' }));
    await screen.findByText(/G then I/);
    const body = screen.getByTestId('source-body');
    expect(body.querySelector('h1')).toBeNull();
    expect([...body.querySelectorAll('p.source-plain')].map((p) => p.textContent)).toEqual(['Keys', 'G then I    Go to Invoices\n# not a heading']);
    expect(screen.getAllByTestId('source-mark').map((m) => m.textContent).join('')).toBe('Go to Invoices\n# not a');
    expect(screen.getByTestId('source-modified').textContent).toContain('file modification time');
  });

  it('shows a load error in words', async () => {
    vi.mocked(api.documents.get).mockRejectedValue(new Error('document not found: "x"'));
    render(<SourceViewer />);
    act(() => openSource({ docId: 'x' }));
    expect((await screen.findByRole('alert')).textContent).toContain('document not found');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Document not available' })).toBeTruthy());
  });
});

describe('findQuote', () => {
  it('prefers the occurrence inside the indexed chunk', () => {
    const md = 'Refunds take 5 days.\n\n## Later\n\nRefunds take 5 days.\n';
    const p = parseDocument(md);
    const second = md.indexOf('Refunds', 5);
    const m = findQuote(p.leaves, 'Refunds take 5 days.', { start: second, end: md.length });
    expect([...(m?.keys() ?? [])]).toEqual([p.leaves[p.leaves.length - 1].id]);
    expect([...(findQuote(p.leaves, 'Refunds take 5 days.')?.keys() ?? [])]).toEqual([0]);
  });

  it('falls back to ignoring markup and case, then gives up', () => {
    const p = parseDocument('| Plan | Price |\n|---|---|\n| Pro | *$29* |\n');
    expect(findQuote(p.leaves, '| pro | $29 |')).not.toBeNull();
    expect(findQuote(p.leaves, 'Enterprise')).toBeNull();
    expect(findQuote(p.leaves, '   ')).toBeNull();
  });

  it('keeps block offsets on the source', () => {
    const md = '# A\n\nPara one.\n\n- x\n- y\n';
    const p = parseDocument(md);
    expect(p.blocks.map((b) => md.slice(b.src.start, b.src.end).trim())).toEqual(['# A', 'Para one.', '- x\n- y']);
  });
});
