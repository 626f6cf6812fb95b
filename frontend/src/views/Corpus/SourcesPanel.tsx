import { ChevronDown, ChevronRight, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { api, type Source, type SourcesSyncResult } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../../events';
import { AddSourceDialog, KIND_LABELS } from './AddSourceDialog';
import './sources.css';

interface Running {
  jobId: string;
  label: string;
  stage?: string;
}

/**
 * The corpus's sources (the content folder, exports, page folders, sitemaps) with their last sync, counts and skipped items.
 * refresh changes when the index changed elsewhere (a sync, Refresh): the counts are read again.
 */
export function SourcesPanel({ onChanged, refresh = 0 }: { onChanged?: () => void; refresh?: number }) {
  const list = useAsync(() => api.sources.list());
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [running, setRunning] = useState<Running>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [error, setError] = useState<Error>();
  const runningRef = useRef<Running>(undefined);
  runningRef.current = running;
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const reload = list.reload;
  const shown = useRef(refresh);
  useEffect(() => {
    if (shown.current === refresh) return;
    shown.current = refresh;
    reload();
  }, [refresh, reload]);

  useEffect(() => {
    const offProgress = on<JobProgressEvent>(JOB_PROGRESS, (e) => {
      if (e.job_id === runningRef.current?.jobId) setRunning((r) => r && { ...r, stage: e.stage });
    });
    const offDone = on<JobDoneEvent>(JOB_DONE, (e) => {
      if (e.job_id !== runningRef.current?.jobId) return;
      setRunning(undefined);
      setOutcome(doneText(e));
      reload();
      changed.current?.();
    });
    return () => {
      offProgress();
      offDone();
    };
  }, [reload]);

  const follow = (jobId: string, label: string) => {
    setOutcome(undefined);
    setRunning({ jobId, label });
  };
  const act = async (label: string, start: () => Promise<string>) => {
    setError(undefined);
    try {
      follow(await start(), label);
    } catch (e) {
      setError(e as Error);
    }
  };

  return (
    <section className="panel" aria-labelledby="sources-title" data-testid="sources-panel">
      <h2 id="sources-title" className="panel-title src-title">
        Sources
        <span className="src-spacer" />
        <button type="button" className="btn btn-small" onClick={() => void act('Syncing all sources', () => api.sources.sync(''))} disabled={!!running}>
          <RefreshCw size={14} aria-hidden /> Sync all
        </button>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setAdding(true)} disabled={!!running} data-testid="add-source">
          <Plus size={14} aria-hidden /> Add source…
        </button>
      </h2>
      {list.error && <ErrorBanner error={list.error} onRetry={list.reload} />}
      {error && <ErrorBanner error={error} />}
      {running && (
        <p className="banner banner-info" role="status" data-testid="sources-running">
          {running.label}… {running.stage ?? ''}
        </p>
      )}
      {outcome && (
        <p className={`banner ${outcome.ok ? 'banner-ok' : 'banner-error'}`} role="status" data-testid="sources-outcome">
          {outcome.text}
        </p>
      )}
      <table className="src-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>Last sync</th>
            <th className="num">Documents</th>
            <th className="num">Skipped</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((s) => (
            <Fragment key={s.name + s.builtin}>
              <tr data-testid={`source-row-${s.name}`}>
                <td>
                  <strong>{s.name}</strong>
                  <div className="muted small src-loc" title={s.location}>
                    {s.location}
                  </div>
                </td>
                <td>{s.builtin ? 'Content folder' : KIND_LABELS[s.kind] ?? s.kind}</td>
                <td>
                  {s.last_sync ? new Date(s.last_sync).toLocaleString() : 'Never'}
                  {s.last_error && (
                    <div className="src-error small" role="alert">
                      Last sync failed: {s.last_error}
                    </div>
                  )}
                </td>
                <td className="num" data-testid={`source-docs-${s.name}`}>
                  {s.documents}
                  {!s.builtin && s.last_sync && <div className="muted small">{changes(s)}</div>}
                </td>
                <td className="num">
                  {s.skipped.length > 0 ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-expanded={!!open[s.name]}
                      onClick={() => setOpen((o) => ({ ...o, [s.name]: !o[s.name] }))}
                      data-testid={`source-skipped-${s.name}`}
                    >
                      {open[s.name] ? <ChevronDown size={12} aria-hidden /> : <ChevronRight size={12} aria-hidden />} {s.skipped.length}
                    </button>
                  ) : (
                    0
                  )}
                </td>
                <td className="src-actions">
                  {!s.builtin && (
                    <>
                      <button type="button" className="btn btn-small" disabled={!!running} onClick={() => void act(`Syncing ${s.name}`, () => api.sources.sync(s.name))}>
                        <RefreshCw size={12} aria-hidden /> Sync
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={!!running}
                        aria-label={`Remove ${s.name}`}
                        onClick={() => {
                          if (window.confirm(`Remove the source ${s.name} and its ${s.documents} documents from the index?`)) {
                            void act(`Removing ${s.name}`, () => api.sources.remove(s.name));
                          }
                        }}
                      >
                        <Trash2 size={12} aria-hidden />
                      </button>
                    </>
                  )}
                </td>
              </tr>
              {open[s.name] && (
                <tr className="src-skipped-row">
                  <td colSpan={6}>
                    <ul className="src-skipped" data-testid={`source-skipped-list-${s.name}`}>
                      {s.skipped.map((k, i) => (
                        <li key={i}>
                          <code>{k.origin}</code>: {k.reason}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      {adding && <AddSourceDialog onClose={() => setAdding(false)} onStarted={(id) => follow(id, 'Adding and syncing the source')} />}
    </section>
  );
}

function changes(s: Source): string {
  return `+${s.written} written · ${s.unchanged} unchanged · −${s.removed} removed`;
}

function doneText(e: JobDoneEvent): { ok: boolean; text: string } {
  if (e.canceled) return { ok: false, text: 'Cancelled; the documents written so far are kept.' };
  if (!e.ok) return { ok: false, text: `Failed: ${e.error ?? 'unknown error'}` };
  const r = e.result as SourcesSyncResult | undefined;
  if (!r) return { ok: true, text: 'Done.' };
  const ix = r.index;
  const failed = r.failed.length > 0 ? ` ${r.failed.length} source(s) could not be read: ${r.failed.join('; ')}` : '';
  return {
    ok: r.failed.length === 0,
    text: `Index: ${ix.documents} documents; ${ix.added} added, ${ix.updated} updated, ${ix.removed} removed.${failed}`,
  };
}
