import { FileSpreadsheet, FolderOpen, Plus, Upload, Download } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { api, type GoldenField, type GoldenImport, type GoldenSetView } from '../../api';
import { fileToBase64 } from '../../api/golden';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { Grid } from './Grid';
import { History } from './History';
import { ImportReport } from './ImportReport';
import './golden.css';

type Retry = (validOnly: boolean) => Promise<GoldenImport>;

export function GoldenView() {
  const file = useAsync(() => api.golden.workspaceFile());
  const sets = useAsync(() => api.golden.listSets());
  const [view, setView] = useState<GoldenSetView | null>(null);
  const [report, setReport] = useState<{ r: GoldenImport; retry: Retry } | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [dragging, setDragging] = useState(false);
  const [newName, setNewName] = useState('');

  const act = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(e as Error);
      return undefined;
    }
  };
  const open = (name: string) => act(async () => setView(await api.golden.getSet(name)));
  const runImport = async (retry: Retry, validOnly = false) => {
    const r = await act(() => retry(validOnly));
    if (!r || r.cancelled) return;
    setReport({ r, retry });
    if (r.saved) {
      sets.reload();
      await open(r.set);
    }
  };
  const edited = (p: Promise<GoldenSetView>) => act(async () => setView(await p)).then(() => sets.reload());

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files[0];
    if (!f) return;
    if (!f.name.toLowerCase().endsWith('.xlsx')) {
      setError(new Error(`${f.name} is not an .xlsx workbook; drop an Excel file saved as .xlsx`));
      return;
    }
    const data = await fileToBase64(f);
    await runImport((validOnly) => api.golden.importBytes(f.name, data, '', validOnly));
  };

  return (
    <section
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={dragging ? 'gold-dropping' : ''}
      data-testid="golden-drop"
    >
      <ViewHeader title="Golden sets" subtitle="Questions your experts approved, with the answer and the line that supports it." />
      {file.error && <ErrorBanner error={file.error} onRetry={file.reload} />}
      {error && <ErrorBanner error={error} />}
      {file.data && (
        <p className="panel" data-testid="golden-file">
          {file.data.exists ? 'Workspace golden set: ' : 'No golden set in this workspace yet. Expected at '}
          <code>{file.data.path}</code>{' '}
          {file.data.exists && (
            <button type="button" className="btn btn-small" onClick={() => runImport((v) => api.golden.importWorkspaceFile('', v))}>
              <FileSpreadsheet size={14} aria-hidden /> Import workspace golden.xlsx
            </button>
          )}
        </p>
      )}
      <div className="gold-actions">
        <button type="button" className="btn btn-primary" onClick={() => runImport((v) => api.golden.importDialog('', v))}>
          <Upload size={14} aria-hidden /> Import Excel…
        </button>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (newName.trim()) void edited(api.golden.createSet(newName.trim(), '')).then(() => setNewName(''));
          }}
        >
          <input aria-label="New set name" placeholder="New set name" value={newName} onChange={(e) => setNewName(e.target.value)} />
          <button type="submit" className="btn">
            <Plus size={14} aria-hidden /> New blank set
          </button>
        </form>
        <span className="muted small">or drop an .xlsx file anywhere here</span>
      </div>
      {report && <ImportReport report={report.r} onValidOnly={() => runImport(report.retry, true)} />}
      {sets.error && <ErrorBanner error={sets.error} onRetry={sets.reload} />}
      {sets.data && sets.data.length === 0 && (
        <p className="panel muted">No golden sets yet. Import Excel, start from the template (continuity golden template), or create a blank set.</p>
      )}
      {sets.data && sets.data.length > 0 && (
        <ul className="plain-list gold-sets" aria-label="Golden sets" data-testid="golden-sets">
          {sets.data.map((s) => (
            <li key={s.name}>
              <button type="button" className="btn" aria-pressed={view?.set.name === s.name} onClick={() => open(s.name)}>
                <FolderOpen size={14} aria-hidden /> {s.name} · {s.row_count} questions · v{s.version}
              </button>
            </li>
          ))}
        </ul>
      )}
      {view && (
        <>
          <div className="view-header">
            <h2>
              {view.set.name} <span className="muted small">v{view.set.version} · saved by {view.set.updated_by}</span>
            </h2>
            <button type="button" className="btn" onClick={() => act(() => api.golden.exportDialog(view.set.name))}>
              <Download size={14} aria-hidden /> Export Excel…
            </button>
          </div>
          <Grid
            view={view}
            onEdit={(id, field: GoldenField, value) => edited(api.golden.updateCell(view.set.name, id, field, value))}
            onAdd={() => edited(api.golden.addRow(view.set.name))}
            onDelete={(id) => edited(api.golden.deleteRow(view.set.name, id))}
          />
          <History key={`${view.set.name}@${view.set.version}`} set={view.set.name} version={view.set.version} onRestore={(v) => edited(api.golden.restore(view.set.name, v))} />
        </>
      )}
    </section>
  );
}
