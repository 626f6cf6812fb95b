import { describe, expect, it } from 'vitest';
import type { EvalQuestion } from '../../api';
import { answerChanged, nextSort, selectQuestions, type QuestionQuery } from './questionsTable';

const q = (p: Partial<EvalQuestion>): EvalQuestion =>
  ({ id: 'Q', category: 'routine', question: '', status: 'pass', change: '', worst_delta: 0, answer: '', baseline_answer: '', reference: '',
    supporting_line: '', error: '', references: [], scores: [], not_measured: [], why: [], ...p }) as unknown as EvalQuestion;

const qs = [
  q({ id: 'Q10', category: 'tricky', question: 'Can I merge invoices?', status: 'fail', change: 'regressed', worst_delta: -0.4, answer: 'No', baseline_answer: 'Yes',
    scores: [{ metric: 'faithfulness', value: 0.5, below: true } as never] }),
  q({ id: 'Q2', category: 'routine', question: 'How do I export?', status: 'pass', change: 'improved', worst_delta: 0.2, answer: 'From Settings', baseline_answer: 'From Settings' }),
  q({ id: 'Q3', category: 'refuse', question: 'Teleport?', status: 'error', change: 'same', error: 'judge reply is not JSON',
    not_measured: [{ metric: 'answer_relevancy', reason: 'no embedder' } as never] }),
  q({ id: 'Q1', category: 'routine', question: 'Refund window', status: 'pass', change: 'new', answer: 'Ten days', reference: 'refunds take ten days' }),
];
const all: QuestionQuery = { search: '', filter: 'all', status: '', category: '' };
const ids = (rows: EvalQuestion[]) => rows.map((r) => r.id);

describe('questions table', () => {
  const filters: { name: string; query: Partial<QuestionQuery>; want: string[] }[] = [
    { name: 'search looks in the question', query: { search: 'EXPORT' }, want: ['Q2'] },
    { name: 'search looks in the reference and answer, every word', query: { search: 'ten days' }, want: ['Q1'] },
    { name: 'search looks in the error', query: { search: 'json' }, want: ['Q3'] },
    { name: 'search matches IDs', query: { search: 'q10' }, want: ['Q10'] },
    { name: 'category', query: { category: 'routine' }, want: ['Q1', 'Q2'] },
    { name: 'status fail', query: { status: 'fail' }, want: ['Q10'] },
    { name: 'status error', query: { status: 'error' }, want: ['Q3'] },
    { name: 'status not measured', query: { status: 'not_measured' }, want: ['Q3'] },
    { name: 'failing = not pass', query: { filter: 'failing' }, want: ['Q3', 'Q10'] },
    { name: 'regressed', query: { filter: 'regressed' }, want: ['Q10'] },
    { name: 'improved', query: { filter: 'improved' }, want: ['Q2'] },
    { name: 'answer changed against the baseline', query: { filter: 'answer_changed' }, want: ['Q10'] },
    { name: 'filters combine', query: { category: 'routine', search: 'settings' }, want: ['Q2'] },
  ];
  for (const c of filters) {
    it(`filters: ${c.name}`, () => {
      expect(ids(selectQuestions(qs, { ...all, ...c.query }, { key: 'id', dir: 'asc' }))).toEqual(c.want);
    });
  }

  it('keeps the default order without a sort: worst regression first, then errors, failures, IDs', () => {
    expect(ids(selectQuestions(qs, all, null))).toEqual(['Q10', 'Q3', 'Q1', 'Q2']);
  });

  // ties keep ID order both ways, so desc is not always asc reversed
  const sorts: { key: Parameters<typeof nextSort>[1]; asc: string[]; desc?: string[] }[] = [
    { key: 'id', asc: ['Q1', 'Q2', 'Q3', 'Q10'] },
    { key: 'status', asc: ['Q3', 'Q10', 'Q1', 'Q2'], desc: ['Q1', 'Q2', 'Q10', 'Q3'] },
    { key: 'category', asc: ['Q3', 'Q1', 'Q2', 'Q10'], desc: ['Q10', 'Q1', 'Q2', 'Q3'] },
    { key: 'question', asc: ['Q10', 'Q2', 'Q1', 'Q3'] },
    { key: 'change', asc: ['Q10', 'Q2', 'Q3', 'Q1'] },
  ];
  for (const s of sorts) {
    it(`sorts by ${s.key} both ways`, () => {
      expect(ids(selectQuestions(qs, all, { key: s.key, dir: 'asc' }))).toEqual(s.asc);
      expect(ids(selectQuestions(qs, all, { key: s.key, dir: 'desc' }))).toEqual(s.desc ?? [...s.asc].reverse());
    });
  }

  it('flips the direction on the same column, starts ascending on a new one', () => {
    expect(nextSort(null, 'id')).toEqual({ key: 'id', dir: 'asc' });
    expect(nextSort({ key: 'id', dir: 'asc' }, 'id')).toEqual({ key: 'id', dir: 'desc' });
    expect(nextSort({ key: 'id', dir: 'desc' }, 'status')).toEqual({ key: 'status', dir: 'asc' });
  });

  it('counts an answer as changed only against a baseline that had the question', () => {
    expect(qs.map(answerChanged)).toEqual([true, false, false, false]);
  });
});
