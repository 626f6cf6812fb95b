import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoldenSetView, GoldenStale } from '../../api';
import { Grid } from './Grid';

afterEach(cleanup);

const row = (id: string, question: string) => ({
  id, question, category: 'routine', approved_answer: 'a', reference_doc_ids: ['help-refund-policy'], supporting_line: 's', owner: '', notes: '', tags: [],
});

const view = {
  set: { name: 'golden', description: '', version: 1, updated_at: '2026-01-01T00:00:00Z', updated_by: 'ana', row_count: 3 },
  rows: [row('Q005', 'Refund?'), row('Q006', 'How fast?'), row('Q007', 'Cancel?')],
  issues: [],
  validation_note: '',
} as unknown as GoldenSetView;

const stale = {
  set: 'golden',
  rows: 2,
  engine: 'offline-5+verdict-v1',
  issues: [
    { severity: 'warning', row_id: 'Q006', position: 2, row: 7, field: 'supporting_line', reason: 'supporting_line_missing', message: 'supporting line no longer occurs in help-refund-policy' },
    { severity: 'warning', row_id: 'Q007', position: 3, row: 8, field: 'reference_doc_ids', reason: 'archived', message: 'reference doc help-cancel-subscription is archived, no longer published' },
  ],
} as unknown as GoldenStale;

describe('stale rows in the golden grid', () => {
  it('badges each stale row with its reason, counts them and filters to them', () => {
    render(<Grid view={view} stale={stale} onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    const badges = screen.getAllByTestId('stale-badge');
    expect(badges.map((b) => b.closest('tr')?.getAttribute('data-row-id'))).toEqual(['Q006', 'Q007']);
    expect(badges[0].textContent).toContain('Supporting line gone: supporting line no longer occurs in help-refund-policy');
    expect(badges[1].textContent).toContain('Reference archived');
    expect(screen.getByTestId('golden-stale-count').textContent).toContain('2 stale rows');
    fireEvent.click(screen.getByTestId('golden-stale-count'));
    expect(screen.queryByText('Refund?')).toBeNull();
    expect(screen.getByText('How fast?')).toBeTruthy();
    expect(screen.getByText('Cancel?')).toBeTruthy();
  });
  it('says when no row is stale and while the check runs', () => {
    const { rerender } = render(<Grid view={view} stale={null} staleNote="Checking for stale rows…" onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByTestId('golden-stale-note').textContent).toBe('Checking for stale rows…');
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    rerender(<Grid view={view} stale={{ ...stale, rows: 0, issues: [] } as unknown as GoldenStale} onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByTestId('golden-stale-count').textContent).toBe('No stale rows');
  });
});
