import { ArrowDown, ArrowUp, ArrowUpDown, Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { EvalQuestion, Scorecard } from '../../api';
import { ContradictsBadge, QuestionDrawer } from './QuestionDrawer';
import { StatusBadge } from './StatusBadge';
import { signed } from './format';
import { belowText, matchesQuery, nextSort, selectQuestions, type QuestionFilter, type QuestionSort, type SortKey, type StatusFilter } from './questionsTable';

const FILTERS: { key: QuestionFilter; label: string; needsBaseline?: boolean }[] = [
  { key: 'all', label: 'All' },
  { key: 'failing', label: 'Failing' },
  { key: 'regressed', label: 'Regressed', needsBaseline: true },
  { key: 'improved', label: 'Improved', needsBaseline: true },
  { key: 'answer_changed', label: 'Answer changed', needsBaseline: true },
];

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'status', label: 'Status' },
  { key: 'category', label: 'Category' },
  { key: 'question', label: 'Question' },
  { key: 'below', label: 'Below threshold' },
  { key: 'change', label: 'Δ vs baseline' },
];

const STATUSES: { key: StatusFilter; label: string }[] = [
  { key: '', label: 'Any status' },
  { key: 'pass', label: 'Pass' },
  { key: 'fail', label: 'Fail' },
  { key: 'error', label: 'Error' },
  { key: 'not_measured', label: 'Not measured (any metric)' },
];

export function Questions({ card, category, onCategory }: { card: Scorecard; category: string; onCategory: (c: string) => void }) {
  const [filter, setFilter] = useState<QuestionFilter>('all');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [sort, setSort] = useState<QuestionSort | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const query = useMemo(() => ({ search, filter, status, category }), [search, filter, status, category]);
  const rows = useMemo(() => selectQuestions(card.questions, query, sort), [card, query, sort]);
  const base = card.questions.filter((q) => matchesQuery(q, query));
  const count = (f: QuestionFilter) => selectQuestions(base, { ...query, filter: f }, null).length;
  const categories = [...new Set(card.questions.map((q) => q.category))].sort();
  const current = rows.find((q) => q.id === open) ?? null;
  const filters = FILTERS.filter((f) => !f.needsBaseline || card.baseline);

  return (
    <section className="panel" aria-labelledby="ev-questions-title">
      <h2 className="panel-title" id="ev-questions-title">
        Questions
      </h2>
      <div className="ev-qtools">
        <label className="ev-search">
          <Search size={14} aria-hidden />
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search questions, answers, IDs…" aria-label="Search questions" />
        </label>
        <label>
          <span className="sr-only">Category</span>
          <select value={category} onChange={(e) => onCategory(e.target.value)} aria-label="Filter by category">
            <option value="">Any category</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Status</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} aria-label="Filter by status">
            {STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" role="status" data-testid="eval-questions-count">
          {rows.length} of {card.questions.length} questions
        </span>
      </div>
      <div className="ev-chips" role="group" aria-label="Filter questions">
        {filters.map((f) => (
          <button key={f.key} type="button" className="ev-chip" aria-pressed={filter === f.key} onClick={() => setFilter(f.key)}>
            {f.label} {count(f.key)}
          </button>
        ))}
        {category && (
          <button type="button" className="ev-chip" aria-pressed onClick={() => onCategory('')}>
            Category: {category} <X size={12} aria-label="clear category filter" />
          </button>
        )}
      </div>
      <table className="table ev-table" data-testid="eval-questions">
        <thead>
          <tr>
            {COLUMNS.map((c) => {
              const dir = sort?.key === c.key ? sort.dir : null;
              return (
                <th key={c.key} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
                  <button type="button" className="ev-sort" onClick={() => setSort(nextSort(sort, c.key))}>
                    {c.label}
                    {dir === 'asc' ? <ArrowUp size={12} aria-hidden /> : dir === 'desc' ? <ArrowDown size={12} aria-hidden /> : <ArrowUpDown size={12} aria-hidden className="ev-sort-idle" />}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((q) => (
            <tr key={q.id} className={open === q.id ? 'ev-row-open' : undefined}>
              <td>
                <button type="button" className="link-button mono" onClick={() => setOpen(q.id)} aria-label={`Open ${q.id}`}>
                  {q.id}
                </button>
              </td>
              <td>
                <StatusBadge status={q.status} />
              </td>
              <td>{q.category}</td>
              <td className="ev-qtext">{q.question}</td>
              <td className="small">{belowText(q) || '—'}</td>
              <td className="mono">
                {changeText(q)}
                {q.contradicts_approved && (
                  <>
                    {' '}
                    <ContradictsBadge />
                  </>
                )}
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No question matches this filter.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {current && <QuestionDrawer q={current} baselineRunId={card.baseline?.run_id} onClose={() => setOpen(null)} onMove={(d) => move(rows, current, d, setOpen)} />}
    </section>
  );
}

function changeText(q: EvalQuestion) {
  switch (q.change) {
    case 'regressed':
      return `▼ regressed ${q.worst_delta < 0 ? signed(q.worst_delta, 2) : ''}`;
    case 'improved':
      return '▲ improved';
    case 'new':
      return 'new';
    case 'same':
      return 'same';
    default:
      return '—';
  }
}

function move(rows: EvalQuestion[], cur: EvalQuestion, d: number, set: (id: string) => void) {
  const i = rows.indexOf(cur) + d;
  if (i >= 0 && i < rows.length) set(rows[i].id);
}
