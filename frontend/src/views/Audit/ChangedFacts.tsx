import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { ChangedFact } from '../../api/audit';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { openSource } from '../../stores/source';

const KIND_LABEL: Record<string, string> = {
  value: 'Value changed',
  polarity: 'Turned around',
  wording: 'Wording changed',
  removed: 'Removed',
};

function Fact({ f }: { f: ChangedFact }) {
  return (
    <li className="audit-pair" data-testid="changed-fact" data-kind={f.kind}>
      <div className="audit-pair-meta muted small">
        <span className="audit-title">{f.title || f.doc_id}</span> · {f.date}
        {f.commit ? ` · commit ${f.commit} “${f.message}”` : ' · seen by a sync'} · {KIND_LABEL[f.kind] ?? f.kind}
      </div>
      <div className="audit-sides">
        <div className="audit-side">
          <div className="audit-side-head">
            <strong>Until {f.date}</strong>
          </div>
          <blockquote className="audit-quote">{f.old}</blockquote>
        </div>
        <div className="audit-side">
          <div className="audit-side-head">
            <strong>Since then</strong>
          </div>
          <blockquote className="audit-quote">{f.new || '(removed from the page)'}</blockquote>
          {f.current && <p className="muted small">Now: {f.current}</p>}
        </div>
      </div>
      {f.values.length > 0 && (
        <p className="small">
          {f.values.map((v, i) => (
            <span key={i}>
              {i > 0 && '; '}
              <span className="audit-value">{v.old || '—'}</span> → <span className="audit-value">{v.new || '—'}</span>
            </span>
          ))}
        </p>
      )}
      {f.republished && <p className="muted small">Published again since.</p>}
      {(f.new || f.current) && (
        <button type="button" className="link-button" onClick={() => openSource({ docId: f.doc_id, quote: f.current || f.new })}>
          <ExternalLink size={14} aria-hidden /> Open in source
        </button>
      )}
    </li>
  );
}

/** The published facts that changed, newest first: for release notes and for finding what still says the old thing. */
export function ChangedFacts() {
  const [since, setSince] = useState('');
  const [applied, setApplied] = useState('');
  const facts = useAsync(() => api.audit.changedFacts(applied));
  return (
    <section className="panel" aria-label="Changed facts">
      <form
        className="audit-mark-form"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(since.trim());
          facts.reload();
        }}
      >
        <input
          className="audit-note-input"
          aria-label="Since a date or git revision"
          placeholder="Since YYYY-MM-DD or a git revision (empty: all)"
          value={since}
          onChange={(e) => setSince(e.target.value)}
        />
        <button type="submit" className="btn btn-small">
          List
        </button>
      </form>
      {facts.error && <ErrorBanner error={facts.error} onRetry={facts.reload} />}
      {!facts.data && !facts.error && <p className="muted">Reading the history…</p>}
      {facts.data && (
        <>
          {facts.data.notice && <p className="muted small">{facts.data.notice}</p>}
          {facts.data.warnings.map((w) => (
            <p key={w} className="banner banner-warn">
              {w}
            </p>
          ))}
          {facts.data.facts.length === 0 && (
            <p className="audit-empty" data-testid="changed-empty">
              No published fact changed{applied ? ` since ${applied}` : ''}. Changes appear here after a sync sees a page change, or from
              the workspace’s git history.
            </p>
          )}
          <ul className="plain-list">
            {facts.data.facts.map((f, i) => (
              <Fact key={`${f.doc_id}-${f.commit}-${i}`} f={f} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
