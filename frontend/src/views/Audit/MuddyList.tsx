import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { MuddyDocument } from '../../api/audit';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { openSource } from '../../stores/source';

function DocumentFindings({ docId }: { docId: string }) {
  const doc = useAsync<MuddyDocument>(() => api.audit.muddyForDocument(docId));
  if (doc.error) return <ErrorBanner error={doc.error} onRetry={doc.reload} />;
  if (!doc.data) return <p className="muted">Reading…</p>;
  return (
    <ul className="muddy-findings">
      {doc.data.findings.map((f, i) => (
        <li key={i} className="muddy-finding" data-testid="muddy-finding">
          <blockquote className="audit-quote">{f.sentence}</blockquote>
          <div>
            <span className="muddy-label">Why</span> {f.why}
          </div>
          <div>
            <span className="muddy-label">Rewrite</span> <span className="muddy-rewrite">{f.rewrite}</span>
          </div>
          <button type="button" className="link-button" onClick={() => openSource({ docId, quote: f.sentence })}>
            <ExternalLink size={14} aria-hidden /> Open in source
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Muddy sentences per published document: counts, and a document's sentences when opened. */
export function MuddyList() {
  const summary = useAsync(() => api.audit.muddySummary());
  const [open, setOpen] = useState<string>();
  if (summary.error) return <ErrorBanner error={summary.error} onRetry={summary.reload} />;
  if (!summary.data) return <p className="muted">Linting published documents…</p>;
  const docs = summary.data.documents;
  return (
    <section className="panel" aria-label="Muddy sentences">
      <p className="muted small">
        Sentences that bind two facts or subjects so loosely that a search can attach a fact to the wrong one.{' '}
        {summary.data.checked} published document(s) checked.
      </p>
      {docs.length === 0 && (
        <p className="audit-empty" data-testid="muddy-empty">
          No muddy sentences in the published documents. Edit a page and come back to lint it again.
        </p>
      )}
      <ul className="plain-list muddy-docs">
        {docs.map((d) => (
          <li key={d.doc_id} data-testid="muddy-doc" data-doc={d.doc_id}>
            <button
              type="button"
              className="muddy-doc-toggle"
              aria-expanded={open === d.doc_id}
              onClick={() => setOpen(open === d.doc_id ? undefined : d.doc_id)}
            >
              <span className="audit-title">{d.title || d.doc_id}</span>
              <span className="muted small">{d.doc_id}</span>
              <span className="audit-count">{d.count}</span>
            </button>
            {open === d.doc_id && <DocumentFindings docId={d.doc_id} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
