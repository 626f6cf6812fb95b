import { AlertTriangle, Minus, Pencil, Plus, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GoldenField, GoldenPreview, GoldenRowChange, GoldenSet } from '../../api';
import { where } from './ImportReport';

const FIELD_LABEL: Record<GoldenField, string> = {
  id: 'ID',
  question: 'Question',
  category: 'Category',
  approved_answer: 'Approved answer',
  reference_doc_ids: 'Reference doc IDs',
  supporting_line: 'Supporting line',
  owner: 'Owner',
  notes: 'Notes',
  tags: 'Tags',
};

const NEW_SET = '\u0000new';

/** The counts line, e.g. "2 added · 1 changed · 1 removed". */
export function diffSummary(p: GoldenPreview): string {
  return `${p.added.length} added · ${p.changed.length} changed · ${p.removed.length} removed`;
}

function ChangeList({ title, kind, items }: { title: string; kind: 'added' | 'changed' | 'removed'; items: GoldenRowChange[] }) {
  if (items.length === 0) return null;
  const Icon = kind === 'added' ? Plus : kind === 'changed' ? Pencil : Minus;
  return (
    <div className={`gold-diff-group gold-diff-${kind}`}>
      <h3 className="small">
        <Icon size={14} aria-hidden /> {title} ({items.length})
      </h3>
      <ul className="plain-list" aria-label={`${title} rows`} data-testid={`diff-${kind}`}>
        {items.map((c) => (
          <li key={c.id}>
            <code>{c.id}</code> {c.question || <span className="muted">(no question)</span>}
            {c.fields.length > 0 && (
              <span className="muted small"> · {c.fields.map((f) => FIELD_LABEL[f as GoldenField] ?? f).join(', ')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface Props {
  preview: GoldenPreview;
  sets: GoldenSet[];
  validOnly: boolean;
  busy: boolean;
  /** Re-preview into another set, or with valid rows only. */
  onChange: (set: string, validOnly: boolean) => void;
  onCommit: () => void;
  onCancel: () => void;
  /** Open the set instead (when the import would change nothing). */
  onOpen: (set: string) => void;
}

/** Step two of an import: the target set and the row diff, before anything is written. */
export function ImportPreview({ preview: p, sets, validOnly, busy, onChange, onCommit, onCancel, onOpen }: Props) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const existing = sets.some((s) => s.name === p.set);
  const [choice, setChoice] = useState(existing ? p.set : NEW_SET);
  const [newName, setNewName] = useState(existing ? p.default_set : p.set);
  useEffect(() => heading.current?.focus(), []);

  const choose = (v: string) => {
    setChoice(v);
    if (v !== NEW_SET) onChange(v, validOnly);
    else if (newName.trim()) onChange(newName.trim(), validOnly);
  };
  const canImport = p.storable && !p.unchanged && !busy && (choice !== NEW_SET || newName.trim() !== '');
  const rowErrors = p.errors.some((e) => e.row > 0);

  return (
    <section
      className="panel gold-preview"
      role="region"
      aria-labelledby={titleId}
      data-testid="import-preview"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <h2 id={titleId} className="panel-title" tabIndex={-1} ref={heading}>
        Import {p.file}: review before it is saved
      </h2>
      <div className="gold-preview-target">
        <label>
          Import into{' '}
          <select aria-label="Import into set" value={choice} onChange={(e) => choose(e.target.value)}>
            {sets.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} (existing, v{s.version})
              </option>
            ))}
            <option value={NEW_SET}>A new set…</option>
          </select>
        </label>
        {choice === NEW_SET && (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (newName.trim()) onChange(newName.trim(), validOnly);
            }}
          >
            <input aria-label="New set name" value={newName} onChange={(e) => setNewName(e.target.value)} onBlur={() => newName.trim() && newName.trim() !== p.set && onChange(newName.trim(), validOnly)} />
            <button type="submit" className="btn btn-small">
              Compare
            </button>
          </form>
        )}
        <span className="muted small">
          {/* An unchanged workbook adds nothing: the status line below says so, once. */}
          {p.unchanged ? `“${p.set}” is at v${p.current_version}` : p.exists ? `adds version ${p.current_version + 1} to “${p.set}”` : `creates the set “${p.set}”`}
        </span>
      </div>
      <p role="status" aria-live="polite" data-testid="diff-summary">
        {p.unchanged ? (
          <strong>Unchanged: “{p.set}” already holds these {p.importable} questions (v{p.current_version}). Importing adds no version.</strong>
        ) : (
          <>
            <strong>{diffSummary(p)}</strong>
            {p.reordered && ' · the same rows in a new order'} · {p.rows} questions in the file
            {p.errors.length > 0 && ` · ${p.errors.length} errors`}
            {p.warnings.length > 0 && ` · ${p.warnings.length} warnings`}
          </>
        )}
      </p>
      {!p.unchanged && (
        <div className="gold-diff">
          <ChangeList title="Added" kind="added" items={p.added} />
          <ChangeList title="Changed" kind="changed" items={p.changed} />
          <ChangeList title="Removed" kind="removed" items={p.removed} />
        </div>
      )}
      {p.errors.length > 0 && (
        <ul className="plain-list gold-problems" aria-label="Errors">
          {p.errors.map((e, i) => (
            <li key={`e${i}`} className="gold-error">
              <XCircle size={12} aria-hidden /> <strong>Error</strong> {where(e)}: {e.message}
            </li>
          ))}
        </ul>
      )}
      {/* Open: a warning such as a reference to a document the workspace does
          not have is what the expert came to see; folded, it went unread. */}
      {p.warnings.length > 0 && (
        <details open>
          <summary>{p.warnings.length} warnings (they do not stop the import)</summary>
          <ul className="plain-list gold-problems">
            {p.warnings.map((w, i) => (
              <li key={`w${i}`} className="gold-warning">
                <AlertTriangle size={12} aria-hidden /> <strong>Warning</strong> {where(w)}: {w.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {!p.storable && !validOnly && <p className="gold-error">Nothing can be imported from {p.file} until its errors are fixed.</p>}
      <div className="row gold-preview-actions">
        {p.unchanged ? (
          <button type="button" className="btn btn-primary" onClick={() => onOpen(p.set)}>
            Open “{p.set}”
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!canImport} onClick={onCommit}>
            {busy ? 'Importing…' : `Import ${p.importable} questions`}
          </button>
        )}
        {rowErrors && (
          <label className="small">
            <input type="checkbox" checked={validOnly} onChange={(e) => onChange(p.set, e.target.checked)} /> Import the valid rows only
          </label>
        )}
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
