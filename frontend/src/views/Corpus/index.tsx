import { FolderOpen, RefreshCw, ShieldCheck, Square, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Stat } from '../../components/Stat';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { WorkspaceSource } from '../../components/WorkspaceSource';
import { useStore } from '../../stores/store';
import { noteWorkspace, workspaceStore } from '../../stores/workspace';
import { DocumentsList } from './DocumentsList';
import { IndexDriftBanner } from './IndexDriftBanner';
import { SearchPlayground } from './SearchPlayground';
import { SkippedPanel } from './SkippedPanel';
import { SourcesPanel } from './SourcesPanel';
import { cancelSync, startReindex, startSync, switchWorkspace, syncsFinished, syncStore, verifyIndex, verifyStore } from './syncStore';
import { stopVectors, vectorsFinished, vectorsStore } from './vectorsStore';

function SyncProgress() {
  const s = useStore(syncStore);
  if (s.jobId) {
    return (
      <div className="sync-progress" role="status" data-testid="sync-progress">
        <progress max={s.total || 1} value={s.total ? s.done : undefined} aria-label="Sync progress" />
        <span>
          {s.stage ?? 'starting'} {s.total ? `${s.done}/${s.total}` : ''}
        </span>
        <button type="button" className="btn" onClick={() => void cancelSync()}>
          <Square size={14} aria-hidden /> Cancel
        </button>
      </div>
    );
  }
  if (s.outcome?.ok) return <p className="banner banner-ok" role="status">✓ Sync finished.</p>;
  if (s.outcome?.canceled) return <p className="banner banner-info" role="status">Sync cancelled; finished batches were kept.</p>;
  if (s.outcome?.error) return <p className="banner banner-error" role="alert">✗ Sync failed: {s.outcome.error}</p>;
  return null;
}

/** The background embedding of published sentences after a sync: checks work meanwhile. */
function VectorsProgress() {
  const v = useStore(vectorsStore);
  if (v.jobId) {
    return (
      <div className="sync-progress" role="status" data-testid="vectors-progress">
        <progress max={v.total || 1} value={v.total ? v.done : undefined} aria-label="Sentence vectors progress" />
        <span>
          Embedding published sentences in the background{v.total ? ` ${v.done.toLocaleString()}/${v.total.toLocaleString()}` : ''}. Checks work meanwhile.
        </span>
        <button type="button" className="btn" onClick={() => void stopVectors()}>
          <Square size={14} aria-hidden /> Stop
        </button>
      </div>
    );
  }
  if (v.outcome?.canceled) {
    return (
      <p className="banner banner-info" role="status">
        Sentence embedding stopped; what it embedded is kept. Checks embed the sentences they read; the next sync goes on.
      </p>
    );
  }
  if (v.outcome?.error) return <p className="banner banner-error" role="alert">✗ Sentence embedding failed: {v.outcome.error}</p>;
  return null;
}

function vectorsLabel(have: number, total: number): string {
  if (total === 0) return 'None kept';
  if (have >= total) return `All ${total.toLocaleString()} published sentences`;
  return `${have.toLocaleString()} of ${total.toLocaleString()} published sentences (the rest on demand and in the background)`;
}

export function CorpusView() {
  const summary = useAsync(() => api.corpus.summary());
  const stats = useAsync(() => api.corpus.indexStats());
  const sync = useStore(syncStore);
  const verify = useStore(verifyStore);
  // Opening the view verifies once (read-only); every sync verifies again.
  useEffect(() => {
    if (!syncStore.get().jobId) void verifyIndex();
  }, []);
  const workspace = useStore(workspaceStore);
  const finished = useStore(syncsFinished);
  const filled = useStore(vectorsFinished);
  const [switched, setSwitched] = useState<string>();
  // Bumped to load the documents and sources again.
  const [refresh, setRefresh] = useState(0);
  const [actionError, setActionError] = useState<Error>();
  const reloadAll = () => {
    summary.reload();
    stats.reload();
    setRefresh((n) => n + 1);
  };
  const reloadRef = useRef(reloadAll);
  reloadRef.current = reloadAll;
  // A switch (made here or in Settings) or the end of a sync changes all
  // the view shows: nothing of the old folder stays beside the new one.
  const seen = useRef({ changes: workspace.changes, finished });
  useEffect(() => {
    if (seen.current.changes === workspace.changes && seen.current.finished === finished) return;
    if (seen.current.changes !== workspace.changes && workspace.last) setSwitched(workspace.last.root);
    seen.current = { changes: workspace.changes, finished };
    reloadRef.current();
  }, [workspace.changes, workspace.last, finished]);
  // A finished fill changes only the sentence-vector count.
  const statsRef = useRef(stats.reload);
  statsRef.current = stats.reload;
  useEffect(() => {
    if (filled > 0) statsRef.current();
  }, [filled]);
  useEffect(() => noteWorkspace(summary.data?.id), [summary.data]);
  // Choosing is a switch at once: the workspace, its golden sets, runs and
  // checks, and a sync that brings the index to its content.
  const choose = async () => {
    setActionError(undefined);
    try {
      const dir = await api.corpus.chooseFolder();
      if (!dir) return;
      const ws = await switchWorkspace(dir, () => {});
      setSwitched(ws.root);
      reloadAll();
    } catch (e) {
      setActionError(e as Error);
    }
  };
  const runSync = async () => {
    setActionError(undefined);
    try {
      await startSync(() => {});
    } catch (e) {
      setActionError(e as Error);
    }
  };
  const reindex = async () => {
    setActionError(undefined);
    try {
      await startReindex(() => {});
    } catch (e) {
      setActionError(e as Error);
    }
  };
  const s = summary.data;
  const st = stats.data;
  return (
    <section aria-labelledby="corpus-title">
      <ViewHeader
        title="Corpus"
        subtitle="Everything your team has published. Drafts are checked against it."
        actions={
          <>
            <button type="button" className="btn" onClick={reloadAll}>
              <RefreshCw size={16} aria-hidden /> Refresh
            </button>
            <button type="button" className="btn" onClick={() => void verifyIndex()} disabled={!!sync.jobId || verify.running}>
              <ShieldCheck size={16} aria-hidden /> Verify index
            </button>
            <button type="button" className="btn" onClick={choose} disabled={!!sync.jobId}>
              <FolderOpen size={16} aria-hidden /> Choose folder…
            </button>
            <button type="button" className="btn btn-primary" onClick={runSync} disabled={!!sync.jobId}>
              <UploadCloud size={16} aria-hidden /> Sync index
            </button>
          </>
        }
      />
      {summary.error && <ErrorBanner error={summary.error} onRetry={summary.reload} />}
      {stats.error && <ErrorBanner error={stats.error} onRetry={stats.reload} />}
      {actionError && <ErrorBanner error={actionError} />}
      {switched && (
        <p className="banner banner-ok" role="status" data-testid="workspace-switched">
          <span>
            Switched to <code>{switched}</code>. Its golden sets, runs and checks are shown from now on; the other workspace's are kept for when
            you switch back.
          </span>
        </p>
      )}
      {s && <WorkspaceSource workspace={s} />}
      {s && st && st.synced_dir && st.synced_dir !== s.content_dir && !sync.jobId && (
        <p className="banner banner-warn" data-testid="index-elsewhere">
          <span>
            The index was last synced from <code>{st.synced_dir}</code>, not this workspace. Sync it to check against this workspace's content.
          </span>
        </p>
      )}
      <SyncProgress />
      <VectorsProgress />
      {!sync.jobId && <IndexDriftBanner onReindex={reindex} busy={!!sync.jobId} />}
      <div className="stats">
        <Stat label="Document files" value={s ? s.documents : '…'} testId="doc-count" />
        <Stat label="Documents indexed" value={st ? st.documents : '…'} testId="indexed-count" />
        <Stat label="Chunks" value={st ? st.chunks : '…'} testId="chunk-count" />
      </div>
      <dl className="facts">
        <dt>Last sync</dt>
        <dd data-testid="last-sync">{st ? (st.last_sync ? new Date(st.last_sync).toLocaleString() : 'Never') : '…'}</dd>
        <dt>Vectors by</dt>
        <dd data-testid="embed-model">{st ? embedderLabel(st.embedder, st.embed_model) : '…'}</dd>
        <dt>Sentence vectors</dt>
        <dd data-testid="sentence-vectors">{st ? vectorsLabel(st.sentence_vectors ?? 0, st.sentences ?? 0) : '…'}</dd>
        {s && (
          <>
            <dt>Workspace</dt>
            <dd data-testid="workspace-root">
              <code>{s.root}</code> <span className="muted small">({s.id})</span>
            </dd>
            <dt>Published content</dt>
            <dd>
              <code>{s.content_dir}</code>
            </dd>
          </>
        )}
      </dl>
      {st && st.embed_notice && (
        <p className="banner banner-error" data-testid="embed-notice">
          {st.embed_notice}
        </p>
      )}
      {st && st.repairs.length > 0 && (
        <p className="banner banner-info">Index repaired at open: {st.repairs.join('; ')}</p>
      )}
      {st && st.warnings.length > 0 && (
        <section aria-labelledby="warnings-title">
          <h2 id="warnings-title">⚠ Warnings ({st.warnings.length})</h2>
          <ul className="warnings" data-testid="sync-warnings">
            {st.warnings.map((w) => (
              <li key={w.path + w.message}>
                <code>{w.path}</code>: {w.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SkippedPanel skipped={st?.skipped} />
      <SourcesPanel
        key={workspace.changes}
        refresh={refresh}
        onChanged={() => {
          // a source's sync changed the index like a sync here does
          reloadAll();
          void verifyIndex();
        }}
      />
      <DocumentsList refresh={refresh} />
      <SearchPlayground />
    </section>
  );
}

// A pretrained model is named by its hash, so name and model are the same.
function embedderLabel(name: string, model: string): string {
  return !model || model === name ? name : `${name} · ${model}`;
}
