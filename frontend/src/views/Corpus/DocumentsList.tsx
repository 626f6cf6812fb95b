import { FileText, Search } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { api, type DocumentRow } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { openSource } from '../../stores/source';
import { useStore } from '../../stores/store';
import { syncStore } from './syncStore';
import './documents.css';

const STATUS_CLASS: Record<string, string> = {
  indexed: 'doc-status-ok',
  'changed since index': 'doc-status-warn',
  'not indexed': 'doc-status-none',
  'removed since index': 'doc-status-bad',
};

function StatusBadge({ row }: { row: DocumentRow }) {
  const why = row.status === 'not indexed' && row.publish !== 'published' ? ` · ${row.publish}` : '';
  return (
    <span className={`doc-status ${STATUS_CLASS[row.status] ?? 'doc-status-none'}`} data-testid="doc-status">
      {row.status}
      {why}
    </span>
  );
}

/** The workspace's documents with their index status; a row opens the source viewer. */
/** refresh changes when something other than a sync here changed the index (a source's sync). */
export function DocumentsList({ refresh = 0 }: { refresh?: number }) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const [rows, setRows] = useState<DocumentRow[]>();
  const [error, setError] = useState<Error>();
  const [tick, setTick] = useState(0);
  const syncing = !!useStore(syncStore).jobId;

  useEffect(() => {
    const t = setTimeout(() => setFilter(query.trim()), 200);
    return () => clearTimeout(t);
  }, [query]);

  // Reloaded when the filter changes, when a sync ends and when a source synced.
  useEffect(() => {
    if (syncing) return;
    let live = true;
    (async () => api.documents.list(filter))().then(
      (r) => {
        if (!live) return;
        setRows(r);
        setError(undefined);
      },
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [filter, syncing, tick, refresh]);

  const open = (row: DocumentRow, e?: MouseEvent<HTMLTableRowElement>) => {
    e?.currentTarget.querySelector<HTMLButtonElement>('button')?.focus();
    openSource({ docId: row.id });
  };

  return (
    <section className="panel" aria-labelledby="documents-title" data-testid="documents">
      <h2 id="documents-title" className="panel-title">
        <FileText size={16} aria-hidden /> Documents
      </h2>
      <div className="doc-search">
        <Search size={14} aria-hidden />
        <input
          type="search"
          className="doc-search-input"
          aria-label="Filter documents"
          placeholder="Filter by title, ID or path"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="muted small" aria-live="polite" data-testid="documents-count">
          {rows ? (filter ? `${rows.length} matching` : `${rows.length} documents`) : ''}
        </span>
      </div>
      {error && <ErrorBanner error={error} onRetry={() => setTick((t) => t + 1)} />}
      {rows && rows.length === 0 && <p className="muted">{filter ? `No document's title, ID or path contains “${filter}”.` : 'No documents in this workspace.'}</p>}
      {rows && rows.length > 0 && (
        <div className="doc-table-wrap">
          <table className="table doc-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">ID</th>
                <th scope="col">Path</th>
                <th scope="col" className="num">Chunks</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.id}\u0000${r.path}`} className="doc-row" onClick={(e) => open(r, e)} data-testid="doc-row" data-doc-id={r.id}>
                  <td>
                    <button
                      type="button"
                      className="link-button doc-open"
                      onClick={(e) => {
                        e.stopPropagation();
                        open(r);
                      }}
                      disabled={r.status === 'removed since index'}
                      title={r.status === 'removed since index' ? 'The file is no longer in the workspace' : `Open ${r.title}`}
                    >
                      {r.title}
                    </button>
                  </td>
                  <td><code className="small">{r.id}</code></td>
                  <td><code className="small doc-path">{r.path}</code></td>
                  <td className="num">{r.chunks}</td>
                  <td><StatusBadge row={r} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
