import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { report, handlers } = vi.hoisted(() => {
  const side = (doc_id: string, title: string, date: string, quote: string, flags: string[] = []) => ({
    doc_id, title, date, date_source: 'front-matter', chunk_id: `${doc_id}#1`, quote, flags,
  });
  const report = {
    audited: true, engine: 'offline', model: 'offline-5+verdict-v1-abc', embed_model: 'lsa', documents: 3, reused: 0, warnings: [], elapsed_ms: 5,
    conflicts: [
      { key: 'k1', topic: 'Refund policy ↔ Refund policy (old)', a: side('help-refund-policy', 'Refund policy', '2026-03-14', 'Full refunds within 30 days.'),
        b: side('help-refund-policy-old', 'Refund policy (old)', '2023-05-02', 'Full refunds within 14 days. <b>not html</b>', ['cut_sentence']),
        values: [{ a: '30 days', b: '14 days' }], confidence: 0.87, newer: 'a', status: 'open', note: '' },
      { key: 'k2', topic: 'Plans ↔ Pricing', a: side('plans', 'Plans', '', 'Pro costs $10.'), b: side('pricing', 'Pricing', '', 'Pro costs $12.'),
        values: [{ a: '$10', b: '$12' }], confidence: 0.7, newer: '', status: 'resolved', note: 'fixed' },
    ],
  };
  const handlers: Record<string, (p: unknown) => void> = {};
  return { report, handlers };
});

vi.mock('../../api', () => ({
  api: {
    audit: {
      conflicts: vi.fn().mockResolvedValue(report),
      start: vi.fn().mockResolvedValue('audit-1'),
      setStatus: vi.fn().mockResolvedValue(undefined),
      muddySummary: vi.fn().mockResolvedValue({ documents: [{ doc_id: 'plans', title: 'Plans', count: 1 }], checked: 3, warnings: [] }),
      muddyForDocument: vi.fn().mockResolvedValue({ doc_id: 'plans', title: 'Plans', words: 9, findings: [
        { sentence: 'Basic and Pro cost $5 and $10 a month.', kind: 'shared_predicate', why: 'which price is which', rewrite: 'Basic costs $5 a month.' },
      ] }),
      export: vi.fn().mockResolvedValue('/w/corpus-audit.xlsx'),
      changedFacts: vi.fn().mockResolvedValue({ notice: '', warnings: [], facts: [
        { doc_id: 'help-refund-policy', title: 'Refund policy', old: 'Refunds within 14 days.', new: 'Refunds within 30 days.', current: '',
          kind: 'value', values: [{ old: '14 days', new: '30 days' }], date: '2026-03-12', commit: '1a2b3c4', message: 'New refund policy', republished: false },
      ] }),
    },
    calibration: {
      saved: vi.fn().mockResolvedValue(null),
      start: vi.fn().mockResolvedValue('calibrate-1'),
      reset: vi.fn().mockResolvedValue(true),
    },
    jobs: { cancel: vi.fn().mockResolvedValue(undefined) },
  },
}));
vi.mock('../../events', () => ({
  JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress',
  on: vi.fn((ch: string, h: (p: unknown) => void) => { handlers[ch] = h; return () => {}; }),
}));

import { AuditView } from '.';
import { api } from '../../api';
import { auditFilterStore, auditStore } from '../../stores/audit';
import { sourceStore } from '../../stores/source';

beforeEach(() => {
  auditStore.set({ done: 0, total: 0 });
  auditFilterStore.set('open');
});
afterEach(cleanup);

describe('AuditView', () => {
  it('says what to do before the first audit', async () => {
    vi.mocked(api.audit.conflicts).mockResolvedValueOnce({ ...report, audited: false, conflicts: [] } as never);
    render(<AuditView />);
    expect((await screen.findByTestId('audit-empty')).textContent).toContain('Run audit');
  });

  it('shows open conflicts grouped by topic, side by side, the newer side badged and values marked', async () => {
    render(<AuditView />);
    const pair = await screen.findByTestId('conflict-pair');
    expect(screen.getAllByTestId('topic-group')).toHaveLength(1);
    expect(screen.getByText('Refund policy ↔ Refund policy (old)')).toBeTruthy();
    const a = within(pair).getByTestId('side-a');
    const b = within(pair).getByTestId('side-b');
    expect(within(a).getByTestId('newer-badge').textContent).toBe('newer');
    expect(within(b).queryByTestId('newer-badge')).toBeNull();
    expect(a.querySelector('mark')?.textContent).toBe('30 days');
    expect(b.querySelector('mark')?.textContent).toBe('14 days');
    expect(b.querySelector('b')).toBeNull();
    expect(b.textContent).toContain('<b>not html</b>');
    expect(pair.textContent).toContain('confidence 87%');
    // the side read from a piece of an overlong sentence says so; the other does not
    expect(within(b).getByTestId('cut-sentence-flag').textContent).toContain('over 400 words');
    expect(within(a).queryByTestId('cut-sentence-flag')).toBeNull();
  });

  it('filters by status', async () => {
    render(<AuditView />);
    await screen.findByTestId('conflict-pair');
    fireEvent.click(screen.getByRole('button', { name: /Resolved 1/ }));
    const pair = await screen.findByTestId('conflict-pair');
    expect(pair.getAttribute('data-key')).toBe('k2');
    expect(within(pair).getByTestId('conflict-status').textContent).toBe('resolved');
    fireEvent.click(screen.getByRole('button', { name: /Intended 0/ }));
    expect((await screen.findByTestId('filter-empty')).textContent).toContain('No intended conflicts');
  });

  it('marks a conflict intended with a note', async () => {
    render(<AuditView />);
    const pair = await screen.findByTestId('conflict-pair');
    fireEvent.click(within(pair).getByText('Mark intended'));
    fireEvent.change(within(pair).getByLabelText('Note'), { target: { value: 'archived page' } });
    fireEvent.click(within(pair).getByText('Save as intended'));
    await waitFor(() => expect(api.audit.setStatus).toHaveBeenCalledWith('k1', 'intended', 'archived page'));
    act(() => auditFilterStore.set('intended'));
    const marked = await screen.findByTestId('conflict-pair');
    expect(within(marked).getByTestId('conflict-status').textContent).toBe('intended');
    expect(marked.textContent).toContain('archived page');
  });

  it('opens either side in the source viewer', async () => {
    render(<AuditView />);
    const pair = await screen.findByTestId('conflict-pair');
    fireEvent.click(within(within(pair).getByTestId('side-b')).getByText('Open in source'));
    expect(sourceStore.get()).toMatchObject({ docId: 'help-refund-policy-old', chunkId: 'help-refund-policy-old#1' });
  });

  it('runs the audit with progress, then shows the job result', async () => {
    render(<AuditView />);
    await screen.findByTestId('conflict-pair');
    fireEvent.click(screen.getByText('Run audit'));
    await waitFor(() => expect(auditStore.get().jobId).toBe('audit-1'));
    act(() => handlers['job:progress']({ job_id: 'audit-1', kind: 'audit', stage: 'auditing', done: 2, total: 5, message: 'Plans' }));
    expect((await screen.findByTestId('audit-progress')).textContent).toContain('2/5');
    fireEvent.click(screen.getByText('Cancel'));
    expect(api.jobs.cancel).toHaveBeenCalledWith('audit-1');
    act(() => handlers['job:done']({ job_id: 'audit-1', kind: 'audit', ok: true, canceled: false, result: { ...report, conflicts: [] } }));
    expect((await screen.findByText(/No published pages contradict each other/)).textContent).toBeTruthy();
  });

  it('lists muddy sentences per document with why and a rewrite', async () => {
    render(<AuditView />);
    fireEvent.click(screen.getByRole('tab', { name: 'Muddy sentences' }));
    fireEvent.click(await screen.findByText('Plans'));
    const f = await screen.findByTestId('muddy-finding');
    expect(f.textContent).toContain('Basic and Pro cost $5 and $10 a month.');
    expect(f.textContent).toContain('which price is which');
    expect(f.textContent).toContain('Basic costs $5 a month.');
  });

  it('exports and says where it saved', async () => {
    render(<AuditView />);
    await screen.findByTestId('conflict-pair');
    fireEvent.click(screen.getByText('XLSX'));
    expect((await screen.findByText(/Saved \/w\/corpus-audit.xlsx/)).textContent).toBeTruthy();
    expect(api.audit.export).toHaveBeenCalledWith('xlsx');
  });

  it('calibrates on the history and shows before and after per kind, then resets', async () => {
    render(<AuditView />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Changed facts' }));
    expect((await screen.findByTestId('calibration-saved'))?.textContent).toContain('Checks use the model’s contradicted threshold.');
    fireEvent.click(screen.getByRole('button', { name: /Calibrate on this workspace’s history/ }));
    await waitFor(() => expect(api.calibration.start).toHaveBeenCalledWith(false));
    const m = (caught: number, old: number, falseFlags: number) => ({
      old, caught, current: old, false_flags: falseFlags, recall: caught / old, precision: caught / (caught + falseFlags), f1: 0.5,
    });
    const saved = { threshold: 0.464, default_threshold: 0.625, model: 'offline-6+verdict-v1-abc', changes: 13, pairs: 26, date: '2026-12-02',
      describe: 'contradicted threshold 0.464 (model’s 0.625) calibrated on 13 workspace changes on 2026-12-02' };
    vi.mocked(api.calibration.saved).mockResolvedValue(saved as never);
    act(() => handlers['job:done']({ job_id: 'calibrate-1', kind: 'calibrate', ok: true, canceled: false, result: {
      model: 'offline-6+verdict-v1-abc', default_threshold: 0.625, threshold: 0.464, fitted: true, changes: 13, pairs: 26, documents: 3,
      skipped: ['1 reworded: no value, negation or name changed'], saved: true, decision: 'saved: ' + saved.describe, notice: '', seconds: 2,
      kinds: [
        { kind: 'value', changes: 7, before: m(6, 7, 0), after: m(7, 7, 0) },
        { kind: 'all', changes: 13, before: m(10, 13, 0), after: m(11, 13, 1) },
      ] } }));
    const result = await screen.findByTestId('calibration-result');
    const value = within(result).getByText('value').closest('tr') as HTMLElement;
    expect((value)?.textContent).toContain('6/7 86%');
    expect((value)?.textContent).toContain('7/7 100%');
    expect((within(result).getByText('all').closest('tr'))?.textContent).toContain('92% (1 false)');
    expect((screen.getByTestId('calibration-decision'))?.textContent).toContain('Fitted threshold 0.464. saved: contradicted threshold 0.464');
    await waitFor(() => expect(screen.getByTestId('calibration-saved').textContent).toContain('Checks use contradicted threshold 0.464'));
    vi.mocked(api.calibration.saved).mockResolvedValue(null as never);
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(api.calibration.reset).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('calibration-saved').textContent).toContain('Checks use the model’s contradicted threshold.'));
  });

  it('lists the changed facts with both versions, the date and the commit', async () => {
    render(<AuditView />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Changed facts' }));
    const fact = await screen.findByTestId('changed-fact');
    expect(fact.textContent).toContain('Refunds within 14 days.');
    expect(fact.textContent).toContain('Refunds within 30 days.');
    expect(fact.textContent).toContain('commit 1a2b3c4 “New refund policy”');
    expect(within(fact).getAllByText('14 days')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Since a date or git revision'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(api.audit.changedFacts).toHaveBeenLastCalledWith('2026-01-01'));
  });
});
