import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoldenSetView } from '../../api';
import { Grid } from './Grid';

afterEach(cleanup);

const row = (id: string, category: string, question: string) => ({
  id, question, category, approved_answer: 'a', reference_doc_ids: ['help-a'], supporting_line: 's', owner: '', notes: '', tags: [],
});

const view = {
  set: { name: 'Billing', description: '', version: 3, updated_at: '2026-01-01T00:00:00Z', updated_by: 'ana', row_count: 3 },
  rows: [row('Q001', 'routine', 'Trial?'), row('Q002', 'tricky', 'Refund?'), row('Q003', 'weird', 'Why?')],
  issues: [
    { severity: 'warning', row_id: 'Q002', position: 2, field: 'supporting_line', message: 'supporting line not found in help-a' },
    { severity: 'error', row_id: 'Q003', position: 3, field: 'category', message: 'unknown category "weird"' },
  ],
  validation_note: '',
} as unknown as GoldenSetView;

describe('golden grid', () => {
  it('says why a row is flagged, in words, and filters by validation state and category', () => {
    render(<Grid view={view} onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByTestId('golden-counts').textContent).toBe('3 questions · 1 errors · 1 warnings');
    expect(screen.getByText('supporting line not found in help-a')).toBeTruthy();
    expect(screen.getByText('unknown category "weird"')).toBeTruthy();
    expect([...document.querySelectorAll('.gold-badge')].map((b) => b.textContent?.trim())).toEqual(['Valid', 'Warning', 'Error']);
    fireEvent.change(screen.getByLabelText('Filter by validation state'), { target: { value: 'error' } });
    expect(screen.queryByText('Trial?')).toBeNull();
    expect(screen.getByText('Why?')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter by validation state'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: 'tricky' } });
    expect(screen.getByText('Refund?')).toBeTruthy();
    expect(screen.queryByText('Why?')).toBeNull();
  });
  it('saves an inline edit on Enter and cancels on Escape', () => {
    const onEdit = vi.fn();
    render(<Grid view={view} onEdit={onEdit} onAdd={vi.fn()} onDelete={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Edit Question of Q001'));
    const box = screen.getByLabelText('Question of Q001');
    fireEvent.change(box, { target: { value: 'How long is the trial?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledWith('Q001', 'question', 'How long is the trial?');
    fireEvent.click(screen.getByLabelText('Edit Owner of Q002'));
    fireEvent.keyDown(screen.getByLabelText('Owner of Q002'), { key: 'Escape' });
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
  it('shows the Notes column and filters by any text in the search box', () => {
    const noted = { ...view, rows: [...view.rows.slice(0, 2), { ...view.rows[2], notes: 'Legal asked for this one' }] } as GoldenSetView;
    render(<Grid view={noted} onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByRole('button', { name: /^Notes/ })).toBeTruthy();
    expect(screen.getByText('Legal asked for this one')).toBeTruthy();
    const search = screen.getByLabelText('Search questions');
    fireEvent.change(search, { target: { value: 'legal ASKED' } });
    expect(ids()).toEqual(['Q003']);
    expect(screen.getByTestId('golden-matches').textContent).toBe('1 of 3 match');
    fireEvent.change(search, { target: { value: 'tricky' } });
    expect(ids()).toEqual(['Q002']);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(ids()).toEqual(['Q001', 'Q002', 'Q003']);
  });
  it('sorts by a column header, and again the other way', () => {
    render(<Grid view={view} onEdit={vi.fn()} onAdd={vi.fn()} onDelete={vi.fn()} />);
    const header = screen.getByRole('button', { name: /^Question/ });
    fireEvent.click(header);
    expect(ids()).toEqual(['Q002', 'Q001', 'Q003']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    expect(ids()).toEqual(['Q003', 'Q001', 'Q002']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });
});

function ids(): string[] {
  return [...document.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id') ?? '');
}
