import { ExternalLink, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { api, type DocumentView } from '../../api';
import { closeSource, useSource, type OpenSource } from '../../stores/source';
import { findQuote } from './highlight';
import { parseDocument } from './markdown';
import { chunkIsPart, MarkdownView } from './MarkdownView';
import { isWebUrl } from './url';
import './source.css';

/** The one source viewer, mounted by App; openSource() shows it from any view. */
export function SourceViewer() {
  const open = useSource();
  if (!open) return null;
  return <SourceDialog key={open.seq} req={open} />;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function modifiedFrom(source: string): string {
  if (source === 'file_mtime') return 'file modification time';
  const key = source.startsWith('front_matter:') ? source.slice('front_matter:'.length) : '';
  return key ? `“${key}” in the front matter` : source;
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // A bare date in front matter is midnight UTC: show it as that day.
  const dateOnly = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  return dateOnly ? d.toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }) : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SourceDialog({ req }: { req: OpenSource }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<DocumentView>();
  const [error, setError] = useState<Error>();
  const [launchError, setLaunchError] = useState<string>();

  useEffect(() => {
    let live = true;
    api.documents.get(req.docId).then(
      (d) => live && setDoc(d),
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [req.docId]);

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const parsed = useMemo(() => (doc ? parseDocument(doc.markdown, doc.format === 'text' ? 'text' : 'markdown') : null), [doc]);
  const chunk = useMemo(() => doc?.chunks?.find((c) => c.chunk_id === req.chunkId), [doc, req.chunkId]);
  const quote = req.quote?.trim() ?? '';
  const marks = useMemo(() => (parsed && quote ? findQuote(parsed.leaves, quote, chunk) : null), [parsed, quote, chunk]);
  const missing = !!parsed && quote !== '' && !marks;
  const outline = parsed && chunk && chunkIsPart(parsed, chunk) ? chunk : undefined;

  // Open at the passage: the quote, else the indexed chunk it came from.
  useEffect(() => {
    if (!parsed) return;
    const target = bodyRef.current?.querySelector('mark[data-first]') ?? bodyRef.current?.querySelector('.source-chunk');
    target?.scrollIntoView?.({ block: 'center' });
  }, [parsed, marks]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      closeSource();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const openInBrowser = async (url: string) => {
    setLaunchError(undefined);
    try {
      await api.documents.openInBrowser(url);
    } catch (e) {
      setLaunchError((e as Error).message);
    }
  };

  return (
    <div className="source-backdrop" onMouseDown={(e) => e.target === e.currentTarget && closeSource()}>
      <div
        ref={dialogRef}
        className="source-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="source-viewer"
      >
        <header className="source-head">
          <div className="source-title-row">
            <h2 id={titleId} className="source-title">
              {doc?.title ?? (error ? 'Document not available' : 'Opening…')}
            </h2>
            <button type="button" className="btn btn-small" onClick={closeSource} aria-label="Close source viewer" title="Close (Esc)">
              <X size={14} aria-hidden /> Close
            </button>
          </div>
          {doc && (
            <dl className="source-meta">
              <dt>ID</dt>
              <dd><code>{doc.id}</code></dd>
              <dt>Path</dt>
              <dd><code data-testid="source-path">{doc.path}</code></dd>
              <dt>URL</dt>
              <dd data-testid="source-url">
                {doc.url ? <span className="source-url-text">{doc.url}</span> : <span className="muted">none</span>}
                {isWebUrl(doc.url) && (
                  <button type="button" className="link-button small" onClick={() => void openInBrowser(doc.url)}>
                    <ExternalLink size={12} aria-hidden /> Open in browser
                  </button>
                )}
              </dd>
              <dt>Last modified</dt>
              <dd data-testid="source-modified">
                {formatDate(doc.modified)} <span className="muted small">({modifiedFrom(doc.modified_source)})</span>
              </dd>
              {outline && (
                <>
                  <dt>Passage</dt>
                  <dd className="small">
                    <span>
                      <span className="source-chunk-key" aria-hidden /> indexed chunk <code>{outline.chunk_id}</code>, marked by the bar
                    </span>
                  </dd>
                </>
              )}
              {doc.status !== 'indexed' && (
                <>
                  <dt>Index</dt>
                  <dd><span className="source-status" data-testid="source-status">{doc.status}</span></dd>
                </>
              )}
            </dl>
          )}
          {launchError && (
            <p className="banner banner-error source-banner" role="alert" data-testid="launch-error">
              Could not open the browser: {launchError}
            </p>
          )}
          {missing && (
            <div className="banner banner-warn source-banner" role="status" data-testid="quote-missing">
              <span>
                The quoted passage is no longer in this document
                {doc?.status === 'changed since index' ? ': the file changed since it was indexed. Sync the index, then check again.' : '.'}
                <span className="source-missing-quote">Quoted: “{quote}”</span>
              </span>
            </div>
          )}
        </header>
        <div className="source-body" ref={bodyRef} data-testid="source-body">
          {error && <p className="banner banner-error" role="alert">{error.message}</p>}
          {!doc && !error && <p className="muted">Loading {req.docId}…</p>}
          {parsed && (
            <article className={doc?.format === 'text' ? 'source-doc source-doc-text' : 'source-doc'}>
              <MarkdownView doc={parsed} marks={marks} chunk={outline} plain={doc?.format === 'text'} />
            </article>
          )}
        </div>
      </div>
    </div>
  );
}
