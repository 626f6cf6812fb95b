import { ArrowDown, ArrowUp, ArrowUpDown, Search, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EvalQuestion, Scorecard } from '../../api';
import { AnswerDiff } from './AnswerDiff';
import { StatusBadge } from './StatusBadge';
import { fmt, metricLabel, signed } from './format';
import { answerChanged, belowText, matchesQuery, nextSort, selectQuestions, type QuestionFilter, type QuestionSort, type SortKey, type StatusFilter } from './questionsTable';

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
      {current && <Drawer q={current} baselineRunId={card.baseline?.run_id} onClose={() => setOpen(null)} onMove={(d) => move(rows, current, d, setOpen)} />}
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

function ContradictsBadge() {
  return (
    <span className="ev-contradicts" title="A claim of this answer contradicts the approved answer; the baseline's did not">
      contradicts approved answer
    </span>
  );
}

function move(rows: EvalQuestion[], cur: EvalQuestion, d: number, set: (id: string) => void) {
  const i = rows.indexOf(cur) + d;
  if (i >= 0 && i < rows.length) set(rows[i].id);
}

function Drawer({ q, baselineRunId, onClose, onMove }: { q: EvalQuestion; baselineRunId?: string; onClose: () => void; onMove: (d: number) => void }) {
  const hasBaseline = !!baselineRunId;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [q.id]);
  return (
    <aside
      ref={ref}
      tabIndex={-1}
      className="ev-drawer"
      role="dialog"
      aria-label={`Question ${q.id}`}
      data-testid="eval-drawer"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        if (e.key === 'j' || e.key === 'ArrowDown') onMove(1);
        if (e.key === 'k' || e.key === 'ArrowUp') onMove(-1);
      }}
    >
      <header className="ev-drawer-head">
        <strong className="mono">{q.id}</strong> <StatusBadge status={q.status} /> <span className="muted">{q.category}</span>
        {q.contradicts_approved && (
          <>
            {' '}
            <ContradictsBadge />
          </>
        )}
        <span className="ev-spacer" />
        <button type="button" className="btn btn-small" onClick={() => onMove(-1)} title="Previous question (K)" aria-label="Previous question">
          <ArrowUp size={14} aria-hidden />
        </button>
        <button type="button" className="btn btn-small" onClick={() => onMove(1)} title="Next question (J)" aria-label="Next question">
          <ArrowDown size={14} aria-hidden />
        </button>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close question">
          <X size={14} aria-hidden />
        </button>
      </header>
      <p className="ev-question">{q.question}</p>
      {q.error && (
        <div className="banner banner-error" role="note">
          Error: {q.error}
        </div>
      )}
      {q.why.length > 0 && (
        <ul className="ev-why">
          {q.why.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="ev-answers">
        <div>
          <h3>Approved answer</h3>
          <p>{q.reference || '—'}</p>
        </div>
        <div>
          <h3>Produced answer{q.refused ? ' (refused)' : ''}</h3>
          <p>{q.answer || '—'}</p>
        </div>
      </div>
      {q.contradicts_approved && (q.contradicted_claims ?? []).length > 0 && (
        <div className="banner banner-error" role="note" data-testid="eval-contradicted-claims">
          Now contradicts the approved answer:
          <ul>
            {(q.contradicted_claims ?? []).map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {hasBaseline && answerChanged(q) && <AnswerDiff baseline={q.baseline_answer} current={q.answer} baselineRunId={baselineRunId} />}
      <h3>Expected documents</h3>
      <p className="ev-docs">
        {q.references.length === 0 && <span className="muted">none (refuse question)</span>}
        {q.references.map((r) => (
          <span key={r.doc_id} className={`ev-doc ${r.found ? 'ev-hit' : 'ev-miss'}`}>
            {r.found ? '✓ hit' : '✕ miss'} <code>{r.doc_id}</code>
          </span>
        ))}
      </p>
      <h3>Scores</h3>
      <table className="ev-scores">
        <tbody>
          {q.scores.map((s) => (
            <tr key={s.metric}>
              <th scope="row">{metricLabel(s.metric)}</th>
              <td className="mono">{fmt(s.value, 2)}</td>
              <td>{s.below ? <StatusBadge status="fail" /> : null}</td>
              <td className="mono small">{s.delta != null ? `${signed(s.delta, 2)} vs ${fmt(s.baseline, 2)}` : ''}</td>
              <td className="small muted">{s.method}{s.flaky ? ' · flaky' : ''}</td>
            </tr>
          ))}
          {q.not_measured.map((n) => (
            <tr key={n.metric}>
              <th scope="row">{metricLabel(n.metric)}</th>
              <td colSpan={4}>
                <StatusBadge status="not_measured" /> <span className="small muted">{n.reason}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.claims.length > 0 && (
        <>
          <h3>Answer claims</h3>
          <ul className="ev-claims">
            {q.claims.map((c, i) => (
              <li key={i}>
                <span className={`ev-verdict ev-v-${c.verdict}`}>{c.verdict.replace('_', ' ')}</span> {c.claim}
                {c.reason && <div className="small muted">{c.reason}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
      {q.evidence.length > 0 && (
        <ul className="small muted">
          {q.evidence.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <h3>Retrieved chunks</h3>
      <ol className="ev-chunks">
        {q.retrieved.map((c) => (
          <li key={c.rank}>
            <div className="ev-chunk-head">
              <span className={`ev-doc ${c.hit ? 'ev-hit' : 'ev-miss'}`}>{c.hit ? '✓ reference' : 'other'}</span> <strong>{c.title}</strong>{' '}
              <code className="small">{c.chunk_id}</code>
            </div>
            <p className="ev-chunk-text">{c.text}</p>
          </li>
        ))}
      </ol>
    </aside>
  );
}
