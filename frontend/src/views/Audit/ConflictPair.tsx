import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { AuditConflict, AuditStatement, ConflictStatus } from '../../api/audit';
import { markConflict } from '../../stores/audit';
import { openSource } from '../../stores/source';
import { splitQuote } from './highlight';

function Side({ s, values, newer, label }: { s: AuditStatement; values: string[]; newer: boolean; label: string }) {
  return (
    <div className="audit-side" data-testid={`side-${label}`} data-doc={s.doc_id}>
      <div className="audit-side-head">
        <strong className="audit-title">{s.title || s.doc_id}</strong>
        {newer && (
          <span className="audit-newer" data-testid="newer-badge">
            newer
          </span>
        )}
      </div>
      <div className="muted small">
        {s.doc_id} · {s.date ? s.date : 'date unknown'}
        {s.date && s.date_source === 'file-time' ? ' (file time)' : ''}
      </div>
      <blockquote className="audit-quote">
        {splitQuote(s.quote, values).map((p, i) =>
          p.marked ? (
            <mark key={i} className="audit-value">
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </blockquote>
      {s.flags?.includes('cut_sentence') && (
        <p className="flag" data-testid="cut-sentence-flag">
          This is part of a sentence over 400 words with no full stop, such as a long list, so it was checked in pieces.
        </p>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => openSource({ docId: s.doc_id, chunkId: s.chunk_id || undefined, quote: s.quote })}
      >
        <ExternalLink size={14} aria-hidden /> Open in source
      </button>
    </div>
  );
}

function StatusControls({ c }: { c: AuditConflict }) {
  const [marking, setMarking] = useState<ConflictStatus>();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const save = async (status: ConflictStatus, text: string) => {
    setError(undefined);
    try {
      await markConflict(c.key, status, text);
      setMarking(undefined);
      setNote('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="audit-status">
      <span className={`audit-badge status-${c.status}`} data-testid="conflict-status">
        {c.status}
      </span>
      {c.note && <span className="audit-note">“{c.note}”</span>}
      {!marking && c.status !== 'resolved' && (
        <button type="button" className="btn btn-small" onClick={() => setMarking('resolved')}>
          Mark resolved
        </button>
      )}
      {!marking && c.status !== 'intended' && (
        <button type="button" className="btn btn-small" onClick={() => setMarking('intended')}>
          Mark intended
        </button>
      )}
      {!marking && c.status !== 'open' && (
        <button type="button" className="btn btn-small" onClick={() => void save('open', '')}>
          Reopen
        </button>
      )}
      {marking && (
        <form
          className="audit-mark-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save(marking, note.trim());
          }}
        >
          <label className="sr-only" htmlFor={`note-${c.key}`}>
            Note
          </label>
          <input
            id={`note-${c.key}`}
            className="audit-note-input"
            placeholder={marking === 'intended' ? 'Why it is intended, e.g. an archived page' : 'How it was resolved'}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className="btn btn-small btn-primary">
            Save as {marking}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMarking(undefined)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <span className="audit-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Two conflicting published statements side by side with the values that differ marked. */
export function ConflictPair({ c }: { c: AuditConflict }) {
  const a = c.values.map((v) => v.a);
  const b = c.values.map((v) => v.b);
  const differs = c.values.map((v) => `${v.a} vs ${v.b}`).join('; ');
  return (
    <article className="audit-pair" data-testid="conflict-pair" data-key={c.key}>
      <div className="audit-pair-meta muted small">
        {differs ? `Differs: ${differs}` : 'Values not stated'} · confidence {Math.round(c.confidence * 100)}%
      </div>
      <div className="audit-sides">
        <Side s={c.a} values={a} newer={c.newer === 'a'} label="a" />
        <Side s={c.b} values={b} newer={c.newer === 'b'} label="b" />
      </div>
      <StatusControls c={c} />
    </article>
  );
}
