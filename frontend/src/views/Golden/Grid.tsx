import { AlertTriangle, Check, History as Clock, Plus, Trash2, XCircle } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { GoldenField, GoldenIssue, GoldenRow, GoldenSetView, GoldenStale } from '../../api';
import { GOLDEN_FIELDS } from '../../api/golden';
import { indexIssues, indexStale, STALE_REASON_WORD, STATE_WORD, staleWhy, type RowState } from './issues';

const COLUMNS: { field: GoldenField; label: string; wide?: boolean }[] = [
  { field: 'id', label: 'ID' },
  { field: 'question', label: 'Question', wide: true },
  { field: 'category', label: 'Category' },
  { field: 'approved_answer', label: 'Approved answer', wide: true },
  { field: 'reference_doc_ids', label: 'Reference doc IDs' },
  { field: 'supporting_line', label: 'Supporting line', wide: true },
  { field: 'owner', label: 'Owner' },
  { field: 'notes', label: 'Notes', wide: true },
  { field: 'tags', label: 'Tags' },
];

function cellText(row: GoldenRow, f: GoldenField): string {
  const v = row[f];
  return Array.isArray(v) ? v.join(', ') : String(v ?? '');
}

/** True when any of the row's cells holds every word of the query (any case). */
export function matchesSearch(row: GoldenRow, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = GOLDEN_FIELDS.map((f) => cellText(row, f)).join('\n').toLowerCase();
  return words.every((w) => text.includes(w));
}

function StateBadge({ state, title }: { state: RowState; title: string }) {
  const Icon = state === 'ok' ? Check : state === 'warning' ? AlertTriangle : XCircle;
  return (
    <span className={`gold-badge gold-${state}`} title={title}>
      <Icon size={14} aria-hidden /> {STATE_WORD[state]}
    </span>
  );
}

/** The row's "Stale" badge; the reasons are listed under it and in its tooltip. */
export function StaleBadge({ issues }: { issues: GoldenIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <span className="gold-stale" data-testid="stale-badge">
      <span className="gold-badge gold-stale-badge" title={staleWhy(issues)}>
        <Clock size={14} aria-hidden /> Stale
      </span>
      {issues.map((i) => (
        <span key={`${i.reason}\u0000${i.message}`} className="gold-why gold-stale-why">
          {STALE_REASON_WORD[i.reason ?? ''] ?? 'Stale'}: {i.message}
        </span>
      ))}
    </span>
  );
}

type StateFilter = 'all' | RowState | 'stale';

interface Props {
  view: GoldenSetView;
  /** The set's stale rows; null while they are being checked. */
  stale?: GoldenStale | null;
  /** Says the stale check is running or why it did not. */
  staleNote?: string;
  onEdit: (rowId: string, field: GoldenField, value: string) => void;
  onAdd: () => void;
  onDelete: (rowId: string) => void;
}

export function Grid({ view, stale = null, staleNote = '', onEdit, onAdd, onDelete }: Props) {
  const idx = useMemo(() => indexIssues(view.issues), [view.issues]);
  const staleIdx = useMemo(() => indexStale(stale?.issues ?? []), [stale]);
  const [category, setCategory] = useState('all');
  const [state, setState] = useState<StateFilter>('all');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ field: GoldenField; dir: 1 | -1 }>({ field: 'id', dir: 1 });
  const [editing, setEditing] = useState<{ id: string; field: GoldenField; value: string } | null>(null);

  const errors = view.issues.filter((i) => i.severity === 'error').length;
  const warnings = view.issues.length - errors;
  const rows = useMemo(() => {
    const out = view.rows.filter(
      (r) =>
        (category === 'all' || r.category === category) &&
        (state === 'all' || (state === 'stale' ? staleIdx.has(r.id) : idx.stateOf(r) === state)) &&
        matchesSearch(r, query),
    );
    return [...out].sort((a, b) => cellText(a, sort.field).localeCompare(cellText(b, sort.field), undefined, { numeric: true }) * sort.dir);
  }, [view.rows, category, state, sort, idx, staleIdx, query]);

  const commit = () => {
    if (!editing) return;
    const row = view.rows.find((r) => r.id === editing.id);
    if (row && cellText(row, editing.field) !== editing.value) onEdit(editing.id, editing.field, editing.value);
    setEditing(null);
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setEditing(null);
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      commit();
    }
  };

  return (
    <div>
      <div className="gold-toolbar">
        <span role="status" aria-live="polite" data-testid="golden-counts">
          {view.rows.length} questions · {errors} errors · {warnings} warnings
        </span>
        {stale && staleIdx.count > 0 && (
          <button type="button" className="btn btn-small gold-stale-summary" data-testid="golden-stale-count" aria-pressed={state === 'stale'} onClick={() => setState(state === 'stale' ? 'all' : 'stale')}>
            <Clock size={14} aria-hidden /> {staleIdx.count} stale {staleIdx.count === 1 ? 'row' : 'rows'}
          </button>
        )}
        {stale && staleIdx.count === 0 && (
          <span className="muted small" data-testid="golden-stale-count">
            No stale rows
          </span>
        )}
        {staleNote && <span className="muted small" data-testid="golden-stale-note">{staleNote}</span>}
        <input
          type="search"
          className="gold-search"
          aria-label="Search questions"
          placeholder="Search any text…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
        />
        {query && (
          <span className="muted small" role="status" aria-live="polite" data-testid="golden-matches">
            {rows.length} of {view.rows.length} match
          </span>
        )}
        <label>
          Category{' '}
          <select value={category} onChange={(e) => setCategory(e.target.value)} aria-label="Filter by category">
            <option value="all">All</option>
            <option value="routine">routine</option>
            <option value="tricky">tricky</option>
            <option value="refuse">refuse</option>
          </select>
        </label>
        <label>
          Validation{' '}
          <select value={state} onChange={(e) => setState(e.target.value as StateFilter)} aria-label="Filter by validation state">
            <option value="all">All</option>
            <option value="stale">Stale</option>
            <option value="error">Errors</option>
            <option value="warning">Warnings</option>
            <option value="ok">Valid</option>
          </select>
        </label>
        <button type="button" className="btn btn-small" onClick={onAdd}>
          <Plus size={14} aria-hidden /> Add question
        </button>
      </div>
      {view.validation_note && <p className="banner banner-info">{view.validation_note}</p>}
      <div className="gold-scroll">
        <table className="table gold-grid" role="grid" aria-label={`Golden set ${view.set.name}`} aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.field}
                  scope="col"
                  className={c.field === 'id' ? 'gold-sticky' : undefined}
                  aria-sort={sort.field === c.field ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className="link-button gold-sort"
                    onClick={() => setSort((s) => ({ field: c.field, dir: s.field === c.field ? (-s.dir as 1 | -1) : 1 }))}
                  >
                    {c.field === 'id' ? 'ID · status' : c.label}
                    <span aria-hidden className="gold-sort-mark">
                      {sort.field === c.field ? (sort.dir === 1 ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length + 1} className="muted">
                  No questions match. Add one, or import an Excel workbook.
                </td>
              </tr>
            )}
            {rows.map((r) => {
              const st = idx.stateOf(r);
              const why = idx.row(r.id).map((i) => `${i.severity}: ${i.message}`).join('\n') || 'No issues';
              return (
                <tr key={r.id} data-row-id={r.id}>
                  {COLUMNS.map((c) => {
                    const cellIssues = idx.cell(r.id, c.field);
                    const worst = cellIssues.some((i) => i.severity === 'error') ? 'error' : cellIssues.length ? 'warning' : '';
                    const isEditing = editing?.id === r.id && editing.field === c.field;
                    const label = `${c.label} of ${r.id}`;
                    return (
                      <td
                        key={c.field}
                        className={`${c.wide ? 'gold-wide' : ''} ${c.field === 'id' ? 'gold-sticky' : ''} ${worst ? `gold-cell-${worst}` : ''}`}
                      >
                        {isEditing && c.field === 'category' ? (
                          <select autoFocus aria-label={label} value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} onBlur={commit} onKeyDown={keys}>
                            <option value="routine">routine</option>
                            <option value="tricky">tricky</option>
                            <option value="refuse">refuse</option>
                          </select>
                        ) : isEditing ? (
                          <textarea autoFocus aria-label={label} value={editing.value} rows={3} onChange={(e) => setEditing({ ...editing, value: e.target.value })} onBlur={commit} onKeyDown={keys} />
                        ) : c.field === 'id' ? (
                          <span className="gold-idcell">
                            <strong>{r.id}</strong>
                            <StateBadge state={st} title={why} />
                            <StaleBadge issues={staleIdx.row(r.id)} />
                          </span>
                        ) : (
                          <button type="button" className="gold-cell" aria-label={`Edit ${label}`} onClick={() => setEditing({ id: r.id, field: c.field, value: cellText(r, c.field) })}>
                            {cellText(r, c.field) || <span className="muted">—</span>}
                          </button>
                        )}
                        {cellIssues.map((i) => (
                          <span key={i.message} className={`gold-why gold-${i.severity}`}>
                            {i.severity === 'error' ? <XCircle size={12} aria-hidden /> : <AlertTriangle size={12} aria-hidden />} {i.message}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                  <td>
                    <button type="button" className="btn btn-small" aria-label={`Delete ${r.id}`} onClick={() => onDelete(r.id)}>
                      <Trash2 size={14} aria-hidden />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
