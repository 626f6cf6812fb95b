import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scorecard } from '../../api';
import { AnswerDiff } from './AnswerDiff';
import { Questions } from './Questions';
import { diffCounts, wordDiff } from './answerDiff';

afterEach(cleanup);

describe('wordDiff', () => {
  const cases: { name: string; before: string; after: string; removed: string[]; added: string[] }[] = [
    { name: 'identical answers', before: 'Refunds take 30 days.', after: 'Refunds take 30 days.', removed: [], added: [] },
    { name: 'a changed number', before: 'Refunds within 30 days.', after: 'Refunds within 45 days.', removed: ['30 '], added: ['45 '] },
    { name: 'case and punctuation are the same word', before: 'Refunds, within 30 days', after: 'refunds within 30 days.', removed: [], added: [] },
    { name: 'words added at the end', before: 'Yes.', after: 'Yes. On any plan.', removed: [], added: ['On any plan.'] },
    { name: 'baseline empty', before: '', after: 'New answer', removed: [], added: ['New answer'] },
  ];
  for (const c of cases)
    it(c.name, () => {
      const d = wordDiff(c.before, c.after);
      expect(d.before.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(c.removed);
      expect(d.after.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(c.added);
      expect(d.before.map((p) => p.text).join('')).toBe(c.before);
      expect(d.after.map((p) => p.text).join('')).toBe(c.after);
    });

  it('counts words', () => {
    expect(diffCounts(wordDiff('a b c', 'a x y c'))).toEqual({ removed: 1, added: 2 });
  });
});

describe('AnswerDiff', () => {
  it('shows both answers side by side with removed and added words marked, as text', () => {
    render(<AnswerDiff baseline="Refunds within 30 days." current="Refunds within 45 days. <b>bold</b>" baselineRunId="run-1" />);
    const before = screen.getByTestId('eval-answer-diff-before');
    const after = screen.getByTestId('eval-answer-diff-after');
    expect(before.querySelector('del')?.textContent).toBe('30 ');
    expect([...after.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['45 ', '<b>bold</b>']);
    expect(after.querySelector('b')).toBeNull(); // markup in an answer stays text
    expect(screen.getByText(/Baseline \(run-1\)/)).toBeTruthy();
    expect(screen.getByTestId('eval-answer-diff').textContent).toContain('1 word removed · 2 added');
  });
});

const q = (id: string, over: Record<string, unknown>) =>
  ({ id, category: 'routine', question: id, status: 'pass', change: 'same', worst_delta: 0, answer: 'a', baseline_answer: 'a', reference: 'r',
    supporting_line: '', error: '', references: [], scores: [], not_measured: [], why: [], retrieved: [], claims: [], evidence: [], refused: false,
    answer_changed: false, contradicts_approved: false, contradicted_claims: [], ...over }) as never;

describe('Questions with answer changes', () => {
  const card = {
    baseline: { run_id: 'run-1', started_at: '', regressions: 1, improvements: 0, new_errors: 0, fixed_errors: 0, answers_changed: 2, contradicts_approved: 1 },
    questions: [
      q('Q1', { change: 'regressed', answer: 'Refunds within 45 days.', baseline_answer: 'Refunds within 30 days.', answer_changed: true,
        contradicts_approved: true, contradicted_claims: ['Refunds within 45 days.'] }),
      q('Q2', { answer: 'Full refunds.', baseline_answer: 'Refunds.', answer_changed: true }),
      q('Q3', { answer: 'same, text', baseline_answer: 'Same text' }),
    ],
  } as unknown as Scorecard;
  const rowIds = () => within(screen.getByTestId('eval-questions')).getAllByRole('button', { name: /^Open / }).map((b) => b.textContent);

  it('counts a contradiction as regressed, badges it, and diffs the answers in the drawer', () => {
    render(<Questions card={card} category="" onCategory={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /^Regressed 1/ }));
    expect(rowIds()).toEqual(['Q1']);
    expect(within(screen.getByTestId('eval-questions')).getByText('contradicts approved answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Answer changed 2/ }));
    expect(rowIds()).toEqual(['Q1', 'Q2']);
    fireEvent.click(screen.getByRole('button', { name: 'Open Q1' }));
    const drawer = screen.getByTestId('eval-drawer');
    expect(within(drawer).getByText('contradicts approved answer')).toBeTruthy();
    expect(within(drawer).getByTestId('eval-contradicted-claims').textContent).toContain('Refunds within 45 days.');
    expect(within(drawer).getByTestId('eval-answer-diff-after').querySelector('ins')?.textContent).toBe('45 ');
  });

  it('shows no diff for an answer that changed only in case or punctuation', () => {
    render(<Questions card={card} category="" onCategory={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Q3' }));
    expect(within(screen.getByTestId('eval-drawer')).queryByTestId('eval-answer-diff')).toBeNull();
  });
});
