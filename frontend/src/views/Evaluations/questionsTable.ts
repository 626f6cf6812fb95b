import type { EvalQuestion } from '../../api';
import { metricLabel } from './format';

/** The change chips: movement against the baseline the view compares with. */
export type QuestionFilter = 'all' | 'failing' | 'regressed' | 'improved' | 'answer_changed';
/** The status filter; 'not_measured' = a question with at least one metric not measured. */
export type StatusFilter = '' | 'pass' | 'fail' | 'error' | 'not_measured';
export type SortKey = 'id' | 'status' | 'category' | 'question' | 'below' | 'change';
export type SortDir = 'asc' | 'desc';
export interface QuestionSort {
  key: SortKey;
  dir: SortDir;
}
export interface QuestionQuery {
  search: string;
  filter: QuestionFilter;
  status: StatusFilter;
  category: string;
}

/**
 * Whether the produced answer differs from the baseline's (only with a baseline that has the question): the backend's
 * answer_changed (case, whitespace and punctuation folded), else, for a scorecard without it, the trimmed texts.
 */
export const answerChanged = (q: EvalQuestion) =>
  !!q.change && q.change !== 'new' && (q.answer_changed ?? q.baseline_answer.trim() !== q.answer.trim());

/** The metrics a question is below threshold on, as the table shows them. */
export const belowText = (q: EvalQuestion) => q.scores.filter((s) => s.below).map((s) => metricLabel(s.metric)).join(', ') || (q.error ? 'error' : '');

function matchesFilter(q: EvalQuestion, f: QuestionFilter) {
  switch (f) {
    case 'failing':
      return q.status !== 'pass';
    case 'regressed': // the backend counts a new contradiction of the approved answer as a regression
      return q.change === 'regressed' || !!q.contradicts_approved;
    case 'improved':
      return q.change === 'improved';
    case 'answer_changed':
      return answerChanged(q);
    default:
      return true;
  }
}

function matchesStatus(q: EvalQuestion, s: StatusFilter) {
  if (!s) return true;
  if (s === 'not_measured') return q.not_measured.length > 0;
  return q.status === s;
}

/** Every text of a question the search box looks in. */
function haystack(q: EvalQuestion) {
  return [q.id, q.category, q.question, q.answer, q.reference, q.supporting_line, q.status, q.change, q.error, belowText(q),
    ...q.references.map((r) => r.doc_id), ...q.why].join('\n').toLowerCase();
}

/** Whether q passes every part of the query except the change chip (for the chips' counts). */
export function matchesQuery(q: EvalQuestion, query: Omit<QuestionQuery, 'filter'>) {
  if (query.category && q.category !== query.category) return false;
  if (!matchesStatus(q, query.status)) return false;
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const h = haystack(q);
  return words.every((w) => h.includes(w));
}

const statusRank = (q: EvalQuestion) => ({ error: 0, fail: 1, pass: 2 })[q.status] ?? 3;
const changeRank = (q: EvalQuestion) => ({ regressed: 0, improved: 2, same: 3, new: 4, not_measured: 5 })[q.change] ?? 6;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: EvalQuestion, b: EvalQuestion, key: SortKey): number {
  switch (key) {
    case 'status':
      return statusRank(a) - statusRank(b);
    case 'category':
      return collator.compare(a.category, b.category);
    case 'question':
      return collator.compare(a.question, b.question);
    case 'below':
      return collator.compare(belowText(a) || '\uffff', belowText(b) || '\uffff');
    case 'change':
      return changeRank(a) - changeRank(b) || a.worst_delta - b.worst_delta;
    default:
      return collator.compare(a.id, b.id);
  }
}

/** The default order: biggest regression first, then errors and failures, then by ID. */
const defaultOrder = (a: EvalQuestion, b: EvalQuestion) => a.worst_delta - b.worst_delta || statusRank(a) - statusRank(b) || collator.compare(a.id, b.id);

/** The table's rows: filtered by the query, sorted by the column (ties by ID), or in the default order. */
export function selectQuestions(questions: EvalQuestion[], query: QuestionQuery, sort: QuestionSort | null): EvalQuestion[] {
  const rows = questions.filter((q) => matchesFilter(q, query.filter) && matchesQuery(q, query));
  if (!sort) return rows.sort(defaultOrder);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * compare(a, b, sort.key) || collator.compare(a.id, b.id));
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export const nextSort = (cur: QuestionSort | null, key: SortKey): QuestionSort =>
  cur?.key === key ? { key, dir: cur.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
