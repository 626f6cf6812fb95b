import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TriageItem } from '../../api/check';
import { questionFromClaim, TriageGoldenForm } from './TriageGoldenForm';

afterEach(cleanup);

const item = (over: Partial<TriageItem> = {}) =>
  ({
    check_id: 7, claim_index: 2, note: '', claim_text: 'You can ask for a full refund within 14 days.', verdict: 'contradicted',
    chunk_ids: ['help-refund-policy#1'], engine: 'offline', model: '', draft_title: 'News', updated_at: '', golden_set: '', golden_row_id: '',
    ...over,
  }) as TriageItem;

describe('questionFromClaim', () => {
  it.each([
    ['common opener lower-cased, period dropped', 'You can ask for a refund.', 'Is it true that you can ask for a refund?'],
    ['names kept', 'Tallyhub bills monthly!', 'Is it true that Tallyhub bills monthly?'],
    ['whitespace collapsed', '  The plan\n costs $5 . ', 'Is it true that the plan costs $5?'],
    ['empty', '  ', ''],
  ])('%s', (_name, claim, want) => expect(questionFromClaim(claim)).toBe(want));
});

describe('triage golden form', () => {
  it('prefills the question, lists sets with "triage", submits the edited text and shows the result', async () => {
    const onAdd = vi.fn().mockResolvedValue({ set: 'Billing', rowId: 'Q012' });
    render(<TriageGoldenForm item={item()} loadSets={() => Promise.resolve(['Billing', 'triage'])} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add as golden question' }));
    const q = screen.getByLabelText('Question') as HTMLTextAreaElement;
    expect(q.value).toBe('Is it true that you can ask for a full refund within 14 days?');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['triage', 'Billing']));
    fireEvent.change(q, { target: { value: '  How long do I have to ask for a refund? ' } });
    fireEvent.change(screen.getByLabelText('Golden set'), { target: { value: 'Billing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect((await screen.findByTestId('triage-added')).textContent).toBe('Added to Billing as Q012');
    expect(onAdd).toHaveBeenCalledWith('Billing', 'How long do I have to ask for a refund?');
  });

  it('refuses an empty question and shows a failed call as text, keeping the form', async () => {
    const onAdd = vi.fn().mockRejectedValue(new Error('invalid check request: the question is empty'));
    render(<TriageGoldenForm item={item()} loadSets={() => Promise.reject(new Error('db locked'))} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add as golden question' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not list golden sets: db locked');
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getByRole('alert').textContent).toBe('Write the question first.');
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Is it?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('invalid check request: the question is empty'));
    expect(screen.getByLabelText('Question')).toBeTruthy();
  });

  it('shows where an already-added item went instead of the button', () => {
    render(<TriageGoldenForm item={item({ golden_set: 'triage', golden_row_id: 'Q003' })} loadSets={vi.fn()} onAdd={vi.fn()} />);
    expect(screen.getByTestId('triage-added').textContent).toBe('Added to triage as Q003');
    expect(screen.queryByRole('button', { name: 'Add as golden question' })).toBeNull();
  });
});
