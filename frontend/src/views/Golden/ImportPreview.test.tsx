import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoldenPreview, GoldenSet } from '../../api';
import { ImportPreview } from './ImportPreview';

afterEach(cleanup);

const sets = [{ name: 'billing', version: 3, row_count: 3 }] as unknown as GoldenSet[];
const base = {
  file: 'billing (1).xlsx', set: 'billing', default_set: 'billing', exists: true, current_version: 3, rows: 3, importable: 3,
  storable: true, unchanged: false, reordered: false, errors: [], warnings: [],
  added: [{ id: 'Q004', question: 'Refund of a gift?', fields: [] }],
  changed: [{ id: 'Q002', question: '<b>How long</b> is the refund window?', fields: ['question', 'notes'] }],
  removed: [{ id: 'Q003', question: 'Refund by card?', fields: [] }],
} as unknown as GoldenPreview;

function setup(p: GoldenPreview) {
  const handlers = { onChange: vi.fn(), onCommit: vi.fn(), onCancel: vi.fn(), onOpen: vi.fn() };
  render(<ImportPreview preview={p} sets={sets} validOnly={false} busy={false} {...handlers} />);
  return handlers;
}

describe('import preview', () => {
  it('shows warnings unfolded, such as a reference to a document the workspace lacks', () => {
    const msg = 'no document help-refunds-policy in this workspace; closest: help-refund-policy';
    setup({ ...base, warnings: [{ severity: 'warning', row: 4, row_id: 'Q004', field: 'reference_doc_ids', message: msg }] } as unknown as GoldenPreview);
    const warning = screen.getByText(new RegExp(msg));
    expect(warning.closest('details')?.open).toBe(true);
  });
  it('shows the counts and every added, changed and removed row before anything is written', () => {
    const h = setup(base);
    expect(screen.getByTestId('diff-summary').textContent).toContain('1 added · 1 changed · 1 removed');
    expect(within(screen.getByTestId('diff-added')).getByText(/Refund of a gift/)).toBeTruthy();
    expect(within(screen.getByTestId('diff-removed')).getByText(/Refund by card/)).toBeTruthy();
    const changed = screen.getByTestId('diff-changed');
    expect(changed.textContent).toContain('Question, Notes');
    // text stays text: markup in a cell is never rendered
    expect(changed.querySelector('b')).toBeNull();
    expect(changed.textContent).toContain('<b>How long</b>');
    expect((screen.getByLabelText('Import into set') as HTMLSelectElement).value).toBe('billing');
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 questions' }));
    expect(h.onCommit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(h.onCancel).toHaveBeenCalledTimes(1);
  });
  it('re-diffs against another set when the target changes', () => {
    const h = setup({ ...base, set: 'billing copy', exists: false, current_version: 0 } as GoldenPreview);
    expect((screen.getByLabelText('Import into set') as HTMLSelectElement).value).not.toBe('billing');
    expect((screen.getByLabelText('New set name') as HTMLInputElement).value).toBe('billing copy');
    expect(screen.getByText('creates the set “billing copy”')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Import into set'), { target: { value: 'billing' } });
    expect(h.onChange).toHaveBeenCalledWith('billing', false);
  });
  it('says an unchanged workbook adds no version and offers to open the set instead', () => {
    const h = setup({ ...base, unchanged: true, added: [], changed: [], removed: [] } as unknown as GoldenPreview);
    expect(screen.getByTestId('diff-summary').textContent).toContain('Importing adds no version');
    // one statement of what importing does, not "adds version N" beside it
    expect(screen.queryByText(/adds version/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import \d+ questions/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open “billing”' }));
    expect(h.onOpen).toHaveBeenCalledWith('billing');
  });
  it('blocks an import with errors until valid rows only is chosen', () => {
    const h = setup({
      ...base, storable: false, errors: [{ sheet: 'Golden questions', row: 4, column: 'C', message: 'unknown category "weird"' }],
    } as unknown as GoldenPreview);
    expect((screen.getByRole('button', { name: 'Import 3 questions' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Row 4 · Column C: unknown category/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Import the valid rows only'));
    expect(h.onChange).toHaveBeenCalledWith('billing', true);
  });
});
