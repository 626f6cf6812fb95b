import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scorecard } from '../../api';
import { Questions } from './Questions';

const q = (id: string, category: string, question: string, status: string) =>
  ({ id, category, question, status, change: '', worst_delta: 0, answer: '', baseline_answer: '', reference: '', supporting_line: '', error: '',
    references: [], scores: [], not_measured: [], why: [], retrieved: [], claims: [], evidence: [], refused: false }) as never;

const card = { baseline: undefined, questions: [q('Q2', 'routine', 'How do I export?', 'pass'), q('Q1', 'tricky', 'Can I merge?', 'fail'), q('Q3', 'refuse', 'Teleport?', 'pass')] } as unknown as Scorecard;
const rowIds = () => within(screen.getByTestId('eval-questions')).getAllByRole('button', { name: /^Open / }).map((b) => b.textContent);

afterEach(cleanup);

describe('Questions table', () => {
  it('sorts by a clicked header, flips on a second click, and says so with aria-sort', () => {
    render(<Questions card={card} category="" onCategory={() => {}} />);
    const header = screen.getByRole('columnheader', { name: /Question/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(rowIds()).toEqual(['Q1', 'Q2', 'Q3']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(rowIds()).toEqual(['Q3', 'Q2', 'Q1']);
  });

  it('searches any text and filters by status; hides baseline chips without a baseline', () => {
    render(<Questions card={card} category="" onCategory={() => {}} />);
    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'export' } });
    expect(rowIds()).toEqual(['Q2']);
    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'fail' } });
    expect(rowIds()).toEqual(['Q1']);
    expect(screen.getByTestId('eval-questions-count').textContent).toBe('1 of 3 questions');
    expect(screen.queryByRole('button', { name: /^Regressed/ })).toBeNull();
  });
});
