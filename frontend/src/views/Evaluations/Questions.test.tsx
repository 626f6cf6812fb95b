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

  const drawerCases = [
    {
      name: 'the claim engine: the passage and its confidence',
      found: { kind: 'contradicted', claim: 'Refunds within 30 days.', doc_id: 'blog-longer-refund-window', chunk_id: 'blog-longer-refund-window#2',
        passage: '- After <b>45 days</b> you can still ask.', confidence: 0.8612 },
      want: ['The corpus now contradicts the approved answer', 'blog-longer-refund-window#2', 'confidence 0.86'],
    },
    {
      name: 'the page history: the old sentence, no confidence claimed',
      found: { kind: 'superseded', claim: 'Refunds within 14 days.', doc_id: 'help-refund-policy', chunk_id: '', passage: 'Refunds within 30 days.' },
      want: ['The corpus now contradicts the approved answer', 'help-refund-policy', 'no confidence'],
    },
  ];
  for (const c of drawerCases) {
    it(`the drawer shows an approved answer the corpus contradicts: ${c.name}`, () => {
      const contradicted = { ...(q('Q031', 'routine', 'How long do refunds take?', 'fail') as object), approved_contradiction: c.found } as never;
      render(<Questions card={{ baseline: undefined, questions: [contradicted] } as unknown as Scorecard} category="" onCategory={() => {}} />);
      fireEvent.click(screen.getByRole('button', { name: 'Open Q031' }));
      const box = screen.getByTestId('eval-approved-contradicted');
      for (const w of c.want) expect(box.textContent).toContain(w);
      // corpus text is text, never markup
      expect(screen.getByTestId('eval-approved-passage').textContent).toBe(c.found.passage);
      expect(box.querySelector('b')).toBeNull();
    });
  }

  it('the drawer says nothing of it when the corpus agrees', () => {
    render(<Questions card={card} category="" onCategory={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Q1' }));
    expect(screen.getByTestId('eval-drawer')).toBeTruthy();
    expect(screen.queryByTestId('eval-approved-contradicted')).toBeNull();
  });
});
