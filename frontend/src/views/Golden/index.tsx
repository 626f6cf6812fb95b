import { FileSpreadsheet, FolderOpen, Plus, Upload, Download, FileDown } from 'lucide-react';
import { useEffect, useState, type DragEvent } from 'react';
import { api, offersWorkspaceFiles, type GoldenField, type GoldenImport, type GoldenPreview, type GoldenSetView, type GoldenStale } from '../../api';
import { fileToBase64 } from '../../api/golden';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SavedPath } from '../../components/SavedPath';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { Grid } from './Grid';
import { History } from './History';
import { ImportPreview } from './ImportPreview';
import { ImportReport } from './ImportReport';
import { SetActions } from './SetActions';
import './golden.css';

/** Where a workbook being imported comes from: a chosen path or a dropped file. */
type Source = { kind: 'path'; path: string } | { kind: 'bytes'; name: string; data: string };

const previewOf = (src: Source, set: string, validOnly: boolean) =>
  src.kind === 'path' ? api.golden.previewImport(src.path, set, validOnly) : api.golden.previewImportBytes(src.name, src.data, set, validOnly);
const commitOf = (src: Source, set: string, validOnly: boolean) =>
  src.kind === 'path' ? api.golden.commitImport(src.path, set, validOnly) : api.golden.importBytes(src.name, src.data, set, validOnly);

export function GoldenView() {
  const file = useAsync(() => api.golden.workspaceFile());
  const sets = useAsync(() => api.golden.listSets());
  const [view, setView] = useState<GoldenSetView | null>(null);
  const [pending, setPending] = useState<{ src: Source; preview: GoldenPreview; validOnly: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<GoldenImport | null>(null);
  const [notice, setNotice] = useState('');
  const [exported, setExported] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [dragging, setDragging] = useState(false);
  const [newName, setNewName] = useState('');
  const [stale, setStale] = useState<{ key: string; data: GoldenStale | null; note: string } | null>(null);
  const staleSet = view?.set.name ?? '';
  const staleKey = view ? `${view.set.name}@${view.set.version}` : '';

  // the stale check reads the corpus and runs the claims engine, so it runs
  // once per set version, not with every keystroke of the grid
  useEffect(() => {
    if (!staleSet) return;
    const key = staleKey;
    let live = true;
    setStale({ key, data: null, note: 'Checking for stale rows…' });
    api.golden.staleRows(staleSet).then(
      (data) => live && setStale({ key, data, note: data.note ?? '' }),
      (e: Error) => live && setStale({ key, data: null, note: `Stale rows not checked: ${e.message}` }),
    );
    return () => {
      live = false;
    };
  }, [staleSet, staleKey]);

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
  const startPreview = async (src: Source, set = '', validOnly = false) => {
    setReport(null);
    setNotice('');
    const preview = await act(() => previewOf(src, set, validOnly));
    if (preview) setPending({ src, preview, validOnly });
  };
  const commit = async () => {
    if (!pending) return;
    setBusy(true);
    const r = await act(() => commitOf(pending.src, pending.preview.set, pending.validOnly));
    setBusy(false);
    if (!r) return;
    setPending(null);
    setReport(r);
    if (r.saved) {
      sets.reload();
      await open(r.set);
    }
  };
  const edited = (p: Promise<GoldenSetView>) => act(async () => setView(await p)).then(() => sets.reload());
  const chooseAndPreview = async () => {
    const path = await act(() => api.golden.chooseImportFile());
    if (path) await startPreview({ kind: 'path', path });
  };
  const saveTemplate = async () => {
    const path = await act(() => api.golden.saveTemplate());
    if (path) setNotice(`Template saved to ${path}. Fill it in Excel, then import it here.`);
  };

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files[0];
    if (!f) return;
    if (!f.name.toLowerCase().endsWith('.xlsx')) {
      setError(new Error(`${f.name} is not an .xlsx workbook; drop an Excel file saved as .xlsx`));
      return;
    }
    await startPreview({ kind: 'bytes', name: f.name, data: await fileToBase64(f) });
  };

  const templateButton = (
    <button type="button" className="btn" onClick={saveTemplate}>
      <FileDown size={14} aria-hidden /> Download template…
    </button>
  );
  return (
    <section
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`gold-view ${dragging ? 'gold-dropping' : ''}`}
      data-testid="golden-drop"
    >
      <ViewHeader title="Golden sets" subtitle="Questions your experts approved, with the answer and the line that supports it." />
      {file.error && <ErrorBanner error={file.error} onRetry={file.reload} />}
      {error && <ErrorBanner error={error} />}
      {file.data && (
        <p className="panel" data-testid="golden-file">
          {file.data.exists ? 'Workspace golden set: ' : 'No golden set in this workspace yet. Expected at '}
          <code>{file.data.path}</code>{' '}
          {file.data.exists && offersWorkspaceFiles && (
            <button type="button" className="btn btn-small" onClick={() => startPreview({ kind: 'path', path: file.data!.path })}>
              <FileSpreadsheet size={14} aria-hidden /> Import workspace golden.xlsx
            </button>
          )}
        </p>
      )}
      <div className="gold-actions">
        {offersWorkspaceFiles && (
          <>
            <button type="button" className="btn btn-primary" onClick={chooseAndPreview}>
              <Upload size={14} aria-hidden /> Import Excel…
            </button>
            {templateButton}
          </>
        )}
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
        {offersWorkspaceFiles ? (
          <span className="muted small">or drop an .xlsx file anywhere here</span>
        ) : (
          <span className="muted small">Importing and exporting workbooks is done in the desktop app.</span>
        )}
      </div>
      {notice && (
        <p className="banner banner-info" role="status" data-testid="golden-notice">
          {notice}
        </p>
      )}
      {pending && (
        <ImportPreview
          key={`${pending.preview.file}`}
          preview={pending.preview}
          sets={sets.data ?? []}
          validOnly={pending.validOnly}
          busy={busy}
          onChange={(set, validOnly) => startPreview(pending.src, set, validOnly)}
          onCommit={commit}
          onCancel={() => setPending(null)}
          onOpen={(name) => {
            setPending(null);
            void open(name);
          }}
        />
      )}
      {report && <ImportReport report={report} />}
      {sets.error && <ErrorBanner error={sets.error} onRetry={sets.reload} />}
      {sets.data && sets.data.length === 0 && (
        <div className="panel" data-testid="golden-empty">
          <p>
            No golden sets yet. Start from the template (columns: ID, Question, Category, Approved answer, Reference doc IDs,
            Supporting line, Owner, Notes, Tags), import an Excel workbook, or create a blank set.
          </p>
          {offersWorkspaceFiles && (
            <div className="row">
              {templateButton}
              <button type="button" className="btn" onClick={chooseAndPreview}>
                <Upload size={14} aria-hidden /> Import Excel…
              </button>
            </div>
          )}
        </div>
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
            <div className="row">
              <SetActions
                key={view.set.name}
                set={view.set}
                onRename={async (to) => {
                  const v = await act(() => api.golden.renameSet(view.set.name, to));
                  if (!v) return false;
                  setView(v);
                  sets.reload();
                  return true;
                }}
                onDelete={async () => {
                  const name = view.set.name;
                  const ok = await act(async () => {
                    await api.golden.deleteSet(name);
                    return true;
                  });
                  if (!ok) return;
                  setView(null);
                  setNotice(`Deleted “${name}”. Its past evaluation runs stay readable in Evaluations.`);
                  sets.reload();
                }}
              />
              {offersWorkspaceFiles && (
                <button type="button" className="btn btn-small" onClick={() => act(async () => setExported(await api.golden.exportDialog(view.set.name)))}>
                  <Download size={14} aria-hidden /> Export Excel…
                </button>
              )}
              {exported && <SavedPath path={exported} what="Exported" />}
            </div>
          </div>
          <Grid
            view={view}
            stale={stale?.key === staleKey ? stale.data : null}
            staleNote={stale?.key === staleKey ? stale.note : ''}
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
